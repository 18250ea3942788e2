import type { PermissionRequest, ToolModule } from '../types';
import { explainPowerShell } from './explain';
import { envValue, truthy } from '../../scenario/env';
import { findPwsh, powershell, PWSH_KEY, type PowerShellOutcome } from './powershell';
import { renderPowerShell } from './render';
import { powershellInput, type PowerShellInput } from './schema';

export const powershellTool: ToolModule<PowerShellInput, PowerShellOutcome> = {
  name: 'PowerShell',
  runsShell: true,
  schema: powershellInput,
  // Not recorded: whether Claude Code runs PowerShell calls of one model call together; taken
  // as Bash's unknown commands (one by one).
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  // Offered only with CLAUDE_CODE_USE_POWERSHELL_TOOL in the environment or a settings file's
  // `env` (without it the tool is unknown: "No such tool available: PowerShell"; issue 16).
  offeredWhen: (s) => truthy(envValue(s, 'CLAUDE_CODE_USE_POWERSHELL_TOOL')),
  permissionRequest: (input, ctx): PermissionRequest => ({
    tool: 'PowerShell',
    kind: 'powershell',
    paths: [],
    command: input.command,
    input,
    pwsh: typeof ctx.conversation.state.get(PWSH_KEY) === 'string',
  }),
  // Looks for pwsh before the permission check, which needs to know whether it could parse.
  validate: async (_input, ctx) => {
    await findPwsh(ctx);
    return undefined;
  },
  call: powershell,
  render: renderPowerShell,
  explain: explainPowerShell,
};
