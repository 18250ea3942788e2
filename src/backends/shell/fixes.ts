// sed and mkdir where just-bash's built-ins part from GNU's on files that are missing, are
// directories or sit below a regular file (GNU sed 4.9 and coreutils 9 on the binary's host,
// recorded with probe.mjs). The built-in still does the work on the operands GNU would process.
import { defineCommand, type Command, type CommandContext, type ExecResult } from 'just-bash';
import { ordered, type Chunk } from './order';

type Kind = 'file' | 'dir' | 'missing';

async function kindOf(ctx: CommandContext, p: string): Promise<Kind> {
  try {
    const st = await ctx.fs.stat(ctx.fs.resolvePath(ctx.cwd, p));
    return st.isDirectory ? 'dir' : 'file';
  } catch {
    return 'missing';
  }
}

/** The operands (words not starting with `-`, and those after `--`) that are folders. */
export async function folderOperands(ctx: CommandContext, args: readonly string[]): Promise<string[]> {
  const end = args.indexOf('--');
  // An empty name is no path at all (ENOENT), not the working directory it resolves to.
  const operands = args.filter((a, i) => a !== '' && ((end !== -1 && i > end) || (i !== end && !a.startsWith('-'))));
  const kinds = await Promise.all(operands.map((a) => kindOf(ctx, a)));
  return operands.filter((_, i) => kinds[i] === 'dir');
}

/** The operands (as for `folderOperands`) that name nothing. */
export async function missingOperands(ctx: CommandContext, args: readonly string[]): Promise<string[]> {
  const end = args.indexOf('--');
  const operands = args.filter((a, i) => a !== '-' && ((end !== -1 && i > end) || (i !== end && !a.startsWith('-'))));
  const kinds = await Promise.all(operands.map((a) => kindOf(ctx, a)));
  return operands.filter((_, i) => kinds[i] === 'missing');
}

/** A wrapper whose built-in is missing: bash's words for an unknown command. */
export const noOriginal = (name: string): ExecResult => ({
  stdout: '',
  stderr: `bash: ${name}: command not found\n`,
  exitCode: 127,
});

/** sed's options that take a value as the next word (when not attached). */
const SED_VALUE_SHORT = 'efl';
const SED_VALUE_LONG = new Set(['--expression', '--file', '--line-length']);

/** GNU sed names a missing input "can't read" and goes on with the others (exit 2 at the end);
 * a directory stops it at once (exit 4): "read error on X: Is a directory", and with -i
 * "couldn't edit X: not a regular file". */
export const sedCommand: Command = defineCommand('sed', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return noOriginal('sed');
  const files: number[] = [];
  let scriptGiven = false;
  let inPlace = false;
  let suffix = '';
  let optionsEnd = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (!optionsEnd && a === '--') {
      optionsEnd = true;
      continue;
    }
    if (!optionsEnd && a.startsWith('--')) {
      const [name = ''] = a.split('=');
      if (name === '--in-place') {
        inPlace = true;
        suffix = a.slice(name.length + 1);
      }
      if (name === '--expression' || name === '--file') scriptGiven = true;
      if (SED_VALUE_LONG.has(name) && !a.includes('=')) i++;
      continue;
    }
    if (!optionsEnd && a.startsWith('-') && a.length > 1) {
      for (let k = 1; k < a.length; k++) {
        const c = a[k] ?? '';
        if (c === 'i') {
          inPlace = true;
          suffix = a.slice(k + 1); // -i takes the rest of the word as its suffix
          break;
        }
        if (SED_VALUE_SHORT.includes(c)) {
          if (c !== 'l') scriptGiven = true;
          if (k + 1 === a.length) i++;
          break;
        }
      }
      continue;
    }
    if (!scriptGiven) {
      scriptGiven = true;
      continue;
    }
    files.push(i);
  }
  if (files.length === 0) return orig(args);
  let stderr = '';
  const skip = new Set<number>();
  for (const i of files) {
    const f = args[i] ?? '';
    if (f === '-') continue;
    const kind = await kindOf(ctx, f);
    if (kind === 'missing') {
      stderr += `sed: can't read ${f}: No such file or directory\n`;
      skip.add(i);
    } else if (kind === 'dir') {
      // Files before it are processed (their output is kept), then sed stops.
      const before = files.filter((j) => j < i && !skip.has(j));
      const r =
        before.length > 0
          ? await orig(args.filter((_, j) => !files.includes(j) || before.includes(j)))
          : undefined;
      const msg = inPlace
        ? `sed: couldn't edit ${f}: not a regular file\n`
        : `sed: read error on ${f}: Is a directory\n`;
      return { stdout: r?.stdout ?? '', stderr: stderr + (r?.stderr ?? '') + msg, exitCode: 4 };
    }
  }
  const edited = files.filter((i) => !skip.has(i)).map((i) => args[i] ?? '');
  // just-bash's sed knows -i but not --in-place=SUFFIX.
  const plain = (words: string[]) => orig(words.map((w) => (w.startsWith('--in-place=') ? '-i' : w)));
  const run = (words: string[]) =>
    inPlace && suffix !== '' ? keepingBackups(ctx, edited, suffix, () => plain(words)) : plain(words);
  if (skip.size === 0) return run(args);
  if (skip.size === files.length) return { stdout: '', stderr, exitCode: 2 };
  const r = await run(args.filter((_, j) => !skip.has(j)));
  return { stdout: r.stdout, stderr: stderr + r.stderr, exitCode: r.exitCode === 0 ? 2 : r.exitCode };
});

/** `sed -i SUFFIX`: each file it edited keeps its old content under its name and the suffix, or the
 * suffix with `*` standing for the name (just-bash's sed edits in place and keeps none). */
async function keepingBackups(
  ctx: CommandContext,
  names: readonly string[],
  suffix: string,
  run: () => Promise<ExecResult>,
): Promise<ExecResult> {
  const saved: [string, Uint8Array][] = [];
  for (const name of names) {
    const abs = ctx.fs.resolvePath(ctx.cwd, name);
    const st = await ctx.fs.stat(abs).catch(() => undefined);
    if (st?.isFile) saved.push([name, await ctx.fs.readFileBuffer(abs)]);
  }
  const r = await run();
  if (r.exitCode !== 0) return r;
  for (const [name, bytes] of saved) {
    const base = name.slice(name.lastIndexOf('/') + 1);
    const dir = name.slice(0, name.lastIndexOf('/') + 1);
    const backup = suffix.includes('*') ? dir + suffix.replaceAll('*', base) : name + suffix;
    await ctx.fs.writeFile(ctx.fs.resolvePath(ctx.cwd, backup), bytes);
  }
  return r;
}

/** mkdir with GNU's messages: without -p an operand below a regular file is "Not a directory";
 * with -p the message names the first component that is not a directory (`mkdir -p a.txt/x`:
 * "cannot create directory ‘a.txt’: Not a directory"), and an existing final file is "File
 * exists". Quotes are GNU's in a UTF-8 locale. */
export const mkdirCommand: Command = defineCommand('mkdir', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return noOriginal('mkdir');
  const flags: string[] = [];
  const operands: string[] = [];
  let parents = false;
  let optionsEnd = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (!optionsEnd && a === '--') optionsEnd = true;
    else if (!optionsEnd && a.startsWith('-') && a.length > 1) {
      if (a === '--parents' || (!a.startsWith('--') && /^-[pvm]*p/.test(a))) parents = true;
      // The mode (-m) is not kept: the in-memory files have no permission bits to set.
      const short = a.startsWith('--') ? null : a.replace(/m.*$/, '');
      if (short !== null) {
        if (short !== '-') flags.push(short);
        if (/^-[pv]*m$/.test(a)) i++;
      } else if (a === '--mode') i++;
      else if (!a.startsWith('--mode=')) flags.push(a);
    } else operands.push(a);
  }
  if (operands.length === 0) return orig(args);
  let stdout = '';
  let stderr = '';
  let exitCode = 0;
  const quote = (s: string) =>
    s.replace(/^mkdir: cannot create directory '(.*)':/gm, 'mkdir: cannot create directory ‘$1’:');
  for (const op of operands) {
    const problem = await mkdirProblem(ctx, op, parents);
    if (problem !== null) {
      stderr += `mkdir: cannot create directory ‘${problem.path}’: ${problem.message}\n`;
      exitCode = 1;
      continue;
    }
    const r = await orig([...flags, ...(op.startsWith('-') ? ['--'] : []), op]);
    stdout += r.stdout;
    stderr += quote(r.stderr);
    if (r.exitCode !== 0) exitCode = r.exitCode;
  }
  return { stdout, stderr, exitCode };
});

async function mkdirProblem(
  ctx: CommandContext,
  op: string,
  parents: boolean,
): Promise<{ path: string; message: string } | null> {
  const parts = op.split('/');
  const names = parts
    .map((_, i) => parts.slice(0, i + 1).join('/'))
    .filter((p, i) => parts[i] !== '' && p !== '');
  const last = names[names.length - 1];
  if (last === undefined) return null;
  for (const prefix of names.slice(0, -1)) {
    const kind = await kindOf(ctx, prefix);
    if (kind === 'dir') continue;
    if (kind === 'file') return { path: parents ? prefix : op, message: 'Not a directory' };
    return parents ? null : { path: op, message: 'No such file or directory' };
  }
  const kind = await kindOf(ctx, last);
  if (kind === 'file' || (kind === 'dir' && !parents)) return { path: op, message: 'File exists' };
  return null;
}

/** rmdir as GNU coreutils 9 (probed: `rmdir -p`, `-v`, `--ignore-fail-on-non-empty`, missing,
 * non-empty and regular-file operands): an operand's failure is "failed to remove 'X'", a parent
 * that -p cannot remove is "failed to remove directory 'X'"; -p then removes each parent in turn
 * (the operand's trailing slashes dropped), stopping at the first failure. */
export const rmdirCommand: Command = defineCommand('rmdir', async (args, ctx) => {
  let parents = false;
  let verbose = false;
  let ignoreNonEmpty = false;
  const operands: string[] = [];
  let optionsEnd = false;
  for (const a of args) {
    if (!optionsEnd && a === '--') optionsEnd = true;
    else if (!optionsEnd && a === '--parents') parents = true;
    else if (!optionsEnd && a === '--verbose') verbose = true;
    else if (!optionsEnd && a === '--ignore-fail-on-non-empty') ignoreNonEmpty = true;
    else if (!optionsEnd && /^-[pv]+$/.test(a)) {
      parents ||= a.includes('p');
      verbose ||= a.includes('v');
    } else if (!optionsEnd && a.startsWith('-') && a.length > 1)
      return ctx.origCommand === undefined ? noOriginal('rmdir') : ctx.origCommand(args);
    else operands.push(a);
  }
  if (operands.length === 0)
    return usageError('rmdir', 'missing operand');
  let stdout = '';
  let stderr = '';
  let exitCode = 0;
  /** One directory removed, or the reason it was not (null when removed). */
  const removeOne = async (name: string): Promise<string | null> => {
    const abs = ctx.fs.resolvePath(ctx.cwd, name);
    let st;
    try {
      st = await ctx.fs.lstat(abs);
    } catch {
      return 'No such file or directory';
    }
    if (!st.isDirectory) return 'Not a directory';
    if ((await ctx.fs.readdir(abs)).length > 0) return 'Directory not empty';
    await ctx.fs.rm(abs, { recursive: true });
    return null;
  };
  for (const op of operands) {
    let path = op;
    let first = true;
    for (;;) {
      if (verbose) stdout += `rmdir: removing directory, '${path}'\n`;
      const problem = await removeOne(path);
      if (problem !== null) {
        if (!(ignoreNonEmpty && problem === 'Directory not empty')) {
          stderr += `rmdir: failed to remove ${first ? '' : 'directory '}'${path}': ${problem}\n`;
          exitCode = 1;
        }
        break;
      }
      first = false;
      const cut = path.replace(/\/+$/, '').replace(/\/+[^/]*$/, '');
      if (!parents || cut === path || cut === '') break;
      path = cut;
    }
  }
  return { stdout, stderr, exitCode };
});

/** Options of `bash`/`sh` that just-bash's own (which knows `-c` alone) can take as `set`
 * options in front of the script; a login shell (-l, --login) reads only the host's profile,
 * which prints nothing (probed: `bash -lc`, `bash -l -c`, `bash -ec`, `sh -ec`, `bash --login -c`). */
const SHELL_SET_LETTERS = 'eux';
const SHELL_QUIET_LONG = new Set(['--login', '--noprofile', '--norc']);

/** `sh` is dash on the binary's host: it has no long options. */
function shellCommand(name: string, longOptions: ReadonlySet<string>): Command {
  return defineCommand(name, async (args, ctx) => {
    const orig = ctx.origCommand;
    if (orig === undefined) return noOriginal(name);
    const sets: string[] = [];
    let command = false;
    let i = 0;
    for (; i < args.length; i++) {
      const a = args[i] ?? '';
      if (longOptions.has(a)) continue;
      if (!/^-[a-z]+$/.test(a)) break;
      for (const c of a.slice(1)) {
        if (c === 'c') command = true;
        else if (SHELL_SET_LETTERS.includes(c)) sets.push(c);
        else if (c !== 'l') return orig(args);
      }
    }
    const script = args[i];
    if (script === undefined) return orig(args);
    const set = sets.length > 0 ? `set -${sets.join('')}; ` : '';
    if (command) return childShell(ctx, set + script, args[i + 1] ?? name, args.slice(i + 2));
    let text: string;
    try {
      text = await ctx.fs.readFile(ctx.fs.resolvePath(ctx.cwd, script));
    } catch {
      return orig(args);
    }
    return childShell(ctx, set + text, script, args.slice(i + 1));
  });
}

/** A child shell running `script`: it sees the exported variables alone, as a new process does
 * (just-bash's own starts from the shell's first environment, so `env -i sh -c env` printed it),
 * with `$0` and the positional parameters; stdin is the command's own. */
async function childShell(
  ctx: CommandContext,
  script: string,
  zero: string,
  positional: string[],
): Promise<ExecResult> {
  const env: Record<string, string> = {
    ...ctx.exportedEnv,
    '0': zero,
    '#': String(positional.length),
    '@': positional.join(' '),
    '*': positional.join(' '),
  };
  positional.forEach((a, k) => (env[String(k + 1)] = a));
  const options = { env, replaceEnv: true, cwd: ctx.cwd, signal: ctx.signal };
  if (ctx.execWithInheritedStdin) return ctx.execWithInheritedStdin(script, options);
  return ctx.exec ? ctx.exec(script, { ...options, stdin: String(ctx.stdin), stdinKind: 'bytes' }) : noOriginal('bash');
}

export const bashCommand: Command = shellCommand('bash', SHELL_QUIET_LONG);
export const shCommand: Command = shellCommand('sh', new Set());

/** bash builtins with no program of their name on the host: `timeout` (a program) cannot run
 * them. */
const BUILTIN_ONLY = new Set([
  'cd',
  'export',
  'alias',
  'unalias',
  'unset',
  'source',
  '.',
  'set',
  'shopt',
  'exit',
  'return',
  'declare',
  'typeset',
  'local',
  'readonly',
  'eval',
  'exec',
  'trap',
  'ulimit',
  'umask',
  'wait',
  'jobs',
  'fg',
  'bg',
  'disown',
  'history',
  'type',
  'hash',
  'let',
  'read',
  'builtin',
  'command',
  'enable',
  'getopts',
  'pushd',
  'popd',
  'dirs',
  'caller',
  'complete',
  'compgen',
  'help',
  'logout',
  'mapfile',
  'readarray',
  'suspend',
  'times',
  'fc',
  'shift',
  'break',
  'continue',
]);

/** A wait for `timeout`'s limit that does not make the command idle: the command it runs may be
 * working meanwhile, so the clock must not skip ahead to the limit while it does. */
export type LimitWait = (ms: number, signal: AbortSignal) => Promise<void>;

/** `timeout 5 cd sub`: "timeout: failed to run command ‘cd’: No such file or directory", 127.
 * `wait` times the limit on the workspace clock (the command's own `sleep` is idle there). */
export const timeoutCommandOn = (wait?: LimitWait): Command => defineCommand('timeout', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return noOriginal('timeout');
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a.length === 1) break;
    if (a === '-s' || a === '-k' || a === '--signal' || a === '--kill-after') i++;
  }
  const name = args[i + 1];
  if (name !== undefined && BUILTIN_ONLY.has(name))
    return {
      stdout: '',
      stderr: `timeout: failed to run command ‘${name}’: No such file or directory\n`,
      exitCode: 127,
    };
  const ms = durationMs(args[i] ?? '');
  const options = args.slice(0, i);
  // just-bash's own timeout times out on a real timer; the command's `sleep` waits on the
  // workspace clock, so the limit does too. Anything else is its to answer.
  if (name === undefined || ms === null || ms === 0 || !ctx.exec || !wait || !options.every(isTimeoutOption))
    return orig(args);
  const limit = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, limit.signal]) : limit.signal;
  const run = ctx
    .exec(shellQuote(name), { cwd: ctx.cwd, signal, stdin: String(ctx.stdin), stdinKind: 'bytes', args: args.slice(i + 2) })
    .then((result) => ({ result }));
  const stopped = new Promise<'late'>((r) => signal.addEventListener('abort', () => r('late'), { once: true }));
  const waited = new AbortController();
  const first = await Promise.race([run, wait(ms, waited.signal).then(() => 'late' as const), stopped]);
  waited.abort();
  if (first !== 'late') return first.result;
  limit.abort();
  await run.catch(() => undefined);
  return { stdout: '', stderr: '', exitCode: 124 };
});

/** just-bash's DURATION: a number with an optional s, m, h or d. */
function durationMs(text: string): number | null {
  const m = /^(\d+\.?\d*)([smhd])?$/.exec(text);
  if (!m) return null;
  const unit = { s: 1e3, m: 6e4, h: 36e5, d: 864e5 }[(m[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
  return parseFloat(m[1] as string) * unit;
}

const TIMEOUT_OPTIONS = /^(--preserve-status|--foreground|--|-[ks].*|--kill-after(=.*)?|--signal(=.*)?)$/;
/** An option word of timeout (or the value after -k/-s, which the loop above skipped over). */
const isTimeoutOption = (a: string, i: number, all: readonly string[]) =>
  TIMEOUT_OPTIONS.test(a) || ['-k', '-s', '--kill-after', '--signal'].includes(all[i - 1] ?? '');

export const shellQuote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);

/** Run the words after a wrapper's options as a command in the calling command's directory and
 * with its input (the in-memory shell has no nice or nohup; `nice cat a.txt`, `nohup touch a`
 * run under allow rules: wrapper probes). */
async function runRest(rest: string[], ctx: CommandContext) {
  if (!ctx.exec) return { stdout: '', stderr: 'nice: cannot run commands here\n', exitCode: 125 };
  // stdin is a byte string: forwarded as bytes so binary input survives.
  return ctx.exec(rest.map(shellQuote).join(' '), { cwd: ctx.cwd, stdin: String(ctx.stdin), stdinKind: 'bytes' });
}

/** Where a wrapper's command starts: after `--`, or at the first argument that is not one of
 * its options (`valued`: options whose value is the next argument; `joined`: the rest). */
function commandIndex(args: readonly string[], valued: readonly string[], joined: RegExp): number {
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') return i + 1;
    if (valued.includes(a)) i++;
    else if (!joined.test(a)) break;
  }
  return i;
}

/** GNU nice: `-n N`, `-N`, `--adjustment=N`; without a command it prints the niceness (0). */
export const niceCommand: Command = defineCommand('nice', async (args, ctx) => {
  const i = commandIndex(args, ['-n'], /^(-n.+|-\d+|--adjustment=.*)$/);
  if (i >= args.length) return { stdout: '0\n', stderr: '', exitCode: 0 };
  return runRest(args.slice(i), ctx);
});

/** GNU nohup with output not a terminal: runs the command as it is. */
export const nohupCommand: Command = defineCommand('nohup', async (args, ctx) => {
  const rest = args[0] === '--' ? args.slice(1) : args;
  if (rest.length === 0)
    return usageError('nohup', 'missing operand', 125);
  return runRest(rest, ctx);
});

/** GNU stdbuf: `-oL`, `-o L`, `--output=L` (and -i, -e) before the command, which runs as it is. */
export const stdbufCommand: Command = defineCommand('stdbuf', async (args, ctx) => {
  const i = commandIndex(args, ['-i', '-o', '-e'], /^(-[ioe].+|--(input|output|error)=.*)$/);
  if (i >= args.length)
    return usageError('stdbuf', 'missing operand', 125);
  return runRest(args.slice(i), ctx);
});

/** GNU's quoting of a file name in a message (quotearg's shell-escape style, coreutils 9 in a
 * UTF-8 locale, probed): a name that is empty or has a shell metacharacter (`#` and `~` only
 * at the start; `] { } , @ % + -` never) is quoted: in double quotes when its only special
 * character is a single quote, otherwise in single quotes with `'\''` for a quote; control
 * characters are written `'$'\t''` outside the quotes. */
const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

export function quoteName(name: string): string {
  const control = [...name].some(isControl);
  if (name !== '' && !control && !/[\s!"$&'()*:;<=>?[\\^`|]|^[#~]/.test(name)) return name;
  if (!control && /^[^"$`\\!]*'[^"$`\\!]*$/.test(name) && !/^[#~]/.test(name)) return `"${name}"`;
  const esc: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\x1b': '\\E' };
  let out = "'";
  for (const c of name) {
    if (c === "'") out += "'\\''";
    else if (isControl(c))
      out += `'$'${esc[c] ?? `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`}''`;
    else out += c;
  }
  out += "'";
  // An escape at either end leaves an empty quoted string there, which GNU drops at the end.
  return out.endsWith("''") && out.length > 2 && isControl(name.slice(-1)) ? out.slice(0, -2) : out;
}

/** A coreutils command that names a file it cannot open as GNU quotes it (`cat: 'fo?.txt': No
 * such file or directory`, `wc: 'a b': …`, probed). */
function namesQuoted(name: string): Command {
  return defineCommand(name, async (args, ctx) => {
    const orig = ctx.origCommand;
    if (orig === undefined) return noOriginal(name);
    const r = await orig(args);
    // just-bash's checksum commands print their errors with the sums, on stdout.
    const lines = r.stdout.split('\n');
    const errs = name.endsWith('sum') ? lines.filter((l) => l.startsWith(`${name}: `)) : [];
    const out = errs.length
      ? {
          stdout: lines.filter((l) => !errs.includes(l)).join('\n'),
          stderr: r.stderr + errs.map((l) => `${l}\n`).join(''),
        }
      : r;
    return { ...r, ...out, stderr: await directoriesNamed(ctx, name, out.stderr) };
  });
}

/** What GNU coreutils 9 says about a folder given as a file (probed on the binary's host);
 * just-bash says the folder does not exist. */
const DIRECTORY_ERRORS: Readonly<Record<string, (quoted: string) => string>> = {
  cat: (q) => `cat: ${q}: Is a directory`,
  cut: (q) => `cut: ${q}: Is a directory`,
  paste: (q) => `paste: ${q}: Is a directory`,
  sha256sum: (q) => `sha256sum: ${q}: Is a directory`,
  sha1sum: (q) => `sha1sum: ${q}: Is a directory`,
  md5sum: (q) => `md5sum: ${q}: Is a directory`,
  base64: () => 'base64: read error: Is a directory',
};

/** The stderr with file names quoted as GNU quotes them, and "No such file or directory" about
 * a path that is a folder in GNU's words for it. */
async function directoriesNamed(ctx: CommandContext, name: string, stderr: string): Promise<string> {
  const worded = DIRECTORY_ERRORS[name];
  const missing = new RegExp(`^${name}: (.*): No such file or directory$`, 'gm');
  const folders = new Set<string>();
  for (const [, n] of worded ? stderr.matchAll(missing) : []) {
    const st = n ? await ctx.fs.stat(ctx.fs.resolvePath(ctx.cwd, n)).catch(() => undefined) : undefined;
    if (n && st?.isDirectory) folders.add(n);
  }
  return stderr
    .split('\n')
    .map((line) => {
      const n = new RegExp(missing.source).exec(line)?.[1];
      return worded && n !== undefined && folders.has(n) ? worded(quoteName(n)) : namesQuotedIn(name, line);
    })
    .join('\n');
}

/** `<name>: <file>: <error>` lines of a command's stderr with the file quoted as GNU does. */
export function namesQuotedIn(name: string, stderr: string): string {
  return stderr.replace(
    new RegExp(`^${name}: (.*): (No such file or directory|Is a directory|Not a directory|Permission denied)$`, 'gm'),
    (_, n: string, m: string) => `${name}: ${quoteName(n)}: ${m}`,
  );
}

export const catCommand: Command = namesQuoted('cat');

/** The other coreutils whose "<name>: <file>: <error>" lines quote the file (probed); uniq
 * quotes through its own wrapper (commands.ts), which also pads its counts, and wc through its
 * own (below). */
export const QUOTING_COMMANDS: Command[] = ['cut', 'base64', 'sha256sum', 'sha1sum', 'md5sum', 'paste'].map(
  namesQuoted,
);

const WC_COUNTS: Record<string, string> = {
  '--lines': 'l',
  '--words': 'w',
  '--bytes': 'c',
  '--chars': 'm',
  '--max-line-length': 'L',
};

/** The width GNU wc (coreutils 9) pads its counts to: one count of one input is not padded;
 * otherwise the digits of the inputs' total size when all are regular files, at least 7 when one
 * is not (a pipe, `-`); a missing one adds nothing (probed: `wc -l a b` pads to 2, `cat a | wc`
 * to 7). just-bash pads to the widest count. */
async function wcWidth(ctx: CommandContext, counts: number, files: readonly string[]): Promise<number> {
  const inputs = files.length === 0 ? ['-'] : files;
  if (counts === 1 && inputs.length === 1) return 1;
  let minimum = 1;
  let total = 0;
  for (const f of inputs) {
    if (f === '-') {
      minimum = 7;
      continue;
    }
    try {
      const st = await ctx.fs.stat(ctx.fs.resolvePath(ctx.cwd, f));
      if (st.isFile) total += st.size;
      else minimum = 7;
    } catch {
      // An input that cannot be opened adds nothing.
    }
  }
  return Math.max(minimum, String(total).length);
}

/** The column a line reaches as GNU wc -L measures it (coreutils 9, C.UTF-8): a tab moves to the
 * next multiple of 8, a carriage return or form feed starts the line again, a control character
 * takes no room, a wide character two (probed: `printf 'a\tb\n' | wc -L` prints 9). */
function lineWidths(text: string): { longest: number; words: number } {
  let longest = 0;
  let at = 0;
  let words = 0;
  let inWord = false;
  for (const ch of text) {
    const c = ch.codePointAt(0) as number;
    if (ch === '\n' || ch === '\r' || ch === '\f') {
      longest = Math.max(longest, at);
      at = 0;
      inWord = false;
    } else if (ch === '\t') {
      at += 8 - (at % 8);
      inWord = false;
    } else if (ch === ' ' || ch === '\v' || /\s/u.test(ch)) {
      if (ch !== '\v') at++;
      inWord = false;
    } else if (c >= 0x20 && c !== 0x7f && !(c >= 0x80 && c < 0xa0)) {
      if (!/\p{Mn}/u.test(ch)) at += isWide(c) ? 2 : 1;
      if (!inWord) words++;
      inWord = true;
    }
  }
  return { longest: Math.max(longest, at), words };
}

const WIDE: readonly [number, number][] = [
  [0x1100, 0x115f], [0x2e80, 0x303e], [0x3041, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xa000, 0xa4cf],
  [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe30, 0xfe4f], [0xff00, 0xff60], [0xffe0, 0xffe6], [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff], [0x20000, 0x3fffd],
];
const isWide = (c: number) => WIDE.some(([a, b]) => c >= a && c <= b);

/** A latin1-shaped byte string (how a pipe hands its bytes on) as bytes; text otherwise. */
export const bytesOf = (s: string): Uint8Array =>
  [...s].some((c) => c.charCodeAt(0) > 0xff) ? new TextEncoder().encode(s) : Uint8Array.from(s, (c) => c.charCodeAt(0));

/** wc taking every count itself, in GNU's column order (lines, words, chars, bytes, longest
 * line) with a total line for several inputs, where the longest line is the longest of all. */
async function wcCounted(ctx: CommandContext, flags: ReadonlySet<string>, files: readonly string[], width: number): Promise<ExecResult> {
  const order = ['l', 'w', 'm', 'c', 'L'].filter((f) => flags.has(f));
  const inputs = files.length === 0 ? [undefined] : files;
  // Each error where wc reaches its operand, among the rows.
  const chunks: Chunk[] = [];
  const total = { l: 0, w: 0, m: 0, c: 0, L: 0 };
  let failed = false;
  for (const name of inputs) {
    let bytes: Uint8Array;
    try {
      bytes = name === undefined || name === '-' ? bytesOf(String(ctx.stdin)) : await ctx.fs.readFileBuffer(ctx.fs.resolvePath(ctx.cwd, name));
    } catch {
      // A folder is counted as empty after its error (`wc: d: Is a directory`, then `0 d`).
      const folder = name !== undefined && name !== '' && (await kindOf(ctx, name)) === 'dir';
      chunks.push([2, `wc: ${quoteName(name ?? '-')}: ${folder ? 'Is a directory' : 'No such file or directory'}\n`]);
      failed = true;
      if (!folder) continue;
      bytes = new Uint8Array(0);
    }
    const text = new TextDecoder().decode(bytes);
    const { longest, words } = lineWidths(text);
    const n = { l: bytes.filter((b) => b === 10).length, w: words, m: [...text].length, c: bytes.length, L: longest };
    for (const k of ['l', 'w', 'm', 'c'] as const) total[k] += n[k];
    total.L = Math.max(total.L, longest);
    chunks.push([1, order.map((f) => String(n[f as keyof typeof n]).padStart(width)).join(' ') + (name === undefined ? '' : ` ${name}`) + '\n']);
  }
  if (inputs.length > 1) chunks.push([1, order.map((f) => String(total[f as keyof typeof total]).padStart(width)).join(' ') + ' total\n']);
  return ordered(chunks, failed ? 1 : 0);
}

/** wc with GNU's column widths and quoted names in its errors. */
export const wcCommand: Command = defineCommand('wc', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return noOriginal('wc');
  const r = await orig(args);
  const flags = new Set<string>();
  const files: string[] = [];
  let optionsEnd = false;
  for (const a of args) {
    if (optionsEnd || a === '-' || !a.startsWith('-')) files.push(a);
    else if (a === '--') optionsEnd = true;
    else if (a.startsWith('--')) {
      const f = WC_COUNTS[a];
      // An option this wrapper does not know (--files0-from, --total): just-bash's own padding.
      if (f === undefined) return { ...r, stderr: namesQuotedIn('wc', r.stderr) };
      flags.add(f);
    } else for (const c of a.slice(1)) flags.add(c);
  }
  const counts = flags.size === 0 ? 3 : flags.size;
  const width = await wcWidth(ctx, counts, files);
  // just-bash's wc has no -L, takes a folder for a missing file, and its message about a missing
  // one is read line by line (a name holding a newline is not quoted): then every count is taken here.
  const folders = await folderOperands(ctx, files);
  const kinds = await Promise.all(files.map((f) => (f === '-' ? 'file' : kindOf(ctx, f))));
  if (flags.has('L') || folders.length > 0 || kinds.includes('missing'))
    return wcCounted(ctx, flags.size === 0 ? new Set(['l', 'w', 'c']) : flags, files, width);
  const line = new RegExp(`^ *(\\d+(?: +\\d+){${counts - 1}})(?=$| )`, 'gm');
  const stdout = r.stdout.replace(line, (_, nums: string) =>
    nums
      .trim()
      .split(/ +/)
      .map((n) => n.padStart(width))
      .join(' '),
  );
  return { ...r, stdout, stderr: namesQuotedIn('wc', r.stderr) };
});

/** nl: just-bash passes the file system's message through; GNU names the operand. */
export const nlCommand: Command = defineCommand('nl', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return noOriginal('nl');
  // just-bash's nl throws the file system's error; the shell prints it as `nl: <message>`.
  const r = await orig(args).catch((e: unknown) => ({
    stdout: '',
    stderr: `nl: ${e instanceof Error ? e.message : String(e)}\n`,
    exitCode: 1,
  }));
  const named = (abs: string) =>
    args.find((a) => !a.startsWith('-') && ctx.fs.resolvePath(ctx.cwd, a) === abs) ?? abs;
  return {
    ...r,
    stderr: r.stderr.replace(
      /^nl: (ENOENT|EISDIR): [^,]*, \w+ '(.*)'$/gm,
      (_, code: string, abs: string) =>
        `nl: ${quoteName(named(abs))}: ${code === 'EISDIR' ? 'Is a directory' : 'No such file or directory'}`,
    ),
  };
});

/** WASI errno numbers CPython-on-WASM reports, as Linux numbers them. */
const WASI_ERRNO: Record<string, string> = {
  '44': '2',
  '2': '13',
  '31': '21',
  '54': '20',
  '20': '17',
  '55': '39',
};

/** `python3 -c CODE` tracebacks as CPython 3.12 prints them on Linux: just-bash runs the code
 * inside a harness script (/tmp/_jb_script.py), so its frames name that file, show source lines
 * and include the harness's own file wrappers. A frame of the code becomes `File "<string>",
 * line N` without source (as for -c); harness frames are dropped; WASI errno numbers become
 * Linux's. */
export function pythonCTraceback(stderr: string, code: string): string {
  if (!stderr.includes('/tmp/_jb_script.py')) return stderr;
  const codeLines = code.split('\n').map((l) => l.trim());
  const frame =
    /^ {2}File "\/tmp\/_jb_script\.py", line \d+, in (.*)\n(?: {4}(.*)\n)?(?: {4}[ ~^]*[~^][ ~^]*\n)?/gm;
  return stderr
    .replace(frame, (_, fn: string, src: string | undefined) => {
      const at = src === undefined ? -1 : codeLines.indexOf(src.trim());
      return at < 0 ? '' : `  File "<string>", line ${at + 1}, in ${fn}\n`;
    })
    .replace(/\[Errno (\d+)\]/g, (m, n: string) => (WASI_ERRNO[n] ? `[Errno ${WASI_ERRNO[n]}]` : m));
}

/** python3/python with the -c traceback rewrite (only where just-bash runs CPython). */
export function pythonCommand(name: string): Command {
  return defineCommand(name, async (args, ctx) => {
    const orig = ctx.origCommand;
    if (orig === undefined) return noOriginal(name);
    const r = await orig(args);
    const c = args.indexOf('-c');
    const code = c >= 0 ? args[c + 1] : undefined;
    return code === undefined ? r : { ...r, stderr: pythonCTraceback(r.stderr, code) };
  });
}

/** A usage error of a coreutils command as just-bash words it: the command's name, then a
 * missing operand (or cut's missing list), on the last line of its stderr. */
const USAGE_ERROR =
  /^([\w.-]+): (missing (?:\w+ )*operand|you must specify a list of bytes, characters, or fields|invalid option -- '.')\n?$/;

/** The operands of a command line: the words that are not options (before `--`) or after it. */
function operandsOf(args: readonly string[]): string[] {
  const i = args.indexOf('--');
  const before = i < 0 ? args : args.slice(0, i);
  return [...before.filter((a) => !(a.startsWith('-') && a.length > 1)), ...(i < 0 ? [] : args.slice(i + 1))];
}

/** GNU's own wording where it names what is missing after the operands given (coreutils 9,
 * UTF-8 locale, probed): mv/cp name the one source (quoted as file names are), chmod the mode
 * (in ‘’, as quote() does). */
function gnuUsageError(name: string, error: string, args: readonly string[]): string {
  const operands = operandsOf(args);
  if ((name === 'mv' || name === 'cp') && /^missing (destination )?file operand$/.test(error))
    return operands.length === 0
      ? 'missing file operand'
      : `missing destination file operand after ${quoteAfter(operands[0] as string)}`;
  if (name === 'chmod' && error === 'missing operand' && operands.length === 1)
    return `missing operand after ‘${operands[0] as string}’`;
  return error;
}

/** A name GNU quotes with quoteaf: always quoted, in single quotes unless quoteName needs more. */
export const quoteAfter = (name: string): string => {
  const q = quoteName(name);
  return q === name ? `'${name}'` : q;
};

/** A GNU usage error: the message, then the pointer to --help. */
export const usageError = (name: string, text: string, exitCode = 1): ExecResult => ({
  stdout: '',
  stderr: `${name}: ${text}\nTry '${name} --help' for more information.\n`,
  exitCode,
});

/** GNU coreutils follow a usage error with a pointer to --help (`Try 'rm --help' for more
 * information.`); just-bash prints the error alone (probed: rm, mv, cp, touch, mkdir, ln, chmod,
 * basename, dirname, readlink, seq, expr, stat, tr, cut). Wraps `command`, whatever it is. */
export function withUsageHint(command: Command): Command {
  return defineCommand(command.name, async (args, ctx) => {
    const r = await command.execute(args, ctx);
    if (r.exitCode === 0) return r;
    const lines = r.stderr.split(/(?<=\n)/);
    const m = USAGE_ERROR.exec(lines.at(-1) ?? '');
    if (!m || m[1] !== command.name) return r;
    lines[lines.length - 1] =
      `${command.name}: ${gnuUsageError(command.name, m[2] as string, args)}\nTry '${command.name} --help' for more information.\n`;
    return { ...r, stderr: lines.join('') };
  });
}

/** A built-in that only gets the usage hint (it has no other wrapper). */
export const usageHinted = (name: string): Command =>
  withUsageHint(
    defineCommand(name, async (args, ctx) => (ctx.origCommand === undefined ? noOriginal(name) : ctx.origCommand(args))),
  );
