import type { ToolModule } from '../types';
import { editHookSuggestions, pathRules } from '../files/suggest';
import { resolvePath } from '../files/paths';
import { checkEditPermissions, edit, previewEdit, validateEdit, type EditOutcome } from './edit';
import { consultedByEdit, explainEdit } from './explain';
import { renderEdit } from './render';
import { editInput, type EditInput } from './schema';
import { originalFileFrom } from '../files/transcript';

export const editTool: ToolModule<EditInput, EditOutcome> = {
  name: 'Edit',
  fromTranscript: originalFileFrom('Edit'),
  schema: editInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  file: { key: 'file_path', denialNormalised: true, formatterCheck: true },
  suggestRules: pathRules('Edit'),
  hookSuggestions: editHookSuggestions('file_path'),
  permissionRequest: (input, ctx) => ({
    tool: 'Edit',
    kind: 'write',
    validation: 'edit',
    paths: [resolvePath(input.file_path, ctx)],
    input,
  }),
  validate: validateEdit,
  checkPermissions: checkEditPermissions,
  call: edit,
  render: renderEdit,
  explain: explainEdit,
  consulted: consultedByEdit,
  preview: previewEdit,
};
