import type { ToolModule } from '../types';
import { editHookSuggestions, pathRules } from '../files/suggest';
import { consultedByWrite, explainWrite } from './explain';
import { renderWrite } from './render';
import { writeInput, type WriteInput } from './schema';
import { checkWritePermissions, previewWrite, validateWrite, write, type WriteOutcome } from './write';
import { resolvePath } from '../files/paths';
import { originalFileFrom } from '../files/transcript';

export const writeTool: ToolModule<WriteInput, WriteOutcome> = {
  name: 'Write',
  fromTranscript: originalFileFrom('Write', /^File created successfully/),
  schema: writeInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  file: { key: 'file_path', denialNormalised: true, formatterCheck: true },
  suggestRules: pathRules('Edit'),
  hookSuggestions: editHookSuggestions('file_path'),
  permissionRequest: (input, ctx) => ({
    tool: 'Write',
    kind: 'write',
    validation: 'write',
    paths: [resolvePath(input.file_path, ctx)],
    input,
  }),
  validate: validateWrite,
  checkPermissions: checkWritePermissions,
  call: write,
  render: renderWrite,
  explain: explainWrite,
  consulted: consultedByWrite,
  preview: previewWrite,
};
