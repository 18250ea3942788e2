import type { ToolModule } from '../types';
import { editHookSuggestions, pathRules } from '../files/suggest';
import { resolvePath } from '../files/paths';
import { consultedByNotebookEdit, explainNotebookEdit } from './explain';
import { notebookEdit, validateNotebookEdit, type NotebookOutcome } from './notebook-edit';
import { renderNotebookEdit } from './render';
import { notebookEditInput, type NotebookEditInput } from './schema';

export const notebookEditTool: ToolModule<NotebookEditInput, NotebookOutcome> = {
  name: 'NotebookEdit',
  fromTranscript: ({ path }, l) => {
    if (!path) return;
    l.unknown(path, 'a notebook edited with NotebookEdit');
    l.changed(path);
  },
  schema: notebookEditInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  file: { key: 'notebook_path' },
  suggestRules: pathRules('Edit'),
  hookSuggestions: editHookSuggestions('notebook_path'),
  permissionRequest: (input, ctx) => ({
    tool: 'NotebookEdit',
    kind: 'write',
    paths: [resolvePath(input.notebook_path, ctx)],
    input,
  }),
  validate: validateNotebookEdit,
  call: notebookEdit,
  render: renderNotebookEdit,
  explain: explainNotebookEdit,
  consulted: consultedByNotebookEdit,
};
