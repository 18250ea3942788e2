import { notImplemented } from '../stub';

export const writeTool = notImplemented('Write');
