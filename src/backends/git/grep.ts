// `git ls-files` and `git grep` on the in-memory repository: the index's paths under the working
// directory, relative to it, and a search of those files' working-tree contents, as git 2.39
// prints them (checked against the host's git in the shell contract). Options beyond the common
// ones are refused as not emulated rather than guessed.
import type { ExecResult } from 'just-bash';
import { indexFiles, workFile, type Repo } from './repo';
import { quotePath, relativeTo } from './status';
import { fail, ok, unsupported } from './results';
import { escapeRegExp } from '../../text/regexp';

/** Whether a repository path is named by a pathspec (the caller's rule: a path, a folder or a
 * wildcard, relative to the working directory). */
export type SpecMatch = (spec: string, path: string) => boolean;

/** The index's paths under `prefix` (the working directory inside the repository) that the
 * pathspecs name, sorted as git sorts them (by bytes). */
async function tracked(
  repo: Repo,
  prefix: string,
  specs: readonly string[],
  matches: SpecMatch,
): Promise<string[]> {
  const paths = [...(await indexFiles(repo)).keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return paths.filter(
    (p) =>
      (prefix === '' || p.startsWith(`${prefix}/`)) &&
      (specs.length === 0 || specs.some((s) => matches(s, p))),
  );
}

export async function lsFiles(
  repo: Repo,
  prefix: string,
  args: string[],
  matches: SpecMatch,
): Promise<ExecResult> {
  const dashes = args.indexOf('--');
  const options =
    dashes < 0
      ? args.filter((a) => a.startsWith('-'))
      : args.slice(0, dashes).filter((a) => a.startsWith('-'));
  const unknown = options.find((o) => o !== '-c' && o !== '--cached');
  if (unknown !== undefined) return unsupported(`ls-files ${unknown}`);
  const specs = args.filter(
    (a, i) => (dashes >= 0 && i > dashes) || (!a.startsWith('-') && (dashes < 0 || i < dashes)),
  );
  const paths = await tracked(repo, prefix, specs, matches);
  return ok(paths.map((p) => `${quotePath(relativeTo(prefix, p))}\n`).join(''));
}

interface GrepOptions {
  patterns: string[];
  lineNumbers: boolean;
  ignoreCase: boolean;
  filesOnly: boolean;
  count: boolean;
  word: boolean;
  invert: boolean;
  quiet: boolean;
  syntax: 'basic' | 'extended' | 'fixed';
  specs: string[];
}

/** A POSIX basic regular expression as a JavaScript one: `\(`, `\)`, `\{`, `\}`, `\|`, `\+`
 * and `\?` are the operators (GNU's extensions), their bare forms are literal. */
function fromBasic(re: string): string {
  let out = '';
  for (let i = 0; i < re.length; i++) {
    const c = re[i] as string;
    if (c === '\\' && i + 1 < re.length) {
      const d = re[++i] as string;
      out += '(){}|+?'.includes(d) ? d : `\\${d}`;
    } else if ('(){}|+?'.includes(c)) out += `\\${c}`;
    else if (c === '[') {
      // A bracket expression is copied whole; a `]` first in it is a member.
      const end = re.indexOf(
        ']',
        re[i + 1] === ']' || (re[i + 1] === '^' && re[i + 2] === ']') ? i + 3 : i + 1,
      );
      if (end < 0) return out + re.slice(i).replace(/[[\]\\]/g, '\\$&');
      out += re.slice(i, end + 1).replace(/\\/g, '\\\\');
      i = end;
    } else out += c;
  }
  return out;
}

function matcher(o: GrepOptions): RegExp {
  const sources = o.patterns.map((p) =>
    o.syntax === 'fixed' ? escapeRegExp(p) : o.syntax === 'basic' ? fromBasic(p) : p,
  );
  const one = sources.map((s) => `(?:${s})`).join('|');
  return new RegExp(o.word ? `(?<![\\w])(?:${one})(?![\\w])` : one, o.ignoreCase ? 'iu' : 'u');
}

function grepOptions(args: string[]): GrepOptions | ExecResult {
  const o: GrepOptions = {
    patterns: [],
    lineNumbers: false,
    ignoreCase: false,
    filesOnly: false,
    count: false,
    word: false,
    invert: false,
    quiet: false,
    syntax: 'basic',
    specs: [],
  };
  const flags: Record<string, (o: GrepOptions) => void> = {
    n: (x) => (x.lineNumbers = true),
    i: (x) => (x.ignoreCase = true),
    l: (x) => (x.filesOnly = true),
    c: (x) => (x.count = true),
    w: (x) => (x.word = true),
    v: (x) => (x.invert = true),
    q: (x) => (x.quiet = true),
    E: (x) => (x.syntax = 'extended'),
    F: (x) => (x.syntax = 'fixed'),
    G: (x) => (x.syntax = 'basic'),
  };
  const long: Record<string, string> = {
    '--line-number': 'n',
    '--ignore-case': 'i',
    '--files-with-matches': 'l',
    '--name-only': 'l',
    '--count': 'c',
    '--word-regexp': 'w',
    '--invert-match': 'v',
    '--quiet': 'q',
    '--extended-regexp': 'E',
    '--fixed-strings': 'F',
    '--basic-regexp': 'G',
  };
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') {
      rest.push(...args.slice(i + 1).map((s) => `\0${s}`));
      break;
    }
    if (a === '-e') {
      const p = args[++i];
      if (p === undefined) return fail("error: switch `e' requires a value\n", 129);
      o.patterns.push(p);
    } else if (long[a] !== undefined) flags[long[a] as string]?.(o);
    else if (/^-[a-zA-Z]+$/.test(a)) {
      for (const f of a.slice(1)) {
        const set = flags[f];
        if (set === undefined) return unsupported(`grep -${f}`);
        set(o);
      }
    } else if (a.startsWith('-')) return unsupported(`grep ${a}`);
    else rest.push(a);
  }
  if (o.patterns.length === 0) {
    const first = rest.shift();
    if (first === undefined || first.startsWith('\0')) return fail('fatal: no pattern given\n');
    o.patterns.push(first);
  }
  o.specs = rest.map((s) => s.replace(/^\0/, ''));
  return o;
}

/** The lines of a file's text, a last line without its newline counted. */
const linesOf = (text: string): string[] => {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

export async function grep(
  repo: Repo,
  prefix: string,
  args: string[],
  matches: SpecMatch,
): Promise<ExecResult> {
  const o = grepOptions(args);
  if ('exitCode' in o) return o;
  let re: RegExp;
  try {
    re = matcher(o);
  } catch {
    return fail(`fatal: command line, '${o.patterns[0]}': Invalid regular expression\n`);
  }
  let out = '';
  let found = false;
  for (const path of await tracked(repo, prefix, o.specs, matches)) {
    const file = workFile(repo, path);
    if (file === null || file.mode === '120000') continue;
    const name = quotePath(relativeTo(prefix, path));
    const binary = file.bytes.includes(0);
    const text = new TextDecoder().decode(file.bytes);
    let n = 0;
    const hits: string[] = [];
    for (const [i, line] of linesOf(text).entries()) {
      if (re.test(line) === o.invert) continue;
      n++;
      if (!binary) hits.push(o.lineNumbers ? `${name}:${i + 1}:${line}\n` : `${name}:${line}\n`);
    }
    if (n === 0) continue;
    found = true;
    if (o.quiet) break;
    if (o.filesOnly) out += `${name}\n`;
    else if (o.count) out += `${name}:${n}\n`;
    else out += binary ? `Binary file ${name} matches\n` : hits.join('');
  }
  return found ? ok(o.quiet ? '' : out) : fail('', 1);
}
