// A Claude Code session transcript (~/.claude/projects/<project>/<session>.jsonl, one JSON object
// per line) -> a playground scenario: its tool_use blocks become the turns, its tool_results the
// expected results (an inline `expect` in the oracle's result format). The files the session
// started from are rebuilt from what the transcript reveals — whole-file Reads, Write's and
// Edit's `originalFile` — and everything else it touched is listed as unknown, for the person.
import type { FileSpec, Scenario, ScenarioResult, ScriptedCall } from '../../scenario/schema';
import { DEFAULT_VERSION, getProfile, isKnownVersion } from '../../profiles';
import { SCENARIO_FORMAT } from '../../share/migrate';
import { parseUntrustedJson } from '../../scenario/untrusted-json';
import { normalize } from 'pathe';
import { ALL_TOOLS } from '../../tools/registry';
import type { TranscriptLearner } from '../../tools/types';
export { parseNumbered } from '../../tools/read/transcript';

/** The tools whose calls an imported session keeps: those that say what their calls reveal. */
const TRANSCRIPT_TOOLS = new Map(ALL_TOOLS.filter((t) => t.fromTranscript).map((t) => [t.name, t]));
export const PLAYGROUND_TOOLS = [...TRANSCRIPT_TOOLS.keys()];

export interface UnknownFile {
  /** Relative to the project (`../x` outside it), or `~/x` under HOME. */
  path: string;
  reason: string;
}

export interface ReconstructedFile {
  path: string;
  /** The tool whose call showed it. */
  from: string;
  /** Why the content may not be exactly the original bytes. */
  caveat?: string;
}

export interface ImportedSession {
  scenario: Scenario;
  reconstructed: ReconstructedFile[];
  unknown: UnknownFile[];
  /** Tool calls left out (tools the playground does not have), by tool name. */
  skipped: Record<string, number>;
  notes: string[];
  session: {
    sessionId?: string;
    cwd: string;
    version?: string;
    model?: string;
    lines: number;
    badLines: number;
  };
}

export type ImportError =
  | { code: 'empty' }
  | { code: 'no-cwd' }
  | { code: 'no-tool-calls' }
  | { code: 'too-many-lines'; lines: number; max: number };

export type ImportOutcome = { ok: true; value: ImportedSession } | { ok: false; error: ImportError };

export function describeImportError(e: ImportError): string {
  switch (e.code) {
    case 'empty':
      return 'The file holds no Claude Code transcript lines (one JSON object per line).';
    case 'no-cwd':
      return 'No line of the transcript names its working directory (cwd), so its paths cannot be placed.';
    case 'no-tool-calls':
      return `The transcript has no calls to ${PLAYGROUND_TOOLS.slice(0, -1).join(', ')} or ${PLAYGROUND_TOOLS.at(-1)} to replay.`;
    case 'too-many-lines':
      return `The transcript has ${e.lines.toLocaleString('en-US')} lines; the importer takes at most ${e.max.toLocaleString('en-US')}.`;
  }
}

interface Line {
  type?: string;
  isSidechain?: boolean;
  cwd?: string;
  sessionId?: string;
  version?: string;
  message?: { id?: string; role?: string; model?: string; content?: unknown };
  toolUseResult?: unknown;
  attachment?: { type?: string; identity?: { modelId?: string } };
}

interface ToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
  turn: number;
}

interface ToolResult {
  content: unknown;
  is_error: boolean;
  structured: unknown;
}

const MAX_LINES = 200_000;
const REJECTED = /^The user doesn't want to (proceed|take this action)/;
// A copy of text/regexp.ts's escapeRegExp: the drawn import graph gives the drivers no arrow to text/.
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a transcript path sits relative to the session: project, home, or elsewhere. */
function placer(cwd: string, home: string | undefined) {
  return (path: string): { where: 'project' | 'home' | 'outside'; rel: string } => {
    // `<cwd>/../../x` is outside, not a project file named `../../x`.
    const abs = normalize(path);
    if (abs.startsWith(`${cwd}/`)) return { where: 'project', rel: abs.slice(cwd.length + 1) };
    if (home && abs.startsWith(`${home}/`)) return { where: 'home', rel: abs.slice(home.length + 1) };
    return { where: 'outside', rel: abs };
  };
}

// A path is not followed by more of a longer name (`/p` in `/p2`, `/p.old`); a sentence's full stop is fine.
const NOT_LONGER = '(?![\\w-]|\\.[\\w-])';

/** Replaces the session's paths with the placeholders the playground substitutes. */
function pathRewriter(cwd: string, home: string | undefined) {
  const subs: [RegExp, string][] = [[new RegExp(`${escapeRe(cwd)}${NOT_LONGER}`, 'g'), '$CWD']];
  if (home) subs.push([new RegExp(`${escapeRe(home)}${NOT_LONGER}`, 'g'), '$HOME']);
  const rw = <T>(v: T): T => {
    if (typeof v === 'string') return subs.reduce((s, [re, to]) => s.replace(re, to), v as string) as T;
    if (Array.isArray(v)) return v.map(rw) as T;
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rw(x)])) as T;
    return v;
  };
  return rw;
}

/** HOME as the usual layouts put it (the transcript does not record it). */
function guessHome(cwd: string): string | undefined {
  const m = /^(\/home\/[^/]+|\/Users\/[^/]+|\/root)(\/|$)/.exec(cwd);
  return m?.[1];
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((b: { type?: string; text?: string }) => (b.type === 'text' ? (b.text ?? '') : ''))
      .join('');
  return '';
}

const rec = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** The calls of the playground's tools in order, one turn per assistant message (Claude Code
 * writes one line per block), their results, and the calls of other tools counted by name. */
function toolUses(main: readonly Line[]) {
  const uses: ToolUse[] = [];
  const results = new Map<string, ToolResult>();
  const skipped = new Map<string, number>();
  const turnOf = new Map<string, number>();
  let version: string | undefined;
  let recordedModel: string | undefined;
  for (const l of main) {
    version ??= typeof l.version === 'string' ? l.version : undefined;
    const content = l.message?.content;
    if (l.type === 'assistant' && Array.isArray(content)) {
      const key = l.message?.id ?? `line-${uses.length}`;
      for (const b of content as Record<string, unknown>[]) {
        if (b.type !== 'tool_use' || typeof b.id !== 'string' || typeof b.name !== 'string') continue;
        if (!PLAYGROUND_TOOLS.includes(b.name)) {
          skipped.set(b.name, (skipped.get(b.name) ?? 0) + 1);
          continue;
        }
        if (!turnOf.has(key)) turnOf.set(key, turnOf.size);
        recordedModel ??= l.message?.model;
        uses.push({ id: b.id, name: b.name, input: rec(b.input) ?? {}, turn: turnOf.get(key) as number });
      }
    } else if (l.type === 'user' && Array.isArray(content)) {
      const blocks = (content as Record<string, unknown>[]).filter(
        (b) => b.type === 'tool_result' && typeof b.tool_use_id === 'string',
      );
      for (const b of blocks)
        results.set(b.tool_use_id as string, {
          content: b.content ?? '',
          is_error: b.is_error === true,
          structured: blocks.length === 1 ? l.toolUseResult : undefined,
        });
    }
  }
  return { uses, results, skipped, version, recordedModel };
}

/** The model the session ran on, as its model attachment names it. */
function modelOf(main: readonly Line[]): string | undefined {
  for (const l of main)
    if (
      l.type === 'attachment' &&
      l.attachment?.type === 'model' &&
      typeof l.attachment.identity?.modelId === 'string'
    )
      return l.attachment.identity.modelId;
  return undefined;
}

/** What each path held when the session started (text, or null: absent), as the tools' calls
 * reveal it, and the paths that mattered whose starting content stays unknown, with why. */
function learnStartingFiles(
  uses: readonly ToolUse[],
  results: ReadonlyMap<string, ToolResult>,
  cwd: string,
  place: ReturnType<typeof placer>,
) {
  const initial = new Map<string, { content: string | null; from: string; caveat?: string }>();
  const changed = new Set<string>();
  const unknown = new Map<string, string>();
  const partial = new Map<string, Map<number, string>>();
  let shellRan = false;
  const learn = (abs: string, content: string | null, from: string, caveat?: string) => {
    if (initial.has(abs) || changed.has(abs)) return;
    const c = shellRan
      ? [caveat, 'read after a Bash command ran, which may have changed it'].filter(Boolean).join('; ')
      : caveat;
    initial.set(abs, { content, from, ...(c ? { caveat: c } : {}) });
    unknown.delete(abs);
  };
  const needs = (abs: string, reason: string) => {
    if (!initial.has(abs) && !changed.has(abs) && !unknown.has(abs)) unknown.set(abs, reason);
  };
  const absOf = (p: unknown) =>
    typeof p === 'string' ? (p.startsWith('/') ? p : `${cwd}/${p}`).replace(/\/\.\//g, '/') : undefined;

  const learner = (from: string): TranscriptLearner => ({
    learn: (abs, content, caveat) => learn(abs, content, from, caveat),
    unknown: needs,
    changed: (abs) => changed.add(abs),
    pieces: (abs) => {
      const m = partial.get(abs) ?? new Map<number, string>();
      partial.set(abs, m);
      return m;
    },
    shellRan: () => {
      shellRan = true;
    },
    absOf,
    inWorkspace: (abs) => place(abs).where !== 'outside',
  });

  for (const u of uses) {
    const r = results.get(u.id);
    const result = r && { text: resultText(r.content), isError: r.is_error, structured: rec(r.structured) };
    const path = absOf(u.input.file_path ?? u.input.notebook_path);
    TRANSCRIPT_TOOLS.get(u.name)?.fromTranscript?.(
      { input: u.input, ...(path ? { path } : {}), ...(result ? { result } : {}) },
      learner(u.name),
    );
  }

  return { initial, unknown };
}

/** The calls as the scenario's turns, and their results as its expected ones. */
function scriptedTurns(
  uses: readonly ToolUse[],
  results: ReadonlyMap<string, ToolResult>,
  rw: <T>(v: T) => T,
) {
  const turns: ScriptedCall[][] = [];
  const expectTurns: ScenarioResult['turns'] = [];
  for (const u of uses) {
    const t = (turns[u.turn] ??= []);
    const id = `toolu_oracle_${u.turn}_${t.length}`;
    const input = rw(u.input);
    t.push({ name: u.name, input });
    const r = results.get(u.id);
    const et = (expectTurns[u.turn] ??= { turn: u.turn, calls: [], attachments: [] });
    et.calls.push({
      id,
      tool: u.name,
      input,
      is_error: r?.is_error ?? true,
      content: r ? rw(r.content) : '(no tool_result in the transcript)',
    });
  }
  return { turns, expectTurns };
}

export function importClaudeSession(jsonl: string): ImportOutcome {
  const rawLines = jsonl.split('\n').filter((l) => l.trim());
  if (rawLines.length > MAX_LINES)
    return { ok: false, error: { code: 'too-many-lines', lines: rawLines.length, max: MAX_LINES } };
  const lines: Line[] = [];
  let badLines = 0;
  for (const l of rawLines) {
    const o = parseUntrustedJson(l);
    if (o.ok && rec(o.value)) lines.push(o.value as Line);
    else badLines++;
  }
  if (lines.length === 0) return { ok: false, error: { code: 'empty' } };
  const main = lines.filter((l) => !l.isSidechain);
  const cwd = main.find((l) => typeof l.cwd === 'string')?.cwd?.replace(/\/+$/, '');
  if (!cwd) return { ok: false, error: { code: 'no-cwd' } };
  const home = guessHome(cwd);
  const rw = pathRewriter(cwd, home);
  const place = placer(cwd, home);
  const notes: string[] = [];
  if (badLines) notes.push(`${badLines} line(s) were not JSON objects and were skipped.`);
  const sidechains = lines.length - main.length;
  if (sidechains)
    notes.push(
      `${sidechains} subagent (sidechain) line(s) were left out; files a subagent changed will show as divergences.`,
    );

  const { uses, results, skipped, version, recordedModel } = toolUses(main);
  let model = modelOf(main);
  // A call the person turned down at a prompt changed nothing; the replay asks no one, so leave it out.
  const rejected = uses.filter((u) => REJECTED.test(resultText(results.get(u.id)?.content)));
  if (rejected.length) {
    for (const u of rejected) uses.splice(uses.indexOf(u), 1);
    notes.push(
      `${rejected.length} call(s) turned down at a permission prompt were left out (${rejected.map((u) => u.name).join(', ')}).`,
    );
    // Renumber turns so an emptied assistant message leaves no gap.
    const order = [...new Set(uses.map((u) => u.turn))];
    for (const u of uses) u.turn = order.indexOf(u.turn);
  }
  if (uses.length === 0) return { ok: false, error: { code: 'no-tool-calls' } };
  model ??= recordedModel;
  if (skipped.size)
    notes.push(
      `Calls to tools the playground does not have were left out: ${[...skipped]
        .map(([k, v]) => `${k} ×${v}`)
        .join(', ')}.`,
    );
  const known = version !== undefined && isKnownVersion(version);
  if (!known)
    notes.push(
      `The session was recorded with Claude Code ${version ?? '(unknown version)'}; it replays under ${DEFAULT_VERSION}, the nearest behaviour version the playground has.`,
    );
  const profile = getProfile(known ? version : DEFAULT_VERSION);

  const { initial, unknown } = learnStartingFiles(uses, results, cwd, place);

  // Entries, not assignments: a file named `__proto__` is a file.
  const files: [string, FileSpec][] = [];
  const homeFiles: [string, FileSpec][] = [];
  const reconstructed: ReconstructedFile[] = [];
  for (const [abs, v] of initial) {
    if (v.content === null) continue;
    const p = place(abs);
    if (p.where === 'outside') {
      notes.push(`${abs} lies outside the project and HOME; it was left out.`);
      continue;
    }
    (p.where === 'project' ? files : homeFiles).push([p.rel, v.content]);
    reconstructed.push({
      path: p.where === 'project' ? p.rel : `~/${p.rel}`,
      from: v.from,
      ...(v.caveat ? { caveat: v.caveat } : {}),
    });
  }
  const unknownList: UnknownFile[] = [];
  for (const [abs, reason] of unknown) {
    const p = place(abs);
    if (p.where !== 'outside')
      unknownList.push({ path: p.where === 'project' ? p.rel : `~/${p.rel}`, reason });
  }

  const { turns, expectTurns } = scriptedTurns(uses, results, rw);
  const missing = uses.filter((u) => !results.has(u.id)).length;
  if (missing)
    notes.push(
      `${missing} call(s) have no tool_result in the transcript (the session ended or was interrupted).`,
    );
  const sessionId = main.find((l) => typeof l.sessionId === 'string')?.sessionId;
  const id = `session-${(sessionId ?? 'import').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 8) || 'import'}`;
  const scenario: Scenario = {
    format: SCENARIO_FORMAT,
    id,
    title: `Claude Code session ${sessionId ?? ''} in ${cwd.split('/').pop() ?? cwd}`.replace(/\s+/g, ' '),
    description:
      `Imported from a Claude Code ${version ?? ''} transcript: ${uses.length} tool calls in ${turns.length} model calls.`.replace(
        /\s+/g,
        ' ',
      ),
    version: profile.version,
    model: model ?? profile.defaultModel,
    files: Object.fromEntries(files),
    ...(homeFiles.length ? { home_files: Object.fromEntries(homeFiles) } : {}),
    turns,
    expect: {
      scenario: id,
      version: version ?? profile.version,
      model: model ?? null,
      turns: expectTurns,
    },
  };
  return {
    ok: true,
    value: {
      scenario,
      reconstructed,
      unknown: unknownList,
      skipped: Object.fromEntries(skipped),
      notes,
      session: { sessionId, cwd, version, model, lines: lines.length, badLines },
    },
  };
}

/** The scenario with the files the person supplied for the unknown ones (relative or `~/` paths). */
export function withSuppliedFiles(s: Scenario, supplied: Record<string, FileSpec>): Scenario {
  const entries = Object.entries(supplied);
  const files = Object.fromEntries([
    ...Object.entries(s.files ?? {}),
    ...entries.filter(([p]) => !p.startsWith('~/')),
  ]);
  const home = Object.fromEntries([
    ...Object.entries(s.home_files ?? {}),
    ...entries.filter(([p]) => p.startsWith('~/')).map(([p, spec]) => [p.slice(2), spec] as const),
  ]);
  return { ...s, files, ...(Object.keys(home).length ? { home_files: home } : {}) };
}
