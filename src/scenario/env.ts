// The environment the emulated Claude Code process sees for a scenario: its `env`, else a
// settings file's `env`.
import type { Scenario } from './schema';

/** `1` was recorded; the other spellings are the usual truthy ones (not recorded). */
export const truthy = (v: string | null | undefined): boolean =>
  v !== undefined && v !== null && ['1', 'true', 'yes', 'on'].includes(v.trim().toLowerCase());

type Settings = Record<string, unknown> | undefined;

/** The scenario's settings files, managed first (the later file wins, as Claude Code merges). */
export const settingsOf = (s: Scenario): Settings[] => [s.managed_settings, s.user_settings, s.settings, s.settings_local];

/** A variable as the emulated process sees it: the scenario's env, else a settings file's `env`
 * (the later file wins, as Claude Code merges settings). */
export function envValue(s: Scenario, name: string): string | undefined {
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
