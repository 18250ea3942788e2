// Limits on untrusted scenarios (links, imported files). A scenario is a few hundred bytes of
// JSON that can ask for a lot (`{"repeat": "x", "count": 1e12}`, an hour-long sleep), so the
// sizes are computed from the specs, arithmetically, before anything is laid out.
import { isToolCall, type FileSpec, type Scenario } from '../scenario/schema';
import { runsShell } from '../session/tool-facts';

export interface Limits {
  /** Characters after `#`. */
  fragmentChars: number;
  /** Bytes of JSON after inflating (also the cap on an imported file). */
  inflatedBytes: number;
  files: number;
  /** Bytes of all files (project, home, runner actions) once laid out. */
  totalFileBytes: number;
  /** Tool calls over all turns. */
  calls: number;
  turns: number;
  /** Milliseconds of `sleep` actions in all. */
  sleepMs: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = {
  fragmentChars: 262_144,
  inflatedBytes: 4 * 1024 * 1024,
  files: 2_000,
  totalFileBytes: 64 * 1024 * 1024,
  calls: 1_000,
  turns: 1_000,
  sleepMs: 30_000,
};

export type LimitName = Exclude<keyof Limits, 'fragmentChars' | 'inflatedBytes'>;

export interface LimitExceeded {
  limit: LimitName;
  value: number;
  max: number;
}

const utf8Length = (s: string): number => {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
};

/** Bytes a file spec lays out: exact for literal content, an upper bound for generated content. */
export function specSize(
  spec:
    | FileSpec
    | { text: string; crlf?: boolean; bom?: boolean }
    | { base64: string }
    | { utf16le: string; bom?: boolean },
): number {
  if (typeof spec === 'string') return utf8Length(spec);
  if ('base64' in spec) return Math.ceil((spec.base64.length * 3) / 4);
  if ('utf16le' in spec) return spec.utf16le.length * 2 + 2;
  const crlf = 'crlf' in spec && spec.crlf ? 2 : 1;
  const bom = 'bom' in spec && spec.bom ? 3 : 0;
  if ('text' in spec) return utf8Length(spec.text) * crlf + bom;
  if ('lines' in spec) {
    const { count, template = 'line {n}', width } = spec.lines;
    // {n} grows to at most the digits of count, repeated as often as it appears.
    const slots = template.split('{n}').length - 1;
    const line = Math.max(width ?? 0, utf8Length(template) + slots * String(count).length);
    return count * (line + utf8Length(spec.eol ?? '\n') * crlf) + bom;
  }
  if ('repeat' in spec) return utf8Length(spec.repeat) * (spec.count ?? 1) * crlf + bom;
  return 0;
}

export interface ScenarioFigures {
  files: number;
  totalFileBytes: number;
  calls: number;
  turns: number;
  sleepMs: number;
  /** Bash calls, shell actions and git setup: what runs a real shell on a real-Node backend. */
  shellCommands: number;
}

/** Settings files a scenario may lay out itself (project, local, user). */
const SETTINGS_FILE = /(^|\/)\.claude\/settings(\.local)?\.json$/;

/** Command hooks in a settings object (what runs a shell before or after a call). */
function commandHooks(settings: unknown): number {
  const hooks =
    settings && typeof settings === 'object' ? (settings as { hooks?: unknown }).hooks : undefined;
  if (!hooks || typeof hooks !== 'object') return 0;
  let n = 0;
  for (const groups of Object.values(hooks))
    for (const g of Array.isArray(groups) ? groups : [])
      for (const h of Array.isArray((g as { hooks?: unknown })?.hooks)
        ? (g as { hooks: unknown[] }).hooks
        : [])
        if ((h as { type?: unknown })?.type === 'command') n++;
  return n;
}

/** Command hooks in a settings file laid out by the scenario; one whose text cannot be read here
 * (generated, binary, not JSON) counts as one when it names hooks at all, or cannot be told. */
function fileHooks(spec: FileSpec): number {
  if (typeof spec === 'object' && ('symlink' in spec || 'dir' in spec || 'fifo' in spec)) return 0;
  const text = typeof spec === 'string' ? spec : 'text' in spec ? spec.text : undefined;
  if (text === undefined) return 1;
  try {
    return commandHooks(JSON.parse(text));
  } catch {
    return text.includes('hooks') ? 1 : 0;
  }
}

export function scenarioFigures(s: Scenario): ScenarioFigures {
  const specs = [...Object.values(s.files ?? {}), ...Object.values(s.home_files ?? {})];
  let totalFileBytes = specs.reduce((n, f) => n + specSize(f), 0);
  let calls = 0;
  let sleepMs = 0;
  let shellCommands = s.git ? 1 : 0;
  for (const settings of [s.settings, s.settings_local, s.user_settings, s.managed_settings])
    shellCommands += commandHooks(settings);
  for (const [rel, spec] of [...Object.entries(s.files ?? {}), ...Object.entries(s.home_files ?? {})])
    if (SETTINGS_FILE.test(rel)) shellCommands += fileHooks(spec);
  for (const plugin of Object.values(s.plugins ?? {})) if ('hooks' in plugin) shellCommands++;
  // A subagent's model calls are calls of the scenario too (the `agents` scripts).
  const agentTurns = Object.values(s.agents ?? {}).flatMap((script) =>
    script.filter((t) => Array.isArray(t)),
  );
  for (const turn of [...s.turns, ...agentTurns]) {
    for (const item of turn) {
      if (isToolCall(item)) {
        calls++;
        if (runsShell(item.name)) shellCommands++;
      } else if ('touch' in item && item.content !== undefined) totalFileBytes += specSize(item.content);
      else if ('append' in item) totalFileBytes += utf8Length(item.content);
      else if ('sleep' in item) sleepMs += item.sleep;
      else if ('shell' in item) shellCommands++;
    }
  }
  return {
    files: specs.length,
    totalFileBytes,
    calls,
    turns: s.turns.length + agentTurns.length,
    sleepMs,
    shellCommands,
  };
}

/** The first limit the scenario exceeds, or null. */
export function checkScenarioLimits(s: Scenario, limits: Limits = DEFAULT_LIMITS): LimitExceeded | null {
  const f = scenarioFigures(s);
  for (const limit of ['files', 'totalFileBytes', 'calls', 'turns', 'sleepMs'] as const) {
    if (!(f[limit] <= limits[limit])) return { limit, value: f[limit], max: limits[limit] };
  }
  return null;
}
