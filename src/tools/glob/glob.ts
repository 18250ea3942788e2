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

/** An absolute pattern searches from its longest literal directory prefix. */
export function splitAbsolutePattern(pattern: string): { dir: string; pattern: string } | null {
  if (!pattern.startsWith('/')) return null;
  const segs = pattern.split('/');
  let i = 1;
  while (i < segs.length - 1 && !GLOB_CHARS.test(segs[i]!)) i++;
  const dir = segs.slice(0, i).join('/') || '/';
  const rest = segs.slice(i).join('/');
  return rest ? { dir, pattern: rest } : null;
}

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

export async function glob(input: GlobInput, ctx: ToolContext): Promise<GlobOutcome> {
  const started = ctx.ws.clock.now();
  const cwd = ctx.conversation.cwd;
  let dir = searchDir(input, ctx);
  let pattern = input.pattern;
  const abs = splitAbsolutePattern(pattern);
  if (abs) ({ dir, pattern } = abs);
  const args = globArgs(pattern, dir, ctx.conversation.env);
  // ripgrep runs in the searched directory, so a pattern with a slash is anchored there ("sub/*"
  // with path src matches src/sub/*: glob-x-slash-pattern-under-path).
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
