// Commands just-bash lacks, and thin wrappers where its built-in prints something other than
// GNU coreutils (checked against /bin/bash in shell.contract.test.ts).
import { structuredPatch } from 'diff';
import { defineCommand, type Command, type CommandContext, type ExecResult } from 'just-bash';
import { bytesStdout, stdoutLatin1, utf8AsLatin1 } from './bytes';
import { COMMAND_WORDS } from '../../text/commands';
import { curlCommand, wgetCommand } from './net';
import { isLongListing, longListing, timeStyleRefusal, workspaceNow } from './ls-long';
import { perlCommand } from './perl';
import { npmCommand } from './npm';
import { selfSignal, signalName } from './signals';
import {
  QUOTING_COMMANDS,
  noOriginal,
  shellQuote,
  wcCommand,
  usageHinted,
  withUsageHint,
  catCommand,
  rmdirCommand,
  bashCommand,
  shCommand,
  namesQuotedIn,
  mkdirCommand,
  nlCommand,
  sedCommand,
  niceCommand,
  nohupCommand,
  stdbufCommand,
  timeoutCommandOn,
  type LimitWait,
  usageError,
  folderOperands,
  missingOperands,
  quoteAfter,
  quoteName,
} from './fixes';
import { odCommand } from './od';
import { orderedBuiltins, withOrder } from './ordered-commands';
import { mapStderr, ordered, type Chunk } from './order';
import { awkCommand, fileCommand, tacCommand } from './operands';
import { xargsCommand } from './xargs';
import { hostCommands } from './host-commands';
import { byteEscapeCommands } from './byte-escapes';
import { ENDLESS_BYTES } from './endless';
import { countNumber, countOptions, gnuQuote, readCount, type CountUnit } from './counts';

const YES_HELP = `Usage: yes [STRING]...
  or:  yes OPTION
Repeatedly output a line with all specified STRING(s), or 'y'.

      --help        display this help and exit
      --version     output version information and exit

GNU coreutils online help: <https://www.gnu.org/software/coreutils/>
Report any translation bugs to <https://translationproject.org/team/>
Full documentation <https://www.gnu.org/software/coreutils/yes>
or available locally via: info '(coreutils) yes invocation'
`;

const YES_VERSION = `yes (GNU coreutils) 9.1
Copyright (C) 2022 Free Software Foundation, Inc.
License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.
This is free software: you are free to change and redistribute it.
There is NO WARRANTY, to the extent permitted by law.

Written by David MacKenzie.
`;

/** GNU yes's options as getopt reads them: anywhere before `--` (which is dropped), the first
 * one decides; `--help` and `--version` may be shortened, any other option is an error.
 * Returns the strings to repeat, or what yes prints and exits with. */
function yesOperands(args: string[]): string[] | ExecResult {
  const operands: string[] = [];
  const usage = (text: string) => usageError('yes', text);
  for (const [i, a] of args.entries()) {
    if (a === '--') return [...operands, ...args.slice(i + 1)];
    if (a.startsWith('--')) {
      const name = a.slice(2).split('=')[0] ?? '';
      const long = ['help', 'version'].find((o) => o.startsWith(name));
      if (!long) return usage(`unrecognized option '${a}'`);
      if (a.includes('=')) return usage(`option '--${long}' doesn't allow an argument`);
      return { stdout: long === 'help' ? YES_HELP : YES_VERSION, stderr: '', exitCode: 0 };
    }
    if (a.length > 1 && a.startsWith('-')) return usage(`invalid option -- '${a.charAt(1)}'`);
    operands.push(a);
  }
  return operands;
}

/** `yes`, making `bytes(line length)` bytes (endless.ts) and calling `onEnd` each time it stops
 * where bash's would go on (the run says so). */
export function yesCommandFor(onEnd: () => void, bytes: (lineBytes: number) => number): Command {
  return defineCommand('yes', async (args) => {
    const operands = yesOperands(args);
    if (!Array.isArray(operands)) return operands;
    // As bytes: a text result would be encoded for the pipe a character at a time.
    const line = utf8AsLatin1((operands.length > 0 ? operands.join(' ') : 'y') + '\n');
    const count = Math.max(1, Math.ceil(bytes(line.length) / line.length));
    onEnd();
    return { ...bytesStdout(line.repeat(count)), stderr: '', exitCode: 0 };
  });
}


/** tr's octal escapes (`\0`, `\000`, `\101`), which just-bash's tr leaves alone. */
export function decodeTrOctal(set: string): string {
  let out = '';
  for (let i = 0; i < set.length; i++) {
    const c = set[i];
    if (c === '\\') {
      const m = /^[0-7]{1,3}/.exec(set.slice(i + 1));
      if (m) {
        out += String.fromCharCode(parseInt(m[0], 8));
        i += m[0].length;
        continue;
      }
      out += c + (set[i + 1] ?? '');
      i++;
      continue;
    }
    out += c;
  }
  return out;
}

export const trCommand: Command = defineCommand('tr', async (args, ctx) => {
  if (ctx.origCommand === undefined) return noOriginal('tr');
  return ctx.origCommand(args.map((a) => (a.startsWith('-') ? a : decodeTrOctal(a))));
});

/** util-linux rev: a folder is named with the byte it failed at (0), and the other files are
 * still reversed. */
export const revCommand: Command = defineCommand('rev', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return noOriginal('rev');
  const folders = new Set(await folderOperands(ctx, args));
  if (folders.size === 0) return orig(args);
  const r = await orig(args.filter((a) => !folders.has(a)));
  const named = [...folders].map((f) => `rev: ${f}: 0: Is a directory\n`).join('');
  return { ...r, stderr: named + r.stderr, exitCode: 1 };
});

/** `uniq -c` pads counts to seven columns in GNU coreutils. */
export const uniqCommand: Command = defineCommand('uniq', async (args, ctx) => {
  if (ctx.origCommand === undefined) return noOriginal('uniq');
  const folder = (await folderOperands(ctx, args))[0];
  if (folder !== undefined) return { stdout: '', stderr: `uniq: error reading ${quoteAfter(folder)}\n`, exitCode: 1 };
  const raw = await ctx.origCommand(args);
  const r = { ...raw, stderr: namesQuotedIn('uniq', raw.stderr) };
  const counting = args.some((a) => a === '--count' || /^-[A-Za-z]*c/.test(a));
  if (!counting) return r;
  return { ...r, stdout: r.stdout.replace(/^ *(\d+) /gm, (_, n: string) => `${n.padStart(7)} `) };
});

const lsMissing = (r: ExecResult): ExecResult => ({
  ...r,
  stderr: r.stderr.replace(
    /^ls: (.*): No such file or directory$/gm,
    "ls: cannot access '$1': No such file or directory",
  ),
});

/** GNU ls: missing operands reported first, then file operands together, then each directory
 * under a `dir:` header; just-bash separates every operand by a blank line. */
export const lsCommand: Command = defineCommand('ls', async (args, ctx) => {
  const plain = ctx.origCommand;
  if (plain === undefined) return noOriginal('ls');
  const long = isLongListing(args);
  const refused = long ? timeStyleRefusal(args) : undefined;
  if (refused) return refused;
  const orig = long ? (a: string[]) => longListing(a, ctx, plain) : plain;
  const flags = args.filter((a) => a.startsWith('-') && a !== '-');
  const operands = args.filter((a) => !a.startsWith('-') || a === '-');
  // A pattern left after the shell's expansion names a file literally in GNU ls; just-bash's ls
  // would match it against the whole volume.
  const [only] = operands;
  if (operands.length === 1 && only !== undefined && /[*?[]/.test(only) && !args.includes('--')) {
    if (!(await ctx.fs.exists(ctx.fs.resolvePath(ctx.cwd, only))))
      return { stdout: '', stderr: `ls: cannot access '${only}': No such file or directory\n`, exitCode: 2 };
  }
  if (operands.length < 2 || args.includes('--')) return lsMissing(await orig(args));
  // Missing operands are reported while the arguments are read, before any listing.
  let missing = '';
  let stderr = '';
  let exitCode = 0;
  const files: string[] = [];
  const dirs: string[] = [];
  for (const op of operands) {
    const path = ctx.fs.resolvePath(ctx.cwd, op);
    try {
      const st = await ctx.fs.stat(path);
      if (st.isDirectory && !flags.some((f) => /^-[A-Za-z]*d/.test(f))) dirs.push(op);
      else files.push(op);
    } catch {
      missing += `ls: cannot access '${op}': No such file or directory\n`;
      exitCode = 2;
    }
  }
  const parts: string[] = [];
  if (files.length > 0) {
    let out = '';
    for (const f of files.sort()) {
      const r = await orig([...flags, f]);
      out += r.stdout;
      stderr += r.stderr;
      if (r.exitCode !== 0) exitCode = r.exitCode;
    }
    parts.push(out);
  }
  for (const d of dirs.sort()) {
    const r = await orig([...flags, d]);
    parts.push(`${d}:\n${r.stdout}`);
    stderr += r.stderr;
    if (r.exitCode !== 0) exitCode = r.exitCode;
  }
  return ordered([[2, missing], [1, parts.join('\n')], [2, stderr]], exitCode);
});

/** Options that give `date` a time of its own; without one it tells the workspace clock's time. */
const DATE_SOURCES = /^(?:-[a-zA-Z]*[dfrs]|--(?:date|file|reference|set)(?:=.*)?)$/;

export const dateCommand: Command = defineCommand('date', async (args, ctx) => {
  if (ctx.origCommand === undefined) return noOriginal('date');
  if (args.some((a) => DATE_SOURCES.test(a))) return ctx.origCommand(args);
  return ctx.origCommand(['-d', `@${Math.floor((await workspaceNow(ctx.fs)) / 1000)}`, ...args]);
});

function normalRange(start: number, count: number): string {
  if (count === 0) return `${start - 1}`;
  return count === 1 ? `${start}` : `${start},${start + count - 1}`;
}

/** GNU diff's default ("normal") output format for two texts. */
export function normalDiff(a: string, b: string): string {
  let out = '';
  for (const h of structuredPatch('a', 'b', a, b, '', '', { context: 0 }).hunks) {
    const op = h.oldLines === 0 ? 'a' : h.newLines === 0 ? 'd' : 'c';
    out += `${normalRange(h.oldStart, h.oldLines)}${op}${normalRange(h.newStart, h.newLines)}\n`;
    const removed: string[] = [];
    const added: string[] = [];
    let last: string[] = removed;
    for (const l of h.lines) {
      if (l.startsWith('-')) (last = removed).push(`< ${l.slice(1)}`);
      else if (l.startsWith('+')) (last = added).push(`> ${l.slice(1)}`);
      else if (l.startsWith('\\')) last.push(l);
    }
    out += removed.map((l) => `${l}\n`).join('');
    if (removed.length > 0 && added.length > 0) out += '---\n';
    out += added.map((l) => `${l}\n`).join('');
  }
  return out;
}

/** just-bash's diff prints unified output by default; GNU diff prints the normal format. */
export const diffCommand: Command = defineCommand('diff', async (args, ctx) => {
  if (ctx.origCommand === undefined) return noOriginal('diff');
  if (args.length !== 2 || args.some((a) => a.startsWith('-'))) return ctx.origCommand(args);
  const texts: string[] = [];
  let missing = '';
  for (const op of args) {
    const path = ctx.fs.resolvePath(ctx.cwd, op);
    try {
      const st = await ctx.fs.stat(path);
      if (st.isDirectory) return ctx.origCommand(args);
      texts.push(await ctx.fs.readFile(path));
    } catch {
      // GNU diff names every missing operand.
      missing += `diff: ${op}: No such file or directory\n`;
    }
  }
  if (missing !== '') return { stdout: '', stderr: missing, exitCode: 2 };
  const out = normalDiff(texts[0] ?? '', texts[1] ?? '');
  return { stdout: out, stderr: '', exitCode: out === '' ? 0 : 1 };
});

const GREP_VALUE_FLAGS: ReadonlySet<string> = new Set(COMMAND_WORDS.grep.valueFlags);

const grepExitOf = (r: ExecResult): ExecResult => (r.exitCode === 1 && r.stderr !== '' ? { ...r, exitCode: 2 } : r);

/** GNU grep searches `.` when -r has no file operand (naming files without `./`), and names
 * files under an explicit `.` operand as `./x`; just-bash does neither. */
function grepWrapper(name: string): Command {
  return defineCommand(name, async (args, ctx) => {
    const orig = ctx.origCommand;
    if (orig === undefined) return noOriginal(name);
    let recursive = false;
    let noNames = false;
    let patternGiven = false;
    const operands: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i] ?? '';
      if (a === '--') {
        operands.push(...args.slice(i + 1));
        break;
      }
      if (a.startsWith('--')) {
        const bare = a.split('=')[0] ?? a;
        if (bare === '--recursive' || bare === '--dereference-recursive') recursive = true;
        if (bare === '--no-filename') noNames = true;
        if (bare === '--regexp' || bare === '--file') patternGiven = true;
        if (GREP_VALUE_FLAGS.has(bare) && !a.includes('=')) i++;
      } else if (a.startsWith('-') && a.length > 1) {
        if (/[rR]/.test(a)) recursive = true;
        if (a.includes('h')) noNames = true;
        const last = a[a.length - 1] ?? '';
        if (/[ef]/.test(a)) patternGiven = true;
        if (GREP_VALUE_FLAGS.has(`-${last}`) && a.length === 2) i++;
      } else operands.push(a);
    }
    const files = patternGiven ? operands : operands.slice(1);
    // An operand grep cannot read (a folder without -r) is an error: 2.
    if (!recursive) return grepExitOf(await orig(args));
    if (files.length === 0) return orig([...args, '.']);
    if (files.length === 1 && files[0] === '.' && !noNames) {
      const r = await orig(args);
      return { ...r, stdout: r.stdout.replace(/^(?!--$)(?=.)/gm, './') };
    }
    return orig(args);
  });
}

/** ripgrep writing to a pipe (as Bash's output always is) prints no line numbers unless asked;
 * just-bash's rg numbers lines as on a terminal. */
const rgCommand: Command = defineCommand('rg', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return noOriginal('rg');
  const numbered = args.some(
    (a) =>
      a === '-n' ||
      a === '--line-number' ||
      a === '-N' ||
      a === '--no-line-number' ||
      /^-[a-zA-Z]*n[a-zA-Z]*$/.test(a),
  );
  return orig(numbered ? args : ['-N', ...args]);
});

/** Under the C locale (LANG=C.UTF-8, as Claude Code's shell runs) sort compares bytes, so
 * upper case sorts before lower case; just-bash compares by locale. Only the plain forms
 * (-r, -u, file operands) are re-ordered here; anything with keys or other orderings is left
 * to just-bash. */
const sortCommand: Command = defineCommand('sort', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return noOriginal('sort');
  const flags = args.filter((a) => a.startsWith('-') && a !== '-');
  const locale = ctx.env.get('LC_ALL') ?? ctx.env.get('LC_COLLATE') ?? ctx.env.get('LANG') ?? 'C';
  const plain = flags.every((f) => /^-[ru]+$/.test(f));
  // A missing file or a folder stops sort before it prints anything.
  const missing = (await missingOperands(ctx, args))[0];
  if (missing !== undefined) return { stdout: '', stderr: `sort: cannot read: ${quoteName(missing)}: No such file or directory\n`, exitCode: 2 };
  const folder = (await folderOperands(ctx, args))[0];
  if (folder !== undefined) return { stdout: '', stderr: `sort: read failed: ${quoteName(folder)}: Is a directory\n`, exitCode: 2 };
  const r = await orig(args);
  if (!plain || r.exitCode !== 0 || !/^(C|POSIX)(\.|$)/.test(locale)) return r;
  const reverse = flags.some((f) => f.includes('r'));
  const unique = flags.some((f) => f.includes('u'));
  const lines = r.stdout.endsWith('\n')
    ? r.stdout.slice(0, -1).split('\n')
    : r.stdout
      ? r.stdout.split('\n')
      : [];
  // UTF-8 byte order is code point order.
  const bytes = (a: string, b: string) => {
    const x = [...a];
    const y = [...b];
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
      if (d !== 0) return d;
    }
    return x.length - y.length;
  };
  let sorted = lines.sort((a, b) => (reverse ? bytes(b, a) : bytes(a, b)));
  if (unique) sorted = sorted.filter((l, i) => i === 0 || l !== sorted[i - 1]);
  return { ...r, stdout: sorted.length ? `${sorted.join('\n')}\n` : '' };
});

/** A built-in whose messages GNU coreutils words otherwise: its stderr lines rewritten. */
type Rewording = string | ((match: string, ...groups: string[]) => string);

function reworded(
  name: string,
  rules: readonly [RegExp, Rewording][],
  usage?: (args: string[], ctx: CommandContext) => ExecResult | undefined | Promise<ExecResult | undefined>,
): Command {
  return defineCommand(name, async (args, ctx) => {
    if (ctx.origCommand === undefined) return noOriginal(name);
    const refused = await usage?.(args, ctx);
    if (refused) return refused;
    const r = await ctx.origCommand(args);
    return {
      ...r,
      stderr: rules.reduce(
        (s, [re, to]) => (typeof to === 'string' ? s.replace(re, to) : s.replace(re, to)),
        r.stderr,
      ),
    };
  });
}

/** head's and tail's count options as GNU getopt reads them: `-n`/`-c` last, with nothing to take,
 * wants an argument (`yes | head wc -c`: difftest seed 18181818); just-bash took the missing
 * count for an invalid one. */
const countArgument =
  (name: string) =>
  (args: string[]): ExecResult | undefined => {
    const end = args.indexOf('--');
    const last = (end === -1 ? args : args.slice(0, end)).at(-1);
    const at = last === undefined ? -1 : args.lastIndexOf(last);
    const option =
      last === '-n' || last === '--lines' ? 'n' : last === '-c' || last === '--bytes' ? 'c' : null;
    const taken = ['-n', '-c', '--lines', '--bytes'].includes(args[at - 1] ?? '');
    if (option === null || at !== args.length - 1 || taken) return undefined;
    const what = last?.startsWith('--')
      ? `option '${last}' requires an argument`
      : `option requires an argument -- '${option}'`;
    return usageError(name, what);
  };

/** tail reads `-N` as a count only as its first word with at most one file after it
 * (`tail -2 a b`: "option used in invalid context -- 2"); anywhere else getopt takes the digit
 * for an option that is not allowed there. */
function tailObsoleteCount(args: readonly string[]): ExecResult | undefined {
  const end = args.indexOf('--');
  const at = args.findIndex(
    (a, i) => (end === -1 || i < end) && /^-\d/.test(a) && !['-n', '-c', '--lines', '--bytes'].includes(args[i - 1] ?? ''),
  );
  if (at === -1) return undefined;
  const obsolete = at === 0 && (args.length === 1 || (args.length === 2 && !/^-./.test(args[1] as string)));
  if (obsolete) return undefined;
  return { stdout: '', stderr: `tail: option used in invalid context -- ${(args[at] as string)[1]}\n`, exitCode: 1 };
}

/** Each input of a head or tail on its own (`count` given, no headers), changed by `cut`, with
 * GNU's `==> name <==` headers put back: for the counts just-bash cannot take (head's `-n -N`,
 * tail's `-c +N`: whole inputs cut here) and for folders, which GNU opens and fails to read. */
async function perInput(
  name: 'head' | 'tail',
  args: string[],
  ctx: CommandContext,
  orig: NonNullable<CommandContext['origCommand']>,
  count: string[],
  cut: (content: string) => string = (c) => c,
): Promise<ExecResult> {
  const folders = new Set(await folderOperands(ctx, args));
  const end = args.indexOf('--');
  const isOperand = (a: string, i: number) => (end !== -1 && i > end) || a === '-' || !a.startsWith('-');
  const flags = args.filter((a, i) => !isOperand(a, i) && i !== end);
  const inputs = args.filter(isOperand);
  const HEADERS = ['-q', '--quiet', '--silent', '-v', '--verbose'];
  // The other options (`-5`, `-z`) go to each input's own run; headers are put back here.
  const passed = flags.filter((f) => !HEADERS.includes(f));
  const quiet = flags.some((f) => ['-q', '--quiet', '--silent'].includes(f));
  const verbose = flags.some((f) => ['-v', '--verbose'].includes(f));
  const headers = verbose || (!quiet && inputs.length > 1);
  const chunks: Chunk[] = [];
  let exitCode = 0;
  let first = true;
  for (const input of inputs.length ? inputs : ['-']) {
    // A folder opens, so its header comes before the read fails.
    const folder = folders.has(input);
    const r = folder
      ? { stdout: '', stderr: `${name}: error reading ${quoteAfter(input)}: Is a directory\n`, exitCode: 1 }
      : await orig(['-q', ...passed, ...count, ...(input === '-' ? [] : [input])]);
    if (r.exitCode !== 0) exitCode = r.exitCode;
    if (r.exitCode !== 0 && !folder) {
      chunks.push([2, r.stderr]);
      continue;
    }
    if (headers) chunks.push([1, utf8AsLatin1(`${first ? '' : '\n'}==> ${input === '-' ? 'standard input' : input} <==\n`)]);
    first = false;
    chunks.push([1, cut(stdoutLatin1(r))], [2, r.stderr]);
  }
  return ordered(chunks, exitCode, bytesStdout(''));
}

/** All but the last `n` lines (an unfinished last line is one), as `head -n -N`. */
function elideLines(content: string, n: number): string {
  let cut = content.length;
  let left = n;
  if (left > 0 && cut > 0 && !content.endsWith('\n')) {
    cut = content.lastIndexOf('\n') + 1;
    left--;
  }
  for (; left > 0 && cut > 0; left--) cut = content.lastIndexOf('\n', cut - 2) + 1;
  return content.slice(0, cut);
}

/** head and tail with GNU's counts (counts.ts) and wording; only the last count option counts. */
function headTailCommand(name: 'head' | 'tail'): Command {
  const missing = new RegExp(`^${name}: (.*): No such file or directory$`, 'gm');
  const reword = (r: ExecResult): ExecResult =>
    mapStderr(r, (e) => e.replace(missing, `${name}: cannot open '$1' for reading: No such file or directory`));
  return defineCommand(name, async (args, ctx) => {
    const orig = ctx.origCommand;
    if (orig === undefined) return noOriginal(name);
    const refused = countArgument(name)(args) ?? (name === 'tail' ? tailObsoleteCount(args) : undefined);
    if (refused) return refused;
    const options = countOptions(args);
    let last: { unit: CountUnit; value: number; sign: string } | undefined;
    for (const c of options) {
      const read = readCount(name, c);
      if ('refusal' in read) return { stdout: '', stderr: read.refusal, exitCode: 1 };
      last = { unit: read.unit, value: countNumber(read.value), sign: read.sign };
    }
    const rest = args.filter((_, i) => !options.some((c) => i >= c.at && i < c.at + c.width));
    const whole = ['-c', String(Number.MAX_SAFE_INTEGER)];
    if (last?.sign === '-' && name === 'head') {
      const { unit, value } = last;
      return reword(
        await perInput(name, rest, ctx, orig, whole, (s) =>
          unit === 'bytes' ? s.slice(0, Math.max(0, s.length - value)) : elideLines(s, value),
        ),
      );
    }
    if (last?.sign === '+' && last.unit === 'bytes' && name === 'tail') {
      const { value } = last;
      return reword(await perInput(name, rest, ctx, orig, whole, (s) => s.slice(Math.max(0, value - 1))));
    }
    const count = last === undefined ? [] : [last.unit === 'bytes' ? '-c' : '-n', `${last.sign === '+' ? '+' : ''}${last.value}`];
    // Each input on its own where one fails, so its error comes where it is reached.
    const several = rest.filter((a) => a === '-' || !a.startsWith('-')).length > 1;
    if ((await folderOperands(ctx, rest)).length > 0 || (several && (await missingOperands(ctx, rest)).length > 0))
      return reword(await perInput(name, rest, ctx, orig, count));
    return reword(await orig([...count, ...rest]));
  });
}

/** GNU find's refusals of its arguments, given before it looks at any file: a -size value whose
 * last character is neither a digit nor a unit names the type, anything else not `[+-]N[unit]`
 * the value; a -newer (-anewer, -cnewer) reference that does not exist is named. */
async function findRefusal(args: string[], ctx: CommandContext): Promise<ExecResult | undefined> {
  const refuse = (text: string): ExecResult => ({ stdout: '', stderr: `find: ${text}\n`, exitCode: 1 });
  for (const [i, a] of args.entries()) {
    const value = args[i + 1];
    if (value === undefined) continue;
    if (/^-[ac]?newer$/.test(a) && !(await ctx.fs.exists(ctx.fs.resolvePath(ctx.cwd, value))))
      return refuse(`‘${value}’: No such file or directory`);
    if (a !== '-size') continue;
    if (value === '') return refuse('invalid null argument to -size');
    const last = value.at(-1) ?? '';
    if (!/[\dbcwkMG]/.test(last)) return refuse(`invalid -size type \`${last}'`);
    const m = /^\s*[+-]?(\d+)[bcwkMG]?$/.exec(value);
    if (!m || !Number.isSafeInteger(Number(m[1]))) return refuse(`Invalid argument \`${value}' to -size`);
  }
  return undefined;
}

/** GNU's wording (coreutils 9, findutils 4.9, in a UTF-8 locale: ‘’ where GNU quotes that way). */
const REWORDED: Command[] = [
  headTailCommand('head'),
  headTailCommand('tail'),
  reworded('stat', [[/^stat: cannot stat '(.*)'/gm, "stat: cannot statx '$1'"]]),
  reworded(
    'find',
    [[/^find: (?!‘)(.*): No such file or directory$/gm, 'find: ‘$1’: No such file or directory']],
    findRefusal,
  ),
];

/** Lines of an integer `seq` made at once: just-bash's checks each line (3 million took 12 s and
 * 1 GB), and `seq 1 5000000` is a test of a long output (bash-x-output-huge). */
const SEQ_FAST_MOST = 1 << 24;

/** Where a seq longer than SEQ_FAST_MOST lines stops: bash's would print for hours, so only a
 * reader that stops early (`seq 1 100000000000 | head -3`) can be matched; the run says so. */
type SeqEnd = { onEnd: () => void; bytes: (lineBytes: number) => number };

/** `seq [FIRST [INCREMENT]] LAST` of whole numbers, GNU's default format; anything else (options,
 * fractions, a zero step) is just-bash's. */
function seqFor(end?: SeqEnd): Command {
  return defineCommand('seq', async (args, ctx) => {
    const orig = ctx.origCommand;
    if (orig === undefined) return noOriginal('seq');
    const operands = args.filter((a) => !/^-[^\d.]/.test(a));
    if (operands.length === args.length && args.length > 3) return usageError('seq', `extra operand ${gnuQuote(args[3] ?? '')}`);
    const whole = args.length >= 1 && args.length <= 3 && args.every((a, i) => (i === 0 ? /^\+?\d{1,15}$/ : /^[+-]?\d{1,15}$/).test(a));
    const [first, step, last] = whole ? (args.length === 1 ? [1, 1, Number(args[0])] : args.length === 2 ? [Number(args[0]), 1, Number(args[1])] : args.map(Number)) : [];
    if (first === undefined || step === undefined || last === undefined || step === 0) {
      const r = await orig(args);
      // GNU quotes the value with quote() and points to --help.
      const m = /^seq: (invalid [^:']*): '(.*)'\n$/.exec(r.stderr);
      return m ? usageError('seq', `${m[1] ?? ''}: ${gnuQuote(m[2] ?? '')}`) : r;
    }
    const count = Math.max(0, Math.floor((last - first) / step) + 1);
    if (count > SEQ_FAST_MOST && end === undefined) return orig(args);
    const most = count > SEQ_FAST_MOST && end ? end.bytes(String(last).length + 1) : Infinity;
    const stdout = step === 1 && first >= 0 ? countedLines(first, count, most) : steppedLines(first, step, count, most);
    if (most !== Infinity) end?.onEnd();
    // ASCII is its own byte string: as bytes, the pipe takes it without counting or encoding it.
    return { ...bytesStdout(stdout), stderr: '', exitCode: 0 };
  });
}

/** `count` lines from `first` by `step`, until the text reaches `most` characters. */
function steppedLines(first: number, step: number, count: number, most: number): string {
  let text = '';
  const CHUNK = 65536;
  for (let i = 0; i < count && text.length < most; i += CHUNK) {
    const part: number[] = [];
    for (let j = i; j < Math.min(count, i + CHUNK); j++) part.push(first + j * step);
    text += `${part.join('\n')}\n`;
  }
  return text;
}

/** Consecutive whole numbers from `first`, counted on decimal digits in place as GNU seq's own
 * fast path does (six times quicker than converting each number), into one buffer of the size
 * the lines take (or `most` and a line) and decoded once. */
function countedLines(first: number, count: number, most: number): string {
  const digits = [...String(first)].map((c) => c.charCodeAt(0));
  const block = new Uint8Array(Math.min(linesBytes(first, count), most + 17));
  let at = 0;
  for (let i = 0; i < count && at + digits.length < block.length; i++) {
    for (const d of digits) block[at++] = d;
    block[at++] = 10;
    let k = digits.length - 1;
    for (; k >= 0 && digits[k] === 57; k--) digits[k] = 48;
    if (k < 0) digits.unshift(49);
    else digits[k] = (digits[k] ?? 48) + 1;
  }
  return new TextDecoder().decode(block.subarray(0, at));
}

/** The bytes of `count` lines of consecutive whole numbers from `first`. */
function linesBytes(first: number, count: number): number {
  let total = 0;
  let from = first;
  const last = first + count - 1;
  for (let width = String(first).length; from <= last; width++) {
    const to = Math.min(last, 10 ** width - 1);
    total += (to - from + 1) * (width + 1);
    from = to + 1;
  }
  return total;
}

export const seqCommand: Command = seqFor();

/** GNU cmp: the first differing byte and its line, or where the shorter file ended. */
export function cmpText(
  a: Uint8Array,
  b: Uint8Array,
  names: [string, string],
): { stdout: string; stderr: string; exitCode: number } {
  const n = Math.min(a.length, b.length);
  let line = 1;
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i])
      return {
        stdout: `${names[0]} ${names[1]} differ: byte ${i + 1}, line ${line}\n`,
        stderr: '',
        exitCode: 1,
      };
    if (a[i] === 10) line++;
  }
  if (a.length === b.length) return { stdout: '', stderr: '', exitCode: 0 };
  const [short, bytes] = a.length < b.length ? [names[0], a] : [names[1], b];
  if (bytes.length === 0) return { stdout: '', stderr: `cmp: EOF on ${short} which is empty\n`, exitCode: 1 };
  const where = bytes[bytes.length - 1] === 10 ? `line ${line - 1}` : `in line ${line}`;
  return { stdout: '', stderr: `cmp: EOF on ${short} after byte ${bytes.length}, ${where}\n`, exitCode: 1 };
}

/** `cmp [-s] a [b]` (just-bash has none); `-` or a missing second operand is stdin. */
export const cmpCommand: Command = defineCommand('cmp', async (args, ctx) => {
  const silent = args.some((a) => a === '-s' || a === '--silent' || a === '--quiet');
  const ops = args.filter((a) => a === '-' || !a.startsWith('-'));
  if (ops.length === 0 || ops.length > 2)
    return {
      stdout: '',
      stderr: `cmp: ${ops.length === 0 ? 'missing operand' : `invalid --ignore-initial value '${ops[2]}'`}\ncmp: Try 'cmp --help' for more information.\n`,
      exitCode: 2,
    };
  const names: [string, string] = [ops[0] ?? '-', ops[1] ?? '-'];
  const bytes: Uint8Array[] = [];
  for (const op of names) {
    if (op === '-') {
      // stdin is a byte string (one char per byte).
      bytes.push(Uint8Array.from(String(ctx.stdin), (c) => c.charCodeAt(0)));
      continue;
    }
    try {
      bytes.push(await ctx.fs.readFileBuffer(ctx.fs.resolvePath(ctx.cwd, op)));
    } catch {
      return { stdout: '', stderr: silent ? '' : `cmp: ${op}: No such file or directory\n`, exitCode: 2 };
    }
  }
  const r = cmpText(bytes[0] ?? new Uint8Array(), bytes[1] ?? new Uint8Array(), names);
  return silent ? { ...r, stdout: '', stderr: '' } : r;
});

/** bash's `kill` builtin (just-bash has none): no process of the model's exists to signal. */
/** `kill`: the only process there is to signal is the shell itself (`kill $$`), which
 * `onSelf` ends with the signal's status; any other pid is no such process. */
export function killCommandFor(onSelf: (end: { signal: string; exitCode: number }) => void): Command {
  return defineCommand('kill', async (args, ctx) => {
    // bash prints its usage line without the shell's name.
    const usage =
      'kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n';
    const rest = [...args];
    let spec = 'TERM';
    if (rest[0] === '-s' || rest[0] === '-n') spec = rest.splice(0, 2)[1] ?? spec;
    else if (rest[0] !== undefined && /^-[A-Za-z0-9]+$/.test(rest[0])) spec = (rest.shift() ?? '').slice(1);
    if (rest[0] === '--') rest.shift();
    if (rest.length === 0) return { stdout: '', stderr: usage, exitCode: 2 };
    const name = signalName(spec);
    const self = ctx.exec ? (await ctx.exec('printf %s "$$"', { cwd: ctx.cwd })).stdout : undefined;
    let stderr = '';
    for (const p of rest) {
      const effect = name !== null && p === self ? selfSignal(name) : undefined;
      if (effect?.kind === 'none') continue;
      if (effect?.kind === 'end') {
        onSelf(effect);
        return { stdout: '', stderr, exitCode: effect.exitCode };
      }
      stderr += /^-?\d+$/.test(p)
        ? `bash: kill: (${p}) - No such process\n`
        : `bash: kill: ${p}: arguments must be process or job IDs\n`;
    }
    return { stdout: '', stderr, exitCode: stderr === '' ? 0 : 1 };
  });
}

/** What the commands that belong to one run report back to it, and the clock `timeout` uses. */
export interface RunHooks {
  /** `timeout`'s limit on the run's time (default: real time). */
  limit?: LimitWait;
  /** `yes`, a seq too long to make or an endless device stopped where bash's would go on. */
  onEndless: () => void;
  /** How many bytes an endless producer makes, given its line's length (endless.ts); default:
   * the least bound. */
  endlessBytes?: (lineBytes: number) => number;
  /** `kill $$`: the run's shell is ended with this signal and status. */
  onSelfSignal: (end: { signal: string; exitCode: number }) => void;
}

/** The commands whose behaviour belongs to one run (its clock, what it reports back): a run's
 * interpreter takes these in place of the shell's commands of the same names. */
export function commandsForRun(hooks: RunHooks): Command[] {
  const bytes = hooks.endlessBytes ?? (() => ENDLESS_BYTES.least);
  return [
    timeoutCommandOn(hooks.limit),
    yesCommandFor(hooks.onEndless, bytes),
    killCommandFor(hooks.onSelfSignal),
    withUsageHint(seqFor({ onEnd: hooks.onEndless, bytes })),
  ];
}

/** The variables a child process gets: just-bash's env and printenv list every shell variable
 * (positional parameters `#`, `*`, `0`, `@` inside a script or function, unexported names),
 * where bash's children see only the exported ones (hook-env). */
function exported(ctx: CommandContext): Map<string, string> {
  const ex = ctx.exportedEnv;
  if (ex === undefined) return new Map(ctx.env);
  // In the shell's order (what just-bash's own env printed), then any others.
  const out = new Map<string, string>();
  for (const k of ctx.env.keys()) if (Object.hasOwn(ex, k)) out.set(k, ex[k] ?? '');
  for (const [k, v] of Object.entries(ex)) if (!out.has(k)) out.set(k, v);
  return out;
}

const listing = (env: Map<string, string>): string => [...env].map(([k, v]) => `${k}=${v}\n`).join('');

/** `env` with no command lists the exported variables, as changed by -i, -u and NAME=VALUE;
 * with a command (or an option it does not take) just-bash's own runs. */
export const envCommand: Command = defineCommand('env', async (args, ctx) => {
  if (ctx.origCommand === undefined) return noOriginal('env');
  const env = exported(ctx);
  const rest = [...args];
  for (let a = rest.shift(); a !== undefined; a = rest.shift()) {
    if (a === '-i' || a === '--ignore-environment') env.clear();
    else if (a === '-u' && rest.length > 0) env.delete(rest.shift() ?? '');
    else if (a.startsWith('--unset=')) env.delete(a.slice(8));
    else if (/^-u./.test(a)) env.delete(a.slice(2));
    else if (/^[^-=][^=]*=/.test(a)) env.set(a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1));
    else if (a.startsWith('-') || !ctx.exec) return ctx.origCommand(args);
    // The command runs with exactly these variables, exported (just-bash's env -i passed none on):
    // as assignments before it, in an environment of its own.
    else {
      const assignments = [...env].map(([k, v]) => `${k}=${shellQuote(v)} `).join('');
      return ctx.exec(assignments + [a, ...rest].map(shellQuote).join(' '), {
        cwd: ctx.cwd,
        env: {},
        replaceEnv: true,
        stdin: String(ctx.stdin),
        stdinKind: 'bytes',
      });
    }
  }
  return { stdout: listing(env), stderr: '', exitCode: 0 };
});

/** `printenv [NAME...]` over the exported variables; exit 1 when a name is not set. */
export const printenvCommand: Command = defineCommand('printenv', async (args, ctx) => {
  if (ctx.origCommand === undefined) return noOriginal('printenv');
  if (args.some((a) => a.startsWith('-'))) return ctx.origCommand(args);
  const env = exported(ctx);
  if (args.length === 0) return { stdout: listing(env), stderr: '', exitCode: 0 };
  const found = args.filter((n) => env.has(n));
  return {
    stdout: found.map((n) => `${env.get(n)}\n`).join(''),
    stderr: '',
    exitCode: found.length === args.length ? 0 : 1,
  };
});

const wrapped: Command[] = [
  // Their run-free forms, for the names and for a shell run outside runJustBash.
  ...commandsForRun({ onEndless: () => {}, onSelfSignal: () => {} }),
  rgCommand,
  sortCommand,
  ...REWORDED,
  cmpCommand,
  grepWrapper('grep'),
  grepWrapper('egrep'),
  grepWrapper('fgrep'),
  trCommand,
  seqCommand,
  revCommand,
  uniqCommand,
  lsCommand,
  dateCommand,
  diffCommand,
  curlCommand,
  wgetCommand(),
  perlCommand,
  npmCommand,
  mkdirCommand,
  sedCommand,
  xargsCommand,
  niceCommand,
  nohupCommand,
  stdbufCommand,
  catCommand,
  odCommand,
  rmdirCommand,
  bashCommand,
  shCommand,
  ...QUOTING_COMMANDS,
  wcCommand,
  nlCommand,
  envCommand,
  printenvCommand,
  tacCommand,
  fileCommand,
  awkCommand,
  ...hostCommands,
  ...byteEscapeCommands,
];

/** Commands whose usage errors (a missing operand, an invalid option) GNU follows with `Try
 * '<name> --help'` (probed; cat, head, tail, wc: `cat a wc -l`, the difftest's shell
 * dimension). */
const USAGE_HINTED = new Set([
  'rm',
  'mv',
  'cp',
  'touch',
  'mkdir',
  'ln',
  'chmod',
  'basename',
  'dirname',
  'readlink',
  'seq',
  'expr',
  'stat',
  'tr',
  'cut',
  'cat',
  'head',
  'tail',
  'wc',
]);

export const extraCommands: Command[] = [
  ...[...wrapped.map(withOrder), ...orderedBuiltins(wrapped)].map((c) => (USAGE_HINTED.has(c.name) ? withUsageHint(c) : c)),
  ...[...USAGE_HINTED].filter((n) => !wrapped.some((c) => c.name === n)).map(usageHinted),
];
