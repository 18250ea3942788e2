import { notImplemented } from '../stub';

export const bashTool = notImplemented('Bash');
