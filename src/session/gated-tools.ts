// Tools Claude Code offers only when something turns them on (issue 16, recorded on both
// versions): PowerShell with CLAUDE_CODE_USE_POWERSHELL_TOOL in the environment or in a settings
// file's `env` (without it the tool is unknown: "No such tool available: PowerShell"); the memory
// tools when the server flags are on (here: the scenario's `memory`) unless auto memory is off
// (autoMemoryEnabled: false in user or project settings, CLAUDE_CODE_DISABLE_AUTO_MEMORY). Off,
// the memory tools answer with the "disabled for this session" text.
import type { Profile, ToolDefinition } from '../profiles/types';
import type { Scenario } from '../scenario/schema';

export const POWERSHELL = 'PowerShell';
export const MEMORY_TOOLS: readonly string[] = ['memory_list', 'memory_read', 'memory_write'];

/** `1` was recorded; the other spellings are the usual truthy ones (not recorded). */
const truthy = (v: string | null | undefined): boolean =>
  v !== undefined && v !== null && ['1', 'true', 'yes', 'on'].includes(v.trim().toLowerCase());

type Settings = Record<string, unknown> | undefined;

const settingsOf = (s: Scenario): Settings[] => [s.managed_settings, s.user_settings, s.settings, s.settings_local];

/** A variable as the emulated process sees it: the scenario's env, else a settings file's `env`
 * (the later file wins, as Claude Code merges settings). */
function envValue(s: Scenario, name: string): string | undefined {
  if (s.env && Object.hasOwn(s.env, name)) return s.env[name] ?? undefined;
  let found: string | undefined;
  for (const set of settingsOf(s)) {
    const env = set?.env;
    if (env && typeof env === 'object' && Object.hasOwn(env, name)) {
      const v = (env as Record<string, unknown>)[name];
      if (typeof v === 'string') found = v;
    }
  }
  return found;
}

export function powershellOn(s: Scenario): boolean {
  return truthy(envValue(s, 'CLAUDE_CODE_USE_POWERSHELL_TOOL'));
}

export function memoryOn(s: Scenario): boolean {
  if (s.memory === undefined) return false;
  if (truthy(envValue(s, 'CLAUDE_CODE_DISABLE_AUTO_MEMORY'))) return false;
  return !settingsOf(s).some((set) => set?.autoMemoryEnabled === false);
}

/** Definitions of the gated tools this version sends when they are on (the PowerShell one as
 * sent without pwsh on PATH, as in the playground's workspaces). */
export function gatedDefinitions(profile: Profile): ToolDefinition[] {
  return [profile.powershell.definitions.absent, ...profile.memoryTools];
}

/** The gated tools the scenario turns on, of those the version defines. */
export function gatedOn(s: Scenario, profile: Profile): string[] {
  const on: string[] = [];
  if (powershellOn(s)) on.push(POWERSHELL);
  if (memoryOn(s)) on.push(...profile.memoryTools.map((d) => d.name));
  return on;
}

/** The gated tools the version knows but keeps off: the memory tools answer as disabled. */
export function gatedOff(s: Scenario, profile: Profile): string[] {
  return memoryOn(s) ? [] : profile.memoryTools.map((d) => d.name);
}
