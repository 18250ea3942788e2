import { notImplemented } from '../stub';

export const globTool = notImplemented('Glob');
