export { bootShare, type ShareBoot } from './boot';
export { clearSession, loadSession, saveSession, type OutsideEdit, type SavedSession } from './persist';
export { recordedPrefix } from './recorded';
export { ShareToolbar, type ShareHandle, type ShareToolbarProps } from './ShareToolbar';
