import { notImplemented } from '../stub';

export const grepTool = notImplemented('Grep');
