export { bootShare, type ShareBoot } from './boot';
export { clearSession, loadSession, saveSession, type SavedSession } from './persist';
export { Divergence, ShareToolbar, type ShareHandle, type ShareToolbarProps } from './ShareToolbar';
