// Hooks from the settings sources (user, project, local; managed first when given), as Claude
// Code reads them: `hooks: { <Event>: [{ matcher?, hooks: [{ type: "command", command,
// timeout? }] }] }`. Recorded (hook-bad-settings-*): a hook Claude Code cannot read is not run;
// the valid hooks of the same file and of other sources still run. Problems are returned for
// people, never fixed silently.

export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'PermissionDenied',
  'Notification',
  'UserPromptSubmit',
  'SessionStart',
  'SessionEnd',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'FileChanged',
  'CwdChanged',
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** The events a tool call can trigger, which the session runs (the others are listed so that
 * settings naming them are valid, but nothing in a replay triggers them). */
export const TOOL_CALL_EVENTS: readonly HookEvent[] = ['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest'];

export type HookSource = 'managed' | 'user' | 'project' | 'local';
const SOURCE_ORDER: readonly HookSource[] = ['managed', 'user', 'project', 'local'];

export interface HookCommand {
  event: HookEvent;
  /** The entry's matcher as written (undefined: no matcher key). */
  matcher?: string;
  command: string;
  /** Seconds (the hook's `timeout`), when given. */
  timeout?: number;
  source: HookSource;
}

export interface HookSettings {
  hooks: HookCommand[];
  /** `disableAllHooks: true` in some source: nothing runs. */
  disabled: boolean;
  problems: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEvent = (k: string): k is HookEvent => (HOOK_EVENTS as readonly string[]).includes(k);

/** Checks one source's `hooks` value; problems name the path (`hooks.PreToolUse[0].hooks[1]`). */
export function readHooks(value: unknown, source: HookSource): { hooks: HookCommand[]; problems: string[] } {
  const hooks: HookCommand[] = [];
  const problems: string[] = [];
  if (value === undefined) return { hooks, problems };
  if (!isObject(value)) return { hooks, problems: [`${source} settings: "hooks" must be an object of event names.`] };
  const local: HookCommand[] = [];
  // A wrongly shaped entry (not an array, a timeout that is not a number) makes Claude Code drop
  // the file's hooks: hook-bad-settings-timeout, hook-bad-settings-shape. A hook without a type
  // is only skipped (hook-bad-settings-mixed: the file's other hook ran).
  const fatal: string[] = [];
  for (const [event, entries] of Object.entries(value)) {
    const at = `${source} settings: hooks.${event}`;
    if (!isEvent(event)) {
      problems.push(`${at}: unknown hook event "${event}".`);
      continue;
    }
    if (!Array.isArray(entries)) {
      fatal.push(`${at} must be an array of { matcher, hooks } entries.`);
      continue;
    }
    entries.forEach((entry, i) => {
      if (!isObject(entry)) return fatal.push(`${at}[${i}] must be an object.`);
      const { matcher } = entry;
      if (matcher !== undefined && typeof matcher !== 'string') return fatal.push(`${at}[${i}].matcher must be a string.`);
      if (!Array.isArray(entry.hooks)) return fatal.push(`${at}[${i}].hooks must be an array.`);
      entry.hooks.forEach((h, j) => {
        const hat = `${at}[${i}].hooks[${j}]`;
        if (!isObject(h)) return fatal.push(`${hat} must be an object.`);
        if (h.type !== 'command') {
          // prompt/agent/http hooks need a model or the network: not emulated.
          return problems.push(h.type === undefined ? `${hat} has no "type".` : `${hat}: hooks of type ${JSON.stringify(h.type)} are not emulated (only "command").`);
        }
        if (typeof h.command !== 'string' || h.command === '') return problems.push(`${hat}.command must be a non-empty string.`);
        if (h.timeout !== undefined && (typeof h.timeout !== 'number' || !(h.timeout > 0))) return fatal.push(`${hat}.timeout must be a positive number of seconds.`);
        local.push({ event, ...(matcher !== undefined ? { matcher } : {}), command: h.command, ...(h.timeout !== undefined ? { timeout: h.timeout as number } : {}), source });
      });
    });
  }
  if (fatal.length === 0) hooks.push(...local);
  else problems.push(...fatal.map((f) => `${f} The file's hooks are not used.`));
  return { hooks, problems };
}

export function hookSettings(sources: Partial<Record<HookSource, Record<string, unknown> | undefined>>): HookSettings {
  const out: HookSettings = { hooks: [], disabled: false, problems: [] };
  for (const source of SOURCE_ORDER) {
    const s = sources[source];
    if (!s) continue;
    if (s.disableAllHooks === true) out.disabled = true;
    const r = readHooks(s.hooks, source);
    out.hooks.push(...r.hooks);
    out.problems.push(...r.problems);
  }
  return out;
}
