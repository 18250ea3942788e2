// Versions side by side (the view; its replays and diffs load when it opens).
export { VersionsButton } from './VersionsView';
