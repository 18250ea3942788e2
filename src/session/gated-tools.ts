// Tools Claude Code offers only when something turns them on (issue 16, recorded on both
// versions): PowerShell with CLAUDE_CODE_USE_POWERSHELL_TOOL in the environment or in a settings
// file's `env` (without it the tool is unknown: "No such tool available: PowerShell"); the memory
// tools when the server flags are on (here: the scenario's `memory`) unless auto memory is off
// (autoMemoryEnabled: false in user or project settings, CLAUDE_CODE_DISABLE_AUTO_MEMORY). Off,
// the memory tools answer with the "disabled for this session" text.
import type { Profile, ToolDefinition } from '../profiles/types';
import type { Scenario } from '../scenario/schema';
import type { AnyTool } from '../tools/types';
import { memoryOn } from '../tools/memory/setup';

/** Definitions of the gated tools this version sends when they are on (the PowerShell one as
 * sent without pwsh on PATH, as in the playground's workspaces). */
export function gatedDefinitions(profile: Profile): ToolDefinition[] {
  return [profile.powershell.definitions.absent, ...profile.memoryTools];
}

/** The gated tools the scenario turns on: the tools that say so (PowerShell), and the memory
 * tools the version defines. */
export function gatedOn(s: Scenario, profile: Profile, tools: readonly AnyTool[]): string[] {
  const on = tools.filter((t) => t.offeredWhen?.(s) === true).map((t) => t.name);
  if (memoryOn(s)) on.push(...profile.memoryTools.map((d) => d.name));
  return on;
}

/** The gated tools the version knows but keeps off: the memory tools answer as disabled. */
export function gatedOff(s: Scenario, profile: Profile): string[] {
  return memoryOn(s) ? [] : profile.memoryTools.map((d) => d.name);
}
