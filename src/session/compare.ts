// The oracle's comparison rules (compare.mjs): calls a tool declares order-insensitive (Grep
// content/count) and order_insensitive calls compare as sorted lines; unstable_subset scenarios compare only summaries. Two projections:
// 'model' (what the model sees: call results, attachments, permission denials, the final
// files) and 'structured' (the SDK-side tool_use_result objects).
import type { ScenarioResult } from '../scenario/schema';
import { ALL_TOOLS } from '../tools/registry';
import { escapeRegExp } from '../text/regexp';

type Call = ScenarioResult['turns'][number]['calls'][number];

const TOOLS = new Map(ALL_TOOLS.map((t) => [t.name, t]));

const sortLines = (v: unknown) => (typeof v === 'string' ? v.split('\n').sort().join('\n') : v);

function unorder(c: Call, rec: ScenarioResult): Call {
  const input = (c.input ?? {}) as Record<string, unknown>;
  const unsorted = c.tool !== undefined && TOOLS.get(c.tool)?.orderInsensitive?.(input) === true;
  if (!c.order_insensitive && !rec.order_insensitive && !unsorted) return c;
  const o: Call = { ...c, content: sortLines(c.content) };
  if (c.structured && typeof c.structured === 'object') {
    const s = { ...(c.structured as Record<string, unknown>) };
    if (typeof s.content === 'string') s.content = sortLines(s.content);
    if (Array.isArray(s.filenames)) s.filenames = [...(s.filenames as string[])].sort();
    o.structured = s;
  }
  return o;
}

const SUMMARY = /^(Found |No |\[Showing|$)/;
function summaryOnly(c: Call): Call {
  const o: Call = { id: c.id, tool: c.tool, is_error: c.is_error, content: c.content };
  if (typeof c.content === 'string')
    o.content = c.content
      .split('\n')
      .filter((l) => SUMMARY.test(l))
      .join('\n');
  if (c.structured && typeof c.structured === 'object') {
    const src = c.structured as Record<string, unknown>;
    const s: Record<string, unknown> = {};
    for (const k of [
      'mode',
      'numFiles',
      'numMatches',
      'numLines',
      'totalLines',
      'totalFiles',
      'appliedLimit',
      'appliedOffset',
    ])
      if (k in src) s[k] = src[k];
    o.structured = s;
  } else delete o.structured;
  return o;
}

function calls(rec: ScenarioResult): Call[] {
  return rec.turns.flatMap((t) => t.calls).map((c) => unorder(rec.unstable_subset ? summaryOnly(c) : c, rec));
}

export type Projection = 'model' | 'structured';

/** Each subagent's turns as a result of their own (compared like the main conversation's). */
function subagents(rec: ScenarioResult): [string, ScenarioResult | null][] {
  return Object.entries(rec.agents ?? {}).map(([k, a]) => [
    k,
    a ? { ...rec, turns: a.turns, agents: undefined } : null,
  ]);
}

export function project(rec: ScenarioResult, what: Projection): unknown {
  const cs = calls(rec);
  const agents =
    rec.agents === undefined
      ? undefined
      : Object.fromEntries(subagents(rec).map(([k, a]) => [k, a && projectTurns(a, what)]));
  const own = cs.map((c) => ({ id: c.id, structured: c.structured }));
  if (what === 'structured') return agents === undefined ? own : { calls: own, agents };
  return {
    ...(projectTurns(rec, what) as object),
    agents,
    permission_denials: rec.permission_denials ?? [],
    files: rec.files,
    outside_files: rec.outside_files,
  };
}

/** One conversation's calls and attachments. */
function projectTurns(rec: ScenarioResult, what: Projection): unknown {
  const cs = calls(rec);
  if (what === 'structured') return cs.map((c) => ({ id: c.id, structured: c.structured }));
  return {
    calls: cs.map((c) => ({ id: c.id, is_error: c.is_error, content: c.content })),
    attachments: rec.turns.map((t) => ({ turn: t.turn, attachments: t.attachments })),
  };
}

export interface Difference {
  path: string;
  expected: unknown;
  actual: unknown;
}

export function diff(a: unknown, b: unknown, p = ''): Difference[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(ao), ...Object.keys(bo)])];
    return keys.flatMap((k) => diff(ao[k], bo[k], `${p}/${k}`));
  }
  return [{ path: p || '/', expected: a, actual: b }];
}

/** The replay's setup commit id when it cannot match the recording's (replay.ts,
 * SetupReport.unstableCommit). */
function unstableCommit(r: ScenarioResult): string | undefined {
  const n = r.nondeterministic as { commit?: unknown } | undefined;
  return typeof n?.commit === 'string' && /^[0-9a-f]{40}$/.test(n.commit) ? n.commit : undefined;
}


/** Where `actual` names the unstable commit (any abbreviation of 4+ hex digits), `expected` may
 * name another id of the same length at the same place: both become `<commit>`. */
function maskCommit(expected: unknown, actual: unknown, sha: string): [unknown, unknown] {
  if (typeof expected === 'string' && typeof actual === 'string') {
    const ids = /(?<![0-9a-f])[0-9a-f]{4,40}(?![0-9a-f])/g;
    const parts: string[] = [];
    const lens: number[] = [];
    let last = 0;
    for (const m of actual.matchAll(ids)) {
      if (!sha.startsWith(m[0])) continue;
      parts.push(actual.slice(last, m.index));
      lens.push(m[0].length);
      last = m.index + m[0].length;
    }
    if (lens.length === 0) return [expected, actual];
    parts.push(actual.slice(last));
    const re = new RegExp(
      `^${parts.map((p, i) => escapeRegExp(p) + (i < lens.length ? `[0-9a-f]{${lens[i]}}` : '')).join('')}$`,
    );
    const masked = parts.map((p, i) => (i < lens.length ? `${p}<commit>` : p)).join('');
    return re.test(expected) ? [masked, masked] : [expected, masked];
  }
  if (
    expected &&
    actual &&
    typeof expected === 'object' &&
    typeof actual === 'object' &&
    Array.isArray(expected) === Array.isArray(actual)
  ) {
    const e = (Array.isArray(expected) ? [...expected] : { ...expected }) as Record<string, unknown>;
    const a = (Array.isArray(actual) ? [...actual] : { ...actual }) as Record<string, unknown>;
    for (const k of Object.keys(a)) if (k in e) [e[k], a[k]] = maskCommit(e[k], a[k], sha);
    return [e, a];
  }
  return [expected, actual];
}

/** A cron job's next run (2.1.332: "Next run: Dec 2 1:48am.", "next run Dec 2 1:48am:",
 * nextFireAt) is the recording's wall clock plus a random jitter the oracle cannot pin; the
 * replay computes it from its own pinned clock. The time itself is masked on both sides, the
 * sentence around it is compared. */
const RUN_TIME = /([Nn]ext run:? )[A-Z][a-z]{2} \d{1,2} \d{1,2}:\d{2}(?:am|pm)/g;
/** A durable job's entry in .claude/scheduled_tasks.json records the wall clock and the
 * writing process (pid and start time), which the oracle records as they were; the replay writes
 * its own clock and a fixed pid. Masked wherever the file's text shows (files, Read, Bash). */
const TASK_WRITER = /("(?:createdAt|createdByPid)": )\d+|("createdByProcStart": )"\d+"/g;
/** The temp file the binary writes the task file through: its pid and 12 random hex digits. */
const TASK_TEMP = /(scheduled_tasks\.json\.tmp\.)\d+\.[0-9a-f]{12}/g;
/** A memory document's listing line carries the day it was written: the recording's wall clock,
 * where the replay writes its own pinned one. */
const MEMORY_DAY = /(bytes, updated |\[updated: )\d{4}-\d{2}-\d{2}(?=[)\]])/g;
function maskRunTimes(v: unknown): unknown {
  if (typeof v === 'string')
    return v
      .replace(RUN_TIME, '$1<time>')
      .replace(MEMORY_DAY, '$1<day>')
      .replace(TASK_TEMP, '$1<n>')
      .replace(TASK_WRITER, (_m, a?: string, b?: string) => (a !== undefined ? `${a}<n>` : `${b ?? ''}"<n>"`));
  if (Array.isArray(v)) return v.map(maskRunTimes);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, k === 'nextFireAt' && typeof x === 'number' ? '<time>' : maskRunTimes(x)]),
    );
  return v;
}

export function compareResults(
  expected: ScenarioResult,
  actual: ScenarioResult,
  what: Projection = 'model',
): Difference[] {
  const e = maskRunTimes(project(expected, what));
  const a = maskRunTimes(project(actual, what));
  const sha = unstableCommit(actual);
  if (sha === undefined) return diff(e, a);
  const [me, ma] = maskCommit(e, a, sha);
  return diff(me, ma);
}

export function short(v: unknown, n = 160): string {
  const s = JSON.stringify(v);
  if (s === undefined) return 'undefined';
  return s.length > n ? s.slice(0, n) + '…' : s;
}
