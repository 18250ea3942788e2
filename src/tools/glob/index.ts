import type { ToolModule } from '../types';
import { pathRules } from '../files/suggest';
import { explainGlob } from './explain';
import { glob, searchDir, validateGlob, type GlobOutcome } from './glob';
import { renderGlob } from './render';
import { globInput, type GlobInput } from './schema';
import { listedFrom } from '../files/transcript';

export const globTool: ToolModule<GlobInput, GlobOutcome> = {
  name: 'Glob',
  fromTranscript: listedFrom('Glob'),
  schema: globInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  suggestRules: pathRules('Read'),
  permissionRequest: (input, ctx) => ({
    tool: 'Glob',
    kind: 'read',
    validation: 'search',
    paths: [searchDir(input, ctx)],
    input,
  }),
  validate: validateGlob,
  call: glob,
  render: renderGlob,
  explain: explainGlob,
};
