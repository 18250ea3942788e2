// What Glob and Grep share around ripgrep (Glob imports it from here): running it through the
// workspace's Search port, telling "rejected the pattern" from other failures, paths relative
// to the cwd, env switches.
import { isAbsolute, relative } from 'pathe';
import type { ToolContext } from '../types';
import type { Workspace } from '../../workspace/types';

/** ripgrep's diagnostics for input it rejects before searching. 2.1.273 reports only these;
 * any other failure with no output (e.g. a literal "\n" without multiline) reads as no match. */
const REJECTED = /^rg: (regex parse error|error parsing glob|unrecognized file type|compiled regex exceeds size limit)/;
/** The binary's embedded ripgrep compiles patterns up to 100 MiB (grep-x-regex-size-limit, both
 * versions: `\w{500}` matches, `a{1000}{1000}{1000}` is refused naming 104857600); the workspace's
 * may default lower (the WASM build: 10 MiB), so the limit is given. */
const REGEX_SIZE_LIMIT = ['--regex-size-limit', '104857600'];
/** Reported as a rejection too by versions with the profile's grepRejectsLiteralNewline. */
const LITERAL_NEWLINE = /^rg: the literal "\\n" is not allowed in a regex/;

export type RgLines = { kind: 'lines'; lines: string[] } | { kind: 'rejected'; diagnostic: string };

export async function runRg(
  ws: Workspace,
  args: string[],
  cwd: string,
  signal?: AbortSignal,
  literalNewlineRejected = false,
): Promise<RgLines> {
  const globs = binaryGlobSyntax([...REGEX_SIZE_LIMIT, ...args]);
  if ('diagnostic' in globs) return { kind: 'rejected', diagnostic: globs.diagnostic };
  const r = await ws.search.run(globs.args, { cwd, signal });
  // Lines are split at CRLF as well as LF, so a CRLF file's lines lose their carriage return; a
  // CR not followed by LF stays (grep-x-crlf-content, grep-x-lone-cr-inside-line).
  const lines = r.stdout === '' ? [] : r.stdout.replace(/\r?\n$/, '').split(/\r?\n/);
  if (
    r.code === 2 &&
    lines.length === 0 &&
    (REJECTED.test(r.stderr) || (literalNewlineRejected && LITERAL_NEWLINE.test(r.stderr)))
  ) {
    return { kind: 'rejected', diagnostic: pcre2Hint(r.stderr.replace(/\n+$/, '')) };
  }
  return { kind: 'lines', lines };
}

/**
 * The binary's ripgrep reads glob braces by an older grammar than the workspace's: a group
 * inside a group is refused (glob-x-nested-braces, grep-x-glob-nested-braces), and a `}` with
 * no open group is a literal (glob-x-unopened-brace), which the newer one refuses. Braces in a
 * character class or after a backslash are literals in both.
 */
export function binaryGlobSyntax(args: readonly string[]): { args: string[] } | { diagnostic: string } {
  const out = [...args];
  for (let i = 0; i + 1 < out.length; i++) {
    if (out[i] !== '--glob') continue;
    const glob = out[++i]!;
    let depth = 0;
    let inClass = false;
    let rewritten = '';
    for (let j = 0; j < glob.length; j++) {
      const c = glob[j]!;
      if (c === '\\' && j + 1 < glob.length) {
        rewritten += c + glob[++j]!;
        continue;
      }
      if (inClass) {
        if (c === ']') inClass = false;
      } else if (c === '[') {
        inClass = true;
        // A `]` right after `[` or `[!` belongs to the class.
        if (glob[j + 1] === '!' || glob[j + 1] === '^') rewritten += c + glob[++j]!;
        else rewritten += c;
        if (glob[j + 1] === ']') rewritten += glob[++j]!;
        continue;
      } else if (c === '{') {
        if (depth > 0) return { diagnostic: `rg: error parsing glob '${glob}': nested alternate groups are not allowed` };
        depth++;
      } else if (c === '}') {
        if (depth === 0) {
          rewritten += '\\}';
          continue;
        }
        depth--;
      }
      rewritten += c;
    }
    out[i] = rewritten;
  }
  return { args: out };
}

const PCRE2_HINT =
  'Consider enabling PCRE2 with the --pcre2 flag, which can handle backreferences\nand look-around.';

/** The binary's ripgrep is built with PCRE2 and then ends a look-around or backreference error
 * with a hint (recorded for `(?<=a)b`; backreferences by the same rule); the WASM build has no
 * PCRE2 and leaves it out. */
function pcre2Hint(diagnostic: string): string {
  if (diagnostic.includes('--pcre2') || !/error: (look-around|backreferences)/.test(diagnostic)) return diagnostic;
  return `${diagnostic}\n\n${PCRE2_HINT}`;
}

/** Paths under the cwd are shown relative to it, others absolute. */
export function toRelative(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel === '' || rel.startsWith('../') || rel === '..' || isAbsolute(rel) ? path : rel;
}

/** Claude Code's isEnvTruthy. */
export function envTruthy(v: string | undefined): boolean {
  return v !== undefined && ['1', 'true', 'yes', 'on'].includes(v.toLowerCase().trim());
}

/**
 * Sorts paths by mtime (a path that cannot be stat'ed counts as 0). Glob keeps ripgrep's order
 * between equal mtimes (Array.sort is stable), as rg --sort=modified does; Grep breaks ties by
 * path with localeCompare.
 */
export async function byMtime(ws: Workspace, paths: string[], order: 'oldest' | 'newest'): Promise<string[]> {
  const times = await Promise.all(
    paths.map((p) =>
      ws.fs.stat(p).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  const idx = paths.map((_, i) => i);
  idx.sort((a, b) => {
    if (order === 'oldest') return times[a]! - times[b]!;
    return times[b]! - times[a]! || paths[a]!.localeCompare(paths[b]!);
  });
  return idx.map((i) => paths[i]!);
}

/** The text for a ripgrep diagnostic on rejected input (bad regex, glob or type). */
export function rejectedText(diagnostic: string): string {
  return `Search failed — ripgrep rejected the pattern, glob, or file type without searching:\n${diagnostic}`;
}

/**
 * The paths a Read deny rule covers. Claude Code turns those rules into `--glob !…` exclusions;
 * asking the permission probe about the listed paths gives the same result lists. Without the
 * batch form, one request covers all paths (allowed only if each is), so the usual case
 * (nothing denied) costs one request; otherwise each path is asked about once.
 */
export async function deniedPaths(
  paths: readonly string[],
  tool: 'Glob' | 'Grep',
  input: unknown,
  ctx: ToolContext,
): Promise<Set<string>> {
  const unique = [...new Set(paths)];
  if (ctx.permissions.readDenied) return ctx.permissions.readDenied({ tool, paths: unique, input });
  const out = new Set<string>();
  const allowed = (group: string[]) =>
    ctx.permissions.wouldAllow({ tool, kind: 'read', paths: group, input });
  if (unique.length === 0 || (await allowed(unique))) return out;
  for (const p of unique) if (!(await allowed([p]))) out.add(p);
  return out;
}
