// Fork from here and the session's branches.
export { Branches, ForkButton } from './Fork';
