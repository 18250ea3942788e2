import { notImplemented } from '../stub';

export const editTool = notImplemented('Edit');
