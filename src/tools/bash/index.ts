import type { PermissionRequest, ToolModule } from '../types';
import { loadShellParser } from '../../permissions/shell/parse';
import { analyseCommand, isReadOnly } from './analysis';
import { bash, type BashOutcome } from './bash';
import { explainBash } from './explain';
import { bashHookSuggestions, bashRules } from './suggest';
import { renderBash } from './render';
import { bashInput, type BashInput } from './schema';

export const bashTool: ToolModule<BashInput, BashOutcome> = {
  name: 'Bash',
  schema: bashInput,
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
