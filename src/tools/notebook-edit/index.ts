import { notImplemented } from '../stub';

export const notebookEditTool = notImplemented('NotebookEdit');
