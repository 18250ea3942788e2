// Glob: `rg --files --glob <pattern> [--no-ignore] [--hidden] <dir>`, oldest first, 100 at most.
// Claude Code asks rg for --sort=modified, which ripgrep's wasm build cannot do (no mtimes
// through WASI's walker), so the mtime order is made here from a stat of each path.
import type { ToolContext } from '../types';
import { expandPath } from '../../text/paths';
import { byMtime, deniedPaths, envTruthy, runRg, toRelative } from '../grep/rg';
import type { GlobInput } from './schema';

export const GLOB_LIMIT = 100;

export type GlobOutcome =
  | {
      kind: 'files';
      filenames: string[];
      totalMatches: number;
      truncated: boolean;
      args: string[];
      durationMs: number;
    }
  | { kind: 'missing-dir'; path: string; cwd: string }
  | { kind: 'not-dir'; path: string; cwd: string }
  | { kind: 'rejected'; diagnostic: string }
  | { kind: 'nul-in-pattern' };

const GLOB_CHARS = /[*?[{]/;

/** How many of `segs`, from `from`, are literal directories: no glob character, not the last. */
function literalDirs(segs: readonly string[], from: number): number {
  let i = from;
  while (i < segs.length - 1 && !GLOB_CHARS.test(segs[i]!)) i++;
  return i;
}

/** An absolute pattern searches from its longest literal directory prefix. */
export function splitAbsolutePattern(pattern: string): { dir: string; pattern: string } | null {
  if (!pattern.startsWith('/')) return null;
  const segs = pattern.split('/');
  const i = literalDirs(segs, 1);
  const dir = segs.slice(0, i).join('/') || '/';
  const rest = segs.slice(i).join('/');
  return rest ? { dir, pattern: rest } : null;
}

/** A relative pattern's leading literal directories, searched as the anchored rest
 * (Profile.globSearchesFromLiteralPrefix); `missing` when they name no directory. Null when the
 * pattern has none, or starts with `.` or `/`. */
async function splitLiteralPrefix(
  pattern: string,
  dir: string,
  ctx: ToolContext,
): Promise<{ dir: string; pattern: string; missing: boolean } | null> {
  if (pattern.startsWith('/') || pattern.startsWith('.')) return null;
  const segs = pattern.split('/');
  const i = literalDirs(segs, 0);
  if (i === 0) return null;
  const base = `${dir === '/' ? '' : dir}/${segs.slice(0, i).join('/')}`;
  const st = await ctx.ws.fs.stat(base).catch(() => undefined);
  return { dir: base, pattern: `/${segs.slice(i).join('/')}`, missing: st?.type !== 'dir' };
}

/** `./rest` as the searched directory's own `/rest`, anchored (Profile.globDotSlashAnchored). */
const dotSlashAnchored = (pattern: string): string | null =>
  pattern.startsWith('./') ? pattern.slice(1) : null;

export function globArgs(pattern: string, dir: string, env: Record<string, string>): string[] {
  const noIgnore = envTruthy(env.CLAUDE_CODE_GLOB_NO_IGNORE ?? 'true');
  const hidden = envTruthy(env.CLAUDE_CODE_GLOB_HIDDEN ?? 'true');
  return [
    '--files',
    '--glob',
    pattern,
    ...(noIgnore ? ['--no-ignore'] : []),
    ...(hidden ? ['--hidden'] : []),
    dir,
  ];
}

export function searchDir(input: GlobInput, ctx: ToolContext): string {
  const cwd = ctx.conversation.cwd;
  return input.path === undefined ? cwd : expandPath(input.path, cwd, ctx.ws.info.home);
}

export async function validateGlob(input: GlobInput, ctx: ToolContext): Promise<GlobOutcome | undefined> {
  // Recorded with 2.1.273 (readspecial 0090, 0144); the order against a bad path was not.
  if (input.pattern.includes('\0')) return { kind: 'nul-in-pattern' };
  if (input.path === undefined) return undefined;
  const cwd = ctx.conversation.cwd;
  // The refusals echo the path as given ("./nope", "~/nope"), not resolved
  // (glob-x-missing-dir-dot-relative, glob-x-path-is-file-relative).
  const given = input.path;
  try {
    const st = await ctx.ws.fs.stat(searchDir(input, ctx));
    return st.type === 'dir' ? undefined : { kind: 'not-dir', path: given, cwd };
  } catch {
    return { kind: 'missing-dir', path: given, cwd };
  }
}

/**
 * A pattern with a slash is matched under the searched directory ("sub/*" with path src matches
 * src/sub/*: glob-x-slash-pattern-under-path). But when the pattern's first segment is not a
 * directory there and its leading literal segments repeat the searched directory's last ones
 * ("x/a.ts" or "lib/x/a.ts" with path lib/x, "project/a.ts" in the project), the repeat is
 * dropped and the rest anchored ("src/[a-" with path src is refused as '/[a-':
 * glob-x-slash-pattern-repeats-path, glob-x-literal-prefix). The longest such repeat wins;
 * "src/a.ts" with path src finds nothing when src/src is a directory (a file of that name does
 * not stop it).
 */
async function withoutPathRepeat(pattern: string, dir: string, ctx: ToolContext): Promise<string> {
  const segs = pattern.split('/');
  if (pattern.startsWith('/') || segs.length < 2) return pattern;
  const first = await ctx.ws.fs.stat(`${dir === '/' ? '' : dir}/${segs[0]}`).catch(() => undefined);
  if (first?.type === 'dir') return pattern;
  const dirSegs = dir.split('/').filter((s) => s !== '');
  for (let k = Math.min(segs.length - 1, dirSegs.length); k > 0; k--) {
    const tail = dirSegs.slice(dirSegs.length - k);
    if (tail.every((s, i) => s === segs[i])) return `/${segs.slice(k).join('/')}`;
  }
  return pattern;
}

export async function glob(input: GlobInput, ctx: ToolContext): Promise<GlobOutcome> {
  const started = ctx.ws.clock.now();
  const cwd = ctx.conversation.cwd;
  let dir = searchDir(input, ctx);
  let pattern = input.pattern;
  const abs = splitAbsolutePattern(pattern);
  if (abs) ({ dir, pattern } = abs);
  // A repeat of the searched directory goes first ("project/top.ts" in the project finds top.ts).
  pattern = await withoutPathRepeat(pattern, dir, ctx);
  const prefixed =
    !abs && input.path === undefined && ctx.profile.globSearchesFromLiteralPrefix
      ? await splitLiteralPrefix(pattern, dir, ctx)
      : null;
  if (prefixed?.missing) {
    const durationMs = ctx.ws.clock.now() - started;
    return { kind: 'files', filenames: [], totalMatches: 0, truncated: false, args: [], durationMs };
  }
  if (prefixed) ({ dir, pattern } = prefixed);
  const dotted = !abs && ctx.profile.globDotSlashAnchored ? dotSlashAnchored(pattern) : null;
  if (dotted !== null) pattern = dotted;
  const args = globArgs(pattern, dir, ctx.conversation.env);
  const r = await runRg(ctx.ws, args, dir, ctx.signal);
  if (r.kind === 'rejected') return r;
  const denied = await deniedPaths(r.lines, 'Glob', input, ctx);
  const sorted = await byMtime(
    ctx.ws,
    denied.size > 0 ? r.lines.filter((p) => !denied.has(p)) : r.lines,
    'oldest',
  );
  const shown = sorted.slice(0, GLOB_LIMIT);
  return {
    kind: 'files',
    filenames: shown.map((p) => toRelative(p, cwd)),
    totalMatches: sorted.length,
    truncated: sorted.length > GLOB_LIMIT,
    args,
    durationMs: ctx.ws.clock.now() - started,
  };
}
