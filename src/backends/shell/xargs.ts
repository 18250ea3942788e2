// GNU xargs (findutils 4.9, the binary's host): just-bash's lacks -L, -s, -x, -E, -a, prints -t's
// trace after the command's output and knows no long options but a few. Compared with the host's
// xargs in the shell contract test.
import { defineCommand, type Command, type CommandContext, type ExecResult } from 'just-bash';
import { gnuQuote } from './counts';
import { quoteName, shellQuote, usageError } from './fixes';
import { ordered, type Chunk } from './order';

/** The command buffer GNU xargs uses (`--show-limits`: 131072), and the most `-s` may ask. */
const BUFFER = 131072;
const MOST_CHARS = 2093628;

/** Short options and whether they take a value: required (':'), optional ('::'), none. */
const SHORT: Readonly<Record<string, '' | ':' | '::'>> = {
  '0': '', a: ':', E: ':', e: '::', i: '::', I: ':', l: '::', L: ':', n: ':', o: '', p: '',
  r: '', P: ':', d: ':', s: ':', t: '', x: '',
};
/** Long options, the short one each stands for ('?': one this does not emulate), and whether it
 * takes a value. */
const LONG: Readonly<Record<string, readonly [string, '' | ':' | '::']>> = {
  null: ['0', ''], 'arg-file': ['a', ':'], delimiter: ['d', ':'], eof: ['e', '::'], exit: ['x', ''],
  help: ['h', ''], interactive: ['p', ''], 'max-args': ['n', ':'], 'max-chars': ['s', ':'],
  'max-lines': ['l', '::'], 'max-procs': ['P', ':'], 'no-run-if-empty': ['r', ''], 'open-tty': ['o', ''],
  'process-slot-var': ['?', ':'], replace: ['i', '::'], 'show-limits': ['?', ''], verbose: ['t', ''],
  version: ['v', ''],
};

interface Options {
  delimiter?: string;
  argFile?: string;
  eof?: string;
  replace?: string;
  maxArgs?: number;
  maxLines?: number;
  maxChars: number;
  noRunIfEmpty: boolean;
  trace: boolean;
  exitOnSize: boolean;
  unsupported?: string;
}

const fail = (text: string, exitCode = 1): ExecResult => ({ stdout: '', stderr: `xargs: ${text}\n`, exitCode });
const usage = (text: string): ExecResult => usageError('xargs', text);

/** `-d`'s character: a C escape (`\n`, `\t`, `\0`, `\x41`, octal) or one character. */
function delimiterOf(v: string): string | ExecResult {
  const esc: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '\\': '\\' };
  if (v.length === 1) return v;
  if (v.startsWith('\\')) {
    const e = v.slice(1);
    if (esc[e] !== undefined) return esc[e];
    if (/^[0-7]{1,3}$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    if (/^x[0-9a-fA-F]{1,2}$/.test(e)) return String.fromCharCode(parseInt(e.slice(1), 16));
  }
  return fail(`invalid input delimiter specification ${v}: the delimiter must be either a single character or an escape sequence starting with \\.`);
}

type Parsed = { options: Options; command: string[]; warnings: string[] } | ExecResult;

/** GNU getopt over xargs's options: clusters, joined or next-word values, long options and their
 * unique abbreviations, `--`; the last of -n, -L/-l and -I/-i wins, with GNU's warning. */
function parse(args: readonly string[]): Parsed {
  const o: Options = { maxChars: BUFFER, noRunIfEmpty: false, trace: false, exitOnSize: false };
  const warnings: string[] = [];
  let last: 'n' | 'L' | 'I' | undefined;
  // GNU's words for each side of the warning (findutils 4.9, probed).
  const previous = { n: '--max-args', L: '--max-lines', I: '--replace' } as const;
  const later = { n: '--max-args/-n', L: '-L', I: '--replace/-I/-i' } as const;
  const exclusive = (kind: 'n' | 'L' | 'I') => {
    if (last !== undefined && last !== kind) {
      warnings.push(`xargs: warning: options ${previous[last]} and ${later[kind]} are mutually exclusive, ignoring previous ${previous[last]} value\n`);
      if (last === 'n') o.maxArgs = undefined;
      else o.maxLines = undefined;
      if (last === 'I') o.replace = undefined;
    }
    last = kind;
  };
  const number = (opt: string, v: string, least: number, most?: number): number | ExecResult => {
    if (!/^\s*[+-]?\d+$/.test(v)) return usage(`invalid number ${JSON.stringify(v)} for -${opt} option`);
    const n = Number(v);
    // -s below its least is raised to it, with a warning; the others stop xargs.
    if (n < least && opt === 's') {
      warnings.push(`xargs: value ${v.trim()} for -${opt} option should be >= ${least}\n`);
      return least;
    }
    if (n < least) return usage(`value ${v.trim()} for -${opt} option should be >= ${least}`);
    if (most !== undefined && n > most) {
      warnings.push(`xargs: value ${v.trim()} for -${opt} option should be <= ${most}\n`);
      return most;
    }
    return n;
  };
  const apply = (c: string, v: string | undefined): ExecResult | undefined => {
    switch (c) {
      case '0':
        o.delimiter = '\0';
        return;
      case 'd': {
        const d = delimiterOf(v ?? '');
        if (typeof d !== 'string') return d;
        o.delimiter = d;
        return;
      }
      case 'a':
        o.argFile = v;
        return;
      case 'E':
      case 'e':
        o.eof = v === '' ? undefined : v;
        return;
      case 'I':
      case 'i':
        exclusive('I');
        o.replace = v ?? '{}';
        o.maxLines = 1;
        o.exitOnSize = true;
        return;
      case 'L':
      case 'l': {
        const n = number('L', v ?? '1', 1);
        if (typeof n !== 'number') return n;
        exclusive('L');
        o.maxLines = n;
        return;
      }
      case 'n': {
        const n = number('n', v ?? '', 1);
        if (typeof n !== 'number') return n;
        // -n 1 after -I is what -I does already: GNU keeps -I, and says nothing.
        if (n === 1 && last === 'I') return;
        exclusive('n');
        o.maxArgs = n;
        return;
      }
      case 's': {
        const n = number('s', v ?? '', 1, MOST_CHARS);
        if (typeof n !== 'number') return n;
        o.maxChars = n;
        return;
      }
      case 'P': {
        const n = number('P', v ?? '', 0);
        return typeof n === 'number' ? undefined : n;
      }
      case 'r':
        o.noRunIfEmpty = true;
        return;
      case 't':
        o.trace = true;
        return;
      case 'x':
        o.exitOnSize = true;
        return;
      default:
        o.unsupported = c;
    }
  };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    if (a.startsWith('--')) {
      const [name = '', value] = a.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      const exact = LONG[name] ? [name] : Object.keys(LONG).filter((k) => k.startsWith(name));
      if (exact.length === 0) return usage(`unrecognized option '${a}'`);
      if (exact.length > 1)
        return usage(`option '--${name}' is ambiguous; possibilities:${exact.map((k) => ` '--${k}'`).join('')}`);
      const full = exact[0] as string;
      const [c, kind] = LONG[full] as readonly [string, '' | ':' | '::'];
      if (kind === '' && value !== undefined) return usage(`option '--${full}' doesn't allow an argument`);
      let v = value;
      if (kind === ':' && v === undefined) {
        v = args[++i];
        if (v === undefined) return usage(`option '--${full}' requires an argument`);
      }
      const r = apply(c, v);
      if (r) return r;
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j] as string;
      const kind = SHORT[c];
      if (kind === undefined) return usage(`invalid option -- '${c}'`);
      if (kind === '') {
        const r = apply(c, undefined);
        if (r) return r;
        continue;
      }
      let v: string | undefined = a.slice(j + 1);
      if (v === '') v = kind === ':' ? args[++i] : undefined;
      if (kind === ':' && v === undefined) return usage(`option requires an argument -- '${c}'`);
      const r = apply(c, v);
      if (r) return r;
      break;
    }
  }
  return { options: o, command: args.slice(i), warnings };
}

/** The items of `input`, with the line each ends (for -L): blanks and newlines separate, quotes
 * and backslashes keep them; a line ending in a blank goes on to the next. */
function items(input: string, o: Options): { items: { text: string; endsLine: boolean }[] } | ExecResult {
  if (o.delimiter !== undefined) {
    const parts = input.split(o.delimiter);
    if (parts[parts.length - 1] === '') parts.pop();
    return { items: parts.map((text) => ({ text, endsLine: true })) };
  }
  const out: { text: string; endsLine: boolean }[] = [];
  for (const line of input.split('\n')) {
    if (o.replace !== undefined) {
      const text = unquote(line.replace(/^[ \t]+/, ''));
      if (typeof text !== 'string') return text;
      if (o.eof !== undefined && text === o.eof) return { items: out };
      if (line.trim() !== '') out.push({ text, endsLine: true });
      continue;
    }
    const words = splitWords(line);
    if (!Array.isArray(words)) return words;
    for (const [k, w] of words.entries()) {
      if (o.eof !== undefined && w === o.eof) return { items: out };
      out.push({ text: w, endsLine: k === words.length - 1 && !/[ \t]$/.test(line) });
    }
  }
  return { items: out };
}

const UNMATCHED = (q: string) =>
  fail(`unmatched ${q === "'" ? 'single' : 'double'} quote; by default quotes are special to xargs unless you use the -0 option`);

function splitWords(line: string, blanksSplit = true): string[] | ExecResult {
  const words: string[] = [];
  let w: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (blanksSplit && (c === ' ' || c === '\t')) {
      if (w !== null) words.push(w);
      w = null;
    } else if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end === -1) return UNMATCHED(c);
      w = (w ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '\\' && i + 1 < line.length) {
      w = (w ?? '') + line[++i];
    } else w = (w ?? '') + c;
  }
  if (w !== null) words.push(w);
  return words;
}

/** An -I line: quotes and backslashes as in an item, blanks kept. */
function unquote(text: string): string | ExecResult {
  const words = splitWords(text, false);
  return Array.isArray(words) ? words.join('') : words;
}

const size = (words: readonly string[]) => words.reduce((n, w) => n + w.length + 1, 0);

/** The command lines xargs runs, as GNU packs them: -I one line each; otherwise as many items as
 * -n, -L and the -s size (each argument and its terminator) allow. With -x (and -I), a line cut
 * short by the size is an error. */
function commandLines(
  command: readonly string[],
  list: readonly { text: string; endsLine: boolean }[],
  o: Options,
): string[][] | ExecResult {
  const tooLong = fail('argument list too long');
  if (o.replace !== undefined) {
    const r = o.replace;
    const lines = list.map((it) => command.map((w) => w.split(r).join(it.text)));
    return lines.some((l) => size(l) > o.maxChars) ? tooLong : lines;
  }
  const base = size(command);
  if (base > o.maxChars) return fail('cannot fit single argument within argument list size limit');
  const lines: string[][] = [];
  let cur: string[] = [];
  let linesIn = 0;
  const full = () => (o.maxArgs !== undefined && cur.length >= o.maxArgs) || (o.maxLines !== undefined && linesIn >= o.maxLines);
  const close = () => {
    lines.push([...command, ...cur]);
    cur = [];
    linesIn = 0;
  };
  for (const it of list) {
    if (cur.length > 0 && base + size(cur) + it.text.length + 1 > o.maxChars) {
      if (o.exitOnSize && (o.maxArgs !== undefined || o.maxLines !== undefined)) return tooLong;
      close();
    }
    if (base + it.text.length + 1 > o.maxChars) return o.exitOnSize && o.maxArgs !== undefined ? tooLong : fail('argument line too long');
    cur.push(it.text);
    if (it.endsLine) linesIn++;
    if (full()) close();
  }
  if (cur.length > 0) close();
  return lines;
}

async function input(ctx: CommandContext, o: Options): Promise<string | ExecResult> {
  if (o.argFile === undefined || o.argFile === '-') return String(ctx.stdin);
  try {
    return await ctx.fs.readFile(ctx.fs.resolvePath(ctx.cwd, o.argFile));
  } catch {
    return fail(`Cannot open input file ${gnuQuote(o.argFile)}: No such file or directory`);
  }
}

/** GNU xargs over `orig` for what this does not do (-p, -o, --show-limits, --help, --version). */
export const xargsCommand: Command = defineCommand('xargs', async (args, ctx) => {
  const orig = ctx.origCommand;
  const parsed = parse(args);
  if ('exitCode' in parsed) return parsed;
  const { options: o, warnings } = parsed;
  if (o.unsupported !== undefined || !ctx.exec)
    return orig ? orig(args) : fail('cannot run commands here', 126);
  const text = await input(ctx, o);
  if (typeof text !== 'string') return text;
  const list = items(text, o);
  if ('exitCode' in list) return list;
  const command = parsed.command.length > 0 ? parsed.command : ['echo'];
  const lines = commandLines(command, list.items, o);
  if ('exitCode' in lines) return { ...lines, stderr: warnings.join('') + lines.stderr };
  if (lines.length === 0 && !o.noRunIfEmpty && o.replace === undefined) lines.push([...command]);
  const chunks: Chunk[] = warnings.map((w): Chunk => [2, w]);
  // Without -a the commands read nothing: GNU gives them /dev/null.
  const stdin = o.argFile === undefined ? '' : String(ctx.stdin);
  let exitCode = 0;
  for (const line of lines) {
    // The trace quotes each word as GNU's quotearg does.
    if (o.trace) chunks.push([2, `${line.map(quoteName).join(' ')}\n`]);
    const r = await ctx.exec(line.map(shellQuote).join(' '), { cwd: ctx.cwd, stdin, stdinKind: 'bytes' });
    if (r.exitCode === 127 && /command not found/.test(r.stderr)) {
      chunks.push([2, `xargs: ${line[0]}: No such file or directory\n`]);
      return ordered(chunks, 127);
    }
    chunks.push([1, r.stdout], [2, r.stderr]);
    if (r.exitCode === 255) {
      chunks.push([2, `xargs: ${line[0]}: exited with status 255; aborting\n`]);
      return ordered(chunks, 124);
    }
    if (r.exitCode >= 1 && r.exitCode <= 125) exitCode = 123;
  }
  return ordered(chunks, exitCode);
});
