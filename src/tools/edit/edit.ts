// Edit: replace old_string in a file. assess() is Claude Code's validateInput (run again by
// call(), so a call stands on its own); call() applies the edit. No model-facing strings here.
import { dirname } from 'pathe';
import {
  applyLineEnding,
  encodeText,
  encodingRefusal,
  readTextFile,
  stripBom,
  type EncodingRefusal,
  type LineEnding,
  type TextEncoding,
  type TextFile,
} from '../../text/encoding';
import {
  countOccurrences,
  findActualString,
  hasEscapeForms,
  styleNewString,
  type Match,
  type MatchStage,
} from '../../text/match';
import { linePatch, type Hunk } from '../../text/patch';
import { isMarkdownPath, normaliseWrittenText } from '../../text/normalise-input';
import { missingFileHint } from '../../text/similar-file';
import type { FilePreview, ToolContext } from '../types';
import { catchFs, fsErrorText } from '../files/errors';
import { readState, type ReadState } from '../files/freshness';
import { resolvePath, symlinkTarget } from '../files/paths';
import type { EditInput } from './schema';

export type EditError =
  | { code: 'no-change' }
  | { code: 'missing'; cwd: string; hint?: string }
  /** Empty old_string on a file with non-whitespace content. */
  | { code: 'exists' }
  | { code: 'notebook' }
  | { code: EncodingRefusal }
  | { code: 'unread' }
  | { code: 'stale' }
  | { code: 'not-found'; oldString: string; triedEscapes: boolean }
  | { code: 'ambiguous'; oldString: string; count: number };

/** How the edit found its place: a cascade stage, or an empty old_string (create, or fill an
 * empty file). */
export type EditStage = MatchStage | 'create' | 'fill';

export type EditOutcome =
  | { kind: 'refused'; error: EditError; path: string; state?: ReadState }
  | { kind: 'check-error'; path: string; message: string }
  | { kind: 'symlink'; path: string; target: string }
  | { kind: 'io-error'; path: string; message: string }
  /** The replacement left the file as it was (thrown in call). */
  | { kind: 'no-op'; path: string }
  /** An empty old_string on an existing blank file skips the checks; the call itself then
   * refuses an unread or changed file (thrown: the text is not wrapped). */
  | { kind: 'call-refused'; code: 'unread' | 'stale'; path: string; state: ReadState }
  | {
      kind: 'edited';
      path: string;
      inputPath: string;
      /** The file's own spelling of old_string (what was replaced). */
      oldString: string;
      /** new_string as the result reports it (escapes decoded when old_string's were). */
      newString: string;
      /** new_string as written: the file's escape spelling or quote style applied. */
      appliedNewString: string;
      originalFile: string;
      patch: Hunk[];
      replaceAll: boolean;
      occurrences: number;
      stage: EditStage;
      staleRecovered: boolean;
      encoding: TextEncoding;
      lineEnding: LineEnding;
      state?: ReadState;
    };

interface Plan {
  path: string;
  /** new_string after Claude Code's input normalisation (normaliseNewString). */
  newString: string;
  file: TextFile | null;
  stage: EditStage;
  match?: Match;
  occurrences: number;
  staleRecovered: boolean;
  state?: ReadState;
}

const refused = (path: string, error: EditError, state?: ReadState): EditOutcome => ({
  kind: 'refused',
  error,
  path,
  state,
});

export async function assess(input: EditInput, ctx: ToolContext): Promise<Plan | EditOutcome> {
  const { fs } = ctx.ws;
  const path = resolvePath(input.file_path, ctx);
  const old = input.old_string;
  const read = await catchFs(async () => {
    const bytes = await fs.readFile(path);
    return { ...readTextFile(bytes), refusal: ctx.profile.writeRefusesUnsafeEncodings ? encodingRefusal(bytes) : undefined };
  });
  const file = 'ok' in read ? read.ok : null;
  // Trailing whitespace goes only when the file exists (an Edit that creates keeps it).
  const newString = normaliseWrittenText(input.new_string, {
    stripTrailing: file !== null && !isMarkdownPath(input.file_path),
  });
  if (old === newString) return refused(path, { code: 'no-change' });

  if ('error' in read && read.error.code !== 'ENOENT')
    return { kind: 'check-error', path, message: fsErrorText(read.error) };
  if (!file) {
    if (old === '') return { path, newString, file, stage: 'create', occurrences: 0, staleRecovered: false };
    return refused(path, {
      code: 'missing',
      cwd: ctx.conversation.cwd,
      hint: await missingFileHint(fs, path, ctx.conversation.cwd),
    });
  }
  if (old === '') {
    if (file.content.trim() !== '') return refused(path, { code: 'exists' });
    return { path, newString, file, stage: 'fill', occurrences: 0, staleRecovered: false };
  }
  if (path.endsWith('.ipynb')) return refused(path, { code: 'notebook' });

  const st = await catchFs(() => fs.stat(path));
  if ('error' in st) return { kind: 'check-error', path, message: fsErrorText(st.error) };
  const state = await readState(path, st.ok.mtimeMs, () => Promise.resolve(file.content), ctx, {
    relaxable: true,
    relaxPartialView: true,
    compareContent: true,
  });
  if (state.kind === 'unread') return refused(path, { code: 'unread' }, state);
  // After the unread check: with the strict ledger an unread binary file is refused as unread
  // (write-x-unread-binary-strict); with the relaxed one it passes it (issue 13 probes,
  // 2.1.332). Its place against the stale check was not recorded.
  if (file.refusal) return refused(path, { code: file.refusal });

  if (state.kind === 'stale') {
    // A changed file can still be edited when old_string matches its current content (through
    // the same cascade) exactly once, or replace_all is set, and reading it would need no prompt.
    const m = findActualString(file.content, old);
    const n = m ? countOccurrences(file.content, m.actual) : 0;
    const unambiguous = n === 1 || (n > 1 && input.replace_all);
    const readable = await ctx.permissions.wouldAllow({
      tool: 'Read',
      kind: 'read',
      paths: [path],
      input: { file_path: path },
    });
    if (!m || !unambiguous || !readable || !ctx.profile.editRecoversStale)
      return refused(path, { code: 'stale' }, state);
    return { path, newString, file, stage: m.stage, match: m, occurrences: n, staleRecovered: true, state };
  }

  const match = findActualString(file.content, old);
  if (!match)
    return refused(path, { code: 'not-found', oldString: old, triedEscapes: hasEscapeForms(old) }, state);
  const n = countOccurrences(file.content, match.actual);
  if (n > 1 && !input.replace_all)
    return refused(path, { code: 'ambiguous', oldString: old, count: n }, state);
  return { path, newString, file, stage: match.stage, match, occurrences: n, staleRecovered: false, state };
}

/** validate() hands its plan to call() through the conversation state, so a 5 MB file is not read
 * and matched twice; call() takes it only for the same input and an unchanged file. */
const PLAN_KEY = 'Edit.plan';

interface Handoff {
  input: EditInput;
  plan: Plan;
  mtimeMs: number;
  size: number;
}

async function stamp(path: string, ctx: ToolContext): Promise<{ mtimeMs: number; size: number } | undefined> {
  const st = await catchFs(() => ctx.ws.fs.stat(path));
  return 'ok' in st ? { mtimeMs: st.ok.mtimeMs, size: st.ok.size } : undefined;
}

/** The file's text before and after the edit a plan makes. */
function applyPlan(plan: Plan, input: EditInput) {
  const original = plan.file?.content ?? '';
  const m = plan.match;
  const actual = m?.actual ?? '';
  const applied = m ? styleNewString(input.old_string, actual, plan.newString) : plan.newString;
  const updated = m ? applyEdit(original, actual, applied, input.replace_all) : applied;
  return { original, actual, applied, updated };
}

/** What a permission prompt shows: the plan validate() made for this very input, applied (no
 * plan, as for an Edit that creates its file: nothing to show but the input). */
export function previewEdit(input: EditInput, ctx: ToolContext): Promise<FilePreview | undefined> {
  const h = ctx.conversation.state.get(PLAN_KEY) as Handoff | undefined;
  if (h?.input !== input) return Promise.resolve(undefined);
  const { original, updated } = applyPlan(h.plan, input);
  return Promise.resolve({ path: h.plan.path, before: original, after: updated });
}

export async function validateEdit(input: EditInput, ctx: ToolContext): Promise<EditOutcome | undefined> {
  const a = await assess(input, ctx);
  if ('kind' in a) return a;
  const s = a.file ? await stamp(a.path, ctx) : undefined;
  if (s) ctx.conversation.state.set(PLAN_KEY, { input, plan: a, ...s } satisfies Handoff);
  return undefined;
}

async function planFor(input: EditInput, ctx: ToolContext): Promise<Plan | EditOutcome> {
  const h = ctx.conversation.state.get(PLAN_KEY) as Handoff | undefined;
  ctx.conversation.state.delete(PLAN_KEY);
  if (h && h.input === input) {
    const s = await stamp(h.plan.path, ctx);
    if (s && s.mtimeMs === h.mtimeMs && s.size === h.size) return h.plan;
  }
  return assess(input, ctx);
}

/** Claude Code's replacement: a literal (no `$&` patterns); deleting a whole line takes its
 * newline with it. */
export function applyEdit(content: string, old: string, replacement: string, all: boolean): string {
  const f = (s: string) =>
    all ? content.replaceAll(s, () => replacement) : content.replace(s, () => replacement);
  if (replacement !== '') return f(old);
  return !old.endsWith('\n') && content.includes(`${old}\n`) ? f(`${old}\n`) : f(old);
}

/** The model had the whole file as it was before this edit: a new file, or a current entry that
 * is no partial view and whose text is the file's (an outside change that kept the mtime does
 * not count: ledger corpus, 2.1.332). */
export function hadWholeFile(o: { stage: Plan['stage']; state?: ReadState; originalFile: string }): boolean {
  if (o.stage === 'create') return true;
  return o.state?.kind === 'current' && !o.state.entry.partial && stripBom(o.state.entry.content) === stripBom(o.originalFile);
}

/** Edit's own permission check: versions that refuse a symlink there list it in -p mode's
 * permission_denials (2.1.332, edit-x-symlink), as they do for Write. */
export async function checkEditPermissions(input: EditInput, ctx: ToolContext): Promise<EditOutcome | undefined> {
  if (!ctx.profile.writeSymlinkIsPermissionDenial) return undefined;
  const path = resolvePath(input.file_path, ctx);
  const link = await catchFs(() => ctx.ws.fs.lstat(path));
  if ('ok' in link && link.ok.type === 'symlink') return { kind: 'symlink', path, target: await symlinkTarget(path, ctx) };
  return undefined;
}

export async function edit(input: EditInput, ctx: ToolContext): Promise<EditOutcome> {
  const plan = await planFor(input, ctx);
  if ('kind' in plan) return plan;
  const { fs } = ctx.ws;
  const { path, file } = plan;
  const link = await catchFs(() => fs.lstat(path));
  if ('ok' in link && link.ok.type === 'symlink') return { kind: 'symlink', path, target: await symlinkTarget(path, ctx) };

  if (plan.stage === 'fill') {
    const st = await catchFs(() => fs.stat(path));
    if ('error' in st) return { kind: 'io-error', path, message: fsErrorText(st.error) };
    const state = await readState(path, st.ok.mtimeMs, () => Promise.resolve(file?.content ?? ''), ctx, {
      relaxable: true,
      relaxPartialView: true,
      compareContent: true,
    });
    if (state.kind === 'unread' || state.kind === 'stale')
      return { kind: 'call-refused', code: state.kind, path, state };
    plan.state = state;
  }

  const { original, actual, applied, updated } = applyPlan(plan, input);
  const { newString } = plan;
  if (updated === original) return { kind: 'no-op', path };

  const encoding = file?.encoding ?? 'utf8';
  const lineEnding = file?.lineEnding ?? 'LF';
  const done = await catchFs(async () => {
    if (!file) await fs.mkdir(dirname(path), { recursive: true });
    await fs.writeFile(path, encodeText(applyLineEnding(updated, lineEnding), encoding));
    return fs.stat(path);
  });
  if ('error' in done) return { kind: 'io-error', path, message: fsErrorText(done.error) };
  // An edit does not show the model the rest of a file it had only in part: a second edit is
  // still not "in context" (ledger corpus, 2.1.332), though the text is known whole.
  ctx.ledger.set({
    path,
    content: updated,
    mtimeMs: done.ok.mtimeMs,
    partial: !hadWholeFile({ stage: plan.stage, state: plan.state, originalFile: original }),
    wholeContent: true,
    via: 'Edit',
    watched: true,
    callId: ctx.callId,
  });

  return {
    kind: 'edited',
    path,
    inputPath: input.file_path,
    oldString: actual,
    newString,
    appliedNewString: applied,
    originalFile: original,
    patch: linePatch(original, updated),
    replaceAll: input.replace_all,
    occurrences: plan.occurrences,
    stage: plan.stage,
    staleRecovered: plan.staleRecovered,
    encoding,
    lineEnding,
    state: plan.state,
  };
}
