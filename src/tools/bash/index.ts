import type { z } from 'zod';
import type { Profile } from '../../profiles/types';
import type { PermissionRequest, ToolModule } from '../types';
import { loadShellParser } from '../../permissions/shell/parse';
import { analyseCommand, isReadOnly } from './analysis';
import { bash, type BashOutcome } from './bash';
import { explainBash } from './explain';
import { bashHookSuggestions, bashRules } from './suggest';
import { renderBash } from './render';
import { bashInput, bashInputFor, type BashInput } from './schema';
import { bashFromTranscript } from './transcript';

const byProfile = new WeakMap<Profile, z.ZodType<BashInput>>();

export const bashTool: ToolModule<BashInput, BashOutcome> = {
  name: 'Bash',
  fromTranscript: bashFromTranscript,
  runsShell: true,
  // Two minutes unless the input asks otherwise, ten at most (the schema's bounds).
  runsForMs: (input) =>
    typeof input.timeout === 'number' && input.timeout > 0 ? Math.min(input.timeout, 600_000) : 120_000,
  schema: bashInput,
  schemaFor: (profile) => {
    let s = byProfile.get(profile);
    if (!s) byProfile.set(profile, (s = bashInputFor(profile.permissions.hiddenControlsAsk !== true)));
    return s;
  },
  load: loadShellParser,
  isReadOnly: (input) => isReadOnly(analyseCommand(input.command, '')),
  isConcurrencySafe: (input) => isReadOnly(analyseCommand(input.command, '')),
  permissionRequest: (input, ctx) => {
    const req: PermissionRequest = {
      tool: 'Bash',
      kind: 'bash',
      paths: [],
      command: input.command,
      input,
      shellEnv: Object.keys(ctx.conversation.env),
    };
    if (ctx.conversation.cwd !== ctx.ws.info.cwd) req.shellCwd = ctx.conversation.cwd;
    return req;
  },
  suggestRules: bashRules,
  hookSuggestions: bashHookSuggestions,
  call: bash,
  render: renderBash,
  explain: explainBash,
  consulted: () => undefined,
};
