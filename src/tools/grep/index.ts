import type { ToolModule } from '../types';
import { pathRules } from '../files/suggest';
import { explainGrep } from './explain';
import { grep, targetPath, validateGrep, type GrepOutcome } from './grep';
import { renderGrep } from './render';
import { grepInput, type GrepInput } from './schema';
import { listedFrom } from '../files/transcript';

export const grepTool: ToolModule<GrepInput, GrepOutcome> = {
  name: 'Grep',
  fromTranscript: listedFrom('Grep'),
  schema: grepInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  // The raw input, not yet validated: any value may stand in output_mode.
  orderInsensitive: (input) => input.output_mode === 'content' || input.output_mode === 'count',
  suggestRules: pathRules('Read'),
  permissionRequest: (input, ctx) => ({
    tool: 'Grep',
    kind: 'read',
    validation: 'search',
    paths: [targetPath(input, ctx)],
    input,
  }),
  validate: validateGrep,
  call: grep,
  render: renderGrep,
  explain: explainGrep,
};
