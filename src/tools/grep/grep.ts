// Grep: builds ripgrep's argv the way Claude Code 2.1.273 does (inferred from its results), runs
// it on the workspace, then sorts (files mode only), paginates and relativises. No model-facing
// strings here (render.ts).
import type { ToolContext } from '../types';
import { expandPath } from '../../text/paths';
import { byMtime, deniedPaths, runRg, toRelative } from './rg';
import type { GrepInput } from './schema';

export const DEFAULT_HEAD_LIMIT = 250;
/** Version-control directories Grep never searches, even with --hidden. */
const VCS_DIRS = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'];

export interface Page {
  /** Set when the page was cut short by the limit. */
  appliedLimit?: number;
  /** Set when an offset was given. */
  appliedOffset?: number;
}

export type GrepOutcome =
  | ({ kind: 'files'; filenames: string[]; totalFiles: number; args: string[] } & Page)
  | ({ kind: 'content'; lines: string[]; totalLines: number; args: string[] } & Page)
  | ({ kind: 'count'; lines: string[]; numFiles: number; numMatches: number; args: string[] } & Page)
  | { kind: 'null-byte' }
  | { kind: 'missing-path'; path: string; cwd: string }
  | { kind: 'rejected'; diagnostic: string; args: string[] };

export function targetPath(input: GrepInput, ctx: ToolContext): string {
  const cwd = ctx.conversation.cwd;
  return input.path === undefined ? cwd : expandPath(input.path, cwd, ctx.ws.info.home);
}

/** `glob` may hold several globs, split on whitespace and commas (a brace group stays whole). */
export function splitGlobs(glob: string): string[] {
  const out: string[] = [];
  for (const part of glob.split(/\s+/)) {
    if (part.includes('{') && part.includes('}')) out.push(part);
    else out.push(...part.split(','));
  }
  return out.filter((g) => g !== '');
}

export function grepArgs(input: GrepInput, target: string): string[] {
  const mode = input.output_mode ?? 'files_with_matches';
  const args = ['--hidden'];
  for (const d of VCS_DIRS) args.push('--glob', `!${d}`);
  args.push('--max-columns', '500');
  if (input.multiline) args.push('-U', '--multiline-dotall');
  if (input['-i']) args.push('-i');
  if (mode === 'files_with_matches') args.push('-l');
  else if (mode === 'count') args.push('-c');
  if (mode === 'content') {
    if (input['-n'] ?? true) args.push('-n');
    if (input.context !== undefined) args.push('-C', String(input.context));
    else if (input['-C'] !== undefined) args.push('-C', String(input['-C']));
    else {
      if (input['-B'] !== undefined) args.push('-B', String(input['-B']));
      if (input['-A'] !== undefined) args.push('-A', String(input['-A']));
    }
    if (input['-o']) args.push('-o');
  }
  if (input.pattern.startsWith('-')) args.push('-e', input.pattern);
  else args.push(input.pattern);
  if (input.type) args.push('--type', input.type);
  if (input.glob) for (const g of splitGlobs(input.glob)) args.push('--glob', g);
  args.push(target);
  return args;
}

/** head_limit (default 250; 0 = no limit) after offset. */
export function paginate<T>(
  items: T[],
  limit: number | undefined,
  offset: number | undefined,
): { items: T[] } & Page {
  const off = offset !== undefined && offset > 0 ? offset : 0;
  const page: Page = off > 0 ? { appliedOffset: off } : {};
  if (limit === 0) return { items: items.slice(off), ...page };
  const eff = limit ?? DEFAULT_HEAD_LIMIT;
  const items2 = items.slice(off, off + eff);
  return items.length - off > eff
    ? { items: items2, appliedLimit: eff, ...page }
    : { items: items2, ...page };
}

/** ripgrep runs in the searched directory, so a --glob with a slash is anchored there ("sub/*"
 * with path src matches src/sub/*: grep-x-glob-slash-under-path); a searched file is named
 * explicitly, which globs do not filter, so the cwd stays. */
async function searchCwd(target: string, ctx: ToolContext): Promise<string> {
  const st = await ctx.ws.fs.stat(target).catch(() => undefined);
  return st?.type === 'dir' ? target : ctx.conversation.cwd;
}

export async function validateGrep(input: GrepInput, ctx: ToolContext): Promise<GrepOutcome | undefined> {
  if (input.pattern.includes('\0')) return { kind: 'null-byte' };
  if (input.path === undefined) return undefined;
  // The refusal echoes the path as given (grep-x-missing-path-dot-relative).
  return (await ctx.ws.fs.exists(targetPath(input, ctx)))
    ? undefined
    : { kind: 'missing-path', path: input.path, cwd: ctx.conversation.cwd };
}

export async function grep(input: GrepInput, ctx: ToolContext): Promise<GrepOutcome> {
  const cwd = ctx.conversation.cwd;
  const target = targetPath(input, ctx);
  const args = grepArgs(input, target);
  const rgCwd = await searchCwd(target, ctx);
  const r = await runRg(ctx.ws, args, rgCwd, ctx.signal, ctx.profile.grepRejectsLiteralNewline);
  if (r.kind === 'rejected') return { ...r, args };
  const mode = input.output_mode ?? 'files_with_matches';
  // ripgrep prints paths as given, i.e. absolute: the cwd prefix comes off every line.
  const prefix = cwd === '/' ? '/' : `${cwd}/`;
  const rel = (line: string) => (line.startsWith(prefix) ? line.slice(prefix.length) : line);

  if (mode === 'content') {
    const lines = await withoutDenied(r.lines, input, target, rgCwd, ctx);
    const page = paginate(lines, input.head_limit, input.offset);
    return { kind: 'content', lines: page.items.map(rel), totalLines: lines.length, args, ...pageOf(page) };
  }
  if (mode === 'count') {
    const denied = await deniedPaths(
      r.lines.map((l) => l.slice(0, Math.max(0, l.lastIndexOf(':')))).filter((p) => p !== ''),
      'Grep',
      input,
      ctx,
    );
    const kept =
      denied.size > 0
        ? r.lines.filter((l) => !denied.has(l.slice(0, Math.max(0, l.lastIndexOf(':')))))
        : r.lines;
    // A single-file search prints a bare count; the file is named all the same.
    const lines = kept.map((l) => (/^\d+$/.test(l) ? `${toRelative(target, cwd)}:${l}` : rel(l)));
    let numFiles = 0;
    let numMatches = 0;
    for (const l of lines) {
      const n = Number.parseInt(l.slice(l.lastIndexOf(':') + 1), 10);
      if (!Number.isNaN(n)) {
        numFiles++;
        numMatches += n;
      }
    }
    const page = paginate(lines, input.head_limit, input.offset);
    return { kind: 'count', lines: page.items, numFiles, numMatches, args, ...pageOf(page) };
  }
  const denied = await deniedPaths(r.lines, 'Grep', input, ctx);
  const sorted = await byMtime(
    ctx.ws,
    denied.size > 0 ? r.lines.filter((p) => !denied.has(p)) : r.lines,
    'newest',
  );
  const page = paginate(sorted, input.head_limit, input.offset);
  return {
    kind: 'files',
    filenames: page.items.map((p) => toRelative(p, cwd)),
    totalFiles: sorted.length,
    args,
    ...pageOf(page),
  };
}

/**
 * Content lines do not say where a path ends, so the matching files come from a second,
 * files-only run; lines of a denied file ("<path>:…" matches, "<path>-…" context) are dropped,
 * and with them a "--" separator that would be left leading or doubled.
 */
async function withoutDenied(
  lines: string[],
  input: GrepInput,
  target: string,
  rgCwd: string,
  ctx: ToolContext,
): Promise<string[]> {
  if (lines.length === 0) return lines;
  const files = await runRg(
    ctx.ws,
    grepArgs({ ...input, output_mode: 'files_with_matches' }, target),
    rgCwd,
    ctx.signal,
  );
  if (files.kind !== 'lines') return lines;
  const denied = [...(await deniedPaths(files.lines, 'Grep', input, ctx))];
  if (denied.length === 0) return lines;
  const out: string[] = [];
  for (const l of lines) {
    if (denied.some((d) => l.startsWith(`${d}:`) || l.startsWith(`${d}-`))) continue;
    if (l === '--' && (out.length === 0 || out[out.length - 1] === '--')) continue;
    out.push(l);
  }
  if (out[out.length - 1] === '--') out.pop();
  return out;
}

function pageOf(p: Page): Page {
  const out: Page = {};
  if (p.appliedLimit !== undefined) out.appliedLimit = p.appliedLimit;
  if (p.appliedOffset !== undefined) out.appliedOffset = p.appliedOffset;
  return out;
}
