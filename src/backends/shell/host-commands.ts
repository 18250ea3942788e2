// Commands the binary's host has and just-bash lacks, as GNU coreutils 9.1 and util-linux give
// them (probed there: bash-x-everyday-tools), and the ones just-bash has that the host does not.
import { defineCommand, getCommandNames, type Command, type CommandContext, type ExecResult } from 'just-bash';
import { gnuQuote } from './counts';
import { bytesOf, usageError as usage } from './fixes';
import { bcCommand } from './bc';

/** just-bash's commands the recording host has no program for: bash says "command not found". */
const HOST_LACKS: ReadonlySet<string> = new Set(['tree', 'html-to-markdown', 'xan', 'js-exec']);

/** just-bash's built-in commands the in-memory shell offers. */
export const builtinCommandNames = (): string[] => getCommandNames().filter((n) => !HOST_LACKS.has(n));

const ok = (stdout: string): ExecResult => ({ stdout, stderr: '', exitCode: 0 });
const err = (stderr: string, exitCode = 1): ExecResult => ({ stdout: '', stderr, exitCode });

/** The user every command runs as: the recordings were made as root (replay's USER). */
const userOf = (ctx: CommandContext) => ctx.env.get('USER') ?? 'root';
const idOf = (user: string) => (user === 'root' ? 0 : 1000);

const whoamiCommand = defineCommand('whoami', async (_args, ctx) => ok(`${userOf(ctx)}\n`));

/** `id [-u|-g|-G] [-n]`; bare, `uid=0(root) gid=0(root) groups=0(root)`. */
const idCommand = defineCommand('id', async (args, ctx) => {
  const user = userOf(ctx);
  const n = idOf(user);
  const flags = new Set(args.flatMap((a) => (a.startsWith('-') ? [...a.slice(1)] : [])));
  const name = flags.has('n');
  if (flags.has('u') || flags.has('g') || flags.has('G')) return ok(`${name ? user : n}\n`);
  return ok(`uid=${n}(${user}) gid=${n}(${user}) groups=${n}(${user})\n`);
});

/** The recording host's kernel, as `uname` names it there. */
const UNAME = { s: 'Linux', n: 'vm', r: '6.18.44-fc-v1272', v: '#1 SMP PREEMPT_DYNAMIC @0', m: 'x86_64', p: 'unknown', i: 'unknown', o: 'GNU/Linux' } as const;
const UNAME_LONG: Record<string, string> = {
  '--kernel-name': 's', '--nodename': 'n', '--kernel-release': 'r', '--kernel-version': 'v', '--machine': 'm',
  '--processor': 'p', '--hardware-platform': 'i', '--operating-system': 'o', '--all': 'a',
};

const unameCommand = defineCommand('uname', async (args) => {
  const want = new Set<string>();
  for (const a of args) {
    if (a.startsWith('--')) {
      const c = UNAME_LONG[a];
      if (c === undefined) return usage('uname', `unrecognized option '${a}'`);
      want.add(c);
    } else if (a.startsWith('-') && a.length > 1) {
      for (const c of a.slice(1)) {
        if (!'asnrvmpio'.includes(c)) return usage('uname', `invalid option -- '${c}'`);
        want.add(c);
      }
    } else return usage('uname', `extra operand ${gnuQuote(a)}`);
  }
  // -a leaves out -p and -i where they are unknown.
  const order = want.has('a') ? 'snrvmo' : 'snrvmpio';
  const shown = want.size === 0 ? 's' : [...order].filter((c) => want.has('a') || want.has(c)).join('');
  return ok(`${[...shown].map((c) => UNAME[c as keyof typeof UNAME]).join(' ')}\n`);
});

/** `getconf NAME [PATH]` for the limits scripts ask about, with the host's values. */
const GETCONF: Readonly<Record<string, string>> = {
  ARG_MAX: '2097152', PAGE_SIZE: '4096', PAGESIZE: '4096', LONG_BIT: '64', CLK_TCK: '100', OPEN_MAX: '1048576',
  CHILD_MAX: '127655', HOST_NAME_MAX: '64', LOGIN_NAME_MAX: '256', _NPROCESSORS_ONLN: '2', _NPROCESSORS_CONF: '2',
  NAME_MAX: '255', PATH_MAX: '4096', PIPE_BUF: '4096', LINE_MAX: '2048', INT_MAX: '2147483647',
};
const getconfCommand = defineCommand('getconf', async (args) => {
  const [name, path] = args;
  if (name === undefined) return usage('getconf', 'missing operand');
  const v = GETCONF[name];
  if (v === undefined || (path === undefined && ['NAME_MAX', 'PATH_MAX', 'PIPE_BUF'].includes(name)))
    return err(`getconf: Unrecognized variable '${name}'\n`);
  return ok(`${v}\n`);
});

/** GNU realpath: every component resolved through symlinks; all but the last must exist (-e: all;
 * -m: none); -s leaves symlinks, -q keeps quiet, -z ends with NUL, --relative-to. */
const realpathCommand = defineCommand('realpath', async (args, ctx) => {
  let mode: 'E' | 'e' | 'm' = 'E';
  let physical = true;
  let quiet = false;
  let end = '\n';
  let relativeTo: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') {
      files.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--relative-to=')) relativeTo = a.slice(14);
    else if (a === '--canonicalize-existing') mode = 'e';
    else if (a === '--canonicalize-missing') mode = 'm';
    else if (a === '--no-symlinks' || a === '--strip') physical = false;
    else if (a === '--quiet') quiet = true;
    else if (a === '--zero') end = '\0';
    else if (a.startsWith('--')) return usage('realpath', `unrecognized option '${a}'`);
    else if (a.startsWith('-') && a.length > 1) {
      for (const c of a.slice(1)) {
        if (c === 'e' || c === 'm' || c === 'E') mode = c;
        else if (c === 's') physical = false;
        else if (c === 'q') quiet = true;
        else if (c === 'z') end = '\0';
        else if (c === 'L' || c === 'P') physical = c === 'P' || physical;
        else return usage('realpath', `invalid option -- '${c}'`);
      }
    } else files.push(a);
  }
  if (files.length === 0) return usage('realpath', 'missing operand');
  let stdout = '';
  let stderr = '';
  const base = relativeTo === undefined ? undefined : await resolved(ctx, relativeTo, 'm', physical);
  for (const f of files) {
    const r = await resolved(ctx, f, mode, physical);
    if (r === undefined) {
      if (!quiet) stderr += `realpath: ${f}: No such file or directory\n`;
      continue;
    }
    stdout += (base === undefined ? r : relative(base, r)) + end;
  }
  return { stdout, stderr, exitCode: stderr === '' && stdout.split(end).length - 1 === files.length ? 0 : 1 };
});

async function resolved(ctx: CommandContext, path: string, mode: 'E' | 'e' | 'm', physical: boolean): Promise<string | undefined> {
  const abs = ctx.fs.resolvePath(ctx.cwd, path);
  const parts = abs.split('/').filter((p) => p !== '');
  let at = '';
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as string;
    if (p === '.') continue;
    if (p === '..') {
      at = at.slice(0, at.lastIndexOf('/'));
      continue;
    }
    const next = `${at}/${p}`;
    const last = i === parts.length - 1;
    const exists = await ctx.fs.exists(next);
    if (!exists && (mode === 'e' || (mode === 'E' && !last))) return undefined;
    if (exists && physical) {
      try {
        at = await ctx.fs.realpath(next);
        continue;
      } catch {
        if (mode !== 'm') return undefined;
      }
    }
    at = next;
  }
  return at === '' ? '/' : at;
}

function relative(from: string, to: string): string {
  const a = from.split('/').filter(Boolean);
  const b = to.split('/').filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const out = [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
  return out === '' ? '.' : out;
}

/** POSIX cksum: the CRC of the bytes and their length, then the length; per file or stdin. */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    t[i] = c >>> 0;
  }
  return t;
})();

export function posixCksum(bytes: Uint8Array): number {
  let crc = 0;
  const step = (b: number) => {
    crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ b) & 0xff] as number)) >>> 0;
  };
  for (const b of bytes) step(b);
  for (let n = bytes.length; n > 0; n = Math.floor(n / 256)) step(n & 0xff);
  return ~crc >>> 0;
}

const cksumCommand = defineCommand('cksum', async (args, ctx) => {
  const files = args.filter((a) => a !== '--');
  let stdout = '';
  let stderr = '';
  for (const f of files.length === 0 ? ['-'] : files) {
    let bytes: Uint8Array;
    try {
      bytes = f === '-' ? bytesOf(String(ctx.stdin)) : await ctx.fs.readFileBuffer(ctx.fs.resolvePath(ctx.cwd, f));
    } catch {
      stderr += `cksum: ${f}: No such file or directory\n`;
      continue;
    }
    stdout += `${posixCksum(bytes)} ${bytes.length}${f === '-' ? '' : ` ${f}`}\n`;
  }
  return { stdout, stderr, exitCode: stderr === '' ? 0 : 1 };
});

/** `mktemp [-d] [-p DIR | -t] [TEMPLATE]`: a new file or folder named from the template's trailing
 * Xs (default tmp.XXXXXXXXXX in $TMPDIR or /tmp). */
const mktempCommand = defineCommand('mktemp', async (args, ctx) => {
  let dir = false;
  let parent: string | undefined;
  let dryRun = false;
  let template: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '-d' || a === '--directory') dir = true;
    else if (a === '-u' || a === '--dry-run') dryRun = true;
    else if (a === '-q' || a === '--quiet') continue;
    else if (a === '-t') parent ??= ctx.env.get('TMPDIR') || '/tmp';
    else if (a === '-p') parent = args[++i] || ctx.env.get('TMPDIR') || '/tmp';
    else if (a.startsWith('--tmpdir')) parent = a.slice(9) || ctx.env.get('TMPDIR') || '/tmp';
    else if (a.startsWith('-') && a.length > 1) return usage('mktemp', `invalid option -- '${a.charAt(1)}'`);
    else template = a;
  }
  const name = template ?? 'tmp.XXXXXXXXXX';
  const xs = /X{3,}$/.exec(name)?.[0].length ?? 0;
  if (xs < 3) return err(`mktemp: too few X's in template ${gnuQuote(name)}\n`);
  const where = template === undefined || parent !== undefined ? `${parent ?? ctx.env.get('TMPDIR') ?? '/tmp'}/` : '';
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const random = Array.from({ length: xs }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
  const path = `${where}${name.slice(0, name.length - xs)}${random}`;
  const abs = ctx.fs.resolvePath(ctx.cwd, path);
  if (!dryRun) {
    try {
      if (dir) await ctx.fs.mkdir(abs, { recursive: false });
      else await ctx.fs.writeFile(abs, '');
    } catch {
      return err(`mktemp: failed to create ${dir ? 'directory' : 'file'} via template ${gnuQuote(where + name)}: No such file or directory\n`);
    }
  }
  return ok(`${path}\n`);
});

/** Blocks of 4 KiB as ext4 gives them: a file takes whole blocks, a folder one. */
const BLOCK = 4096;
const blocksOf = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

/** GNU du over the workspace: sizes in 1 KiB units (or -h, -k, -m, -b), post-order, -s, -a,
 * -c, -d N; names in sorted order (the host's own order is its file system's). */
const duCommand = defineCommand('du', async (args, ctx) => {
  let all = false;
  let summary = false;
  let total = false;
  let human = false;
  let apparent = false;
  let unit = 1024;
  let depth = Infinity;
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') {
      paths.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--max-depth=')) depth = Number(a.slice(12));
    else if (a === '--apparent-size') apparent = true;
    else if (a === '--human-readable') human = true;
    else if (a === '--summarize') summary = true;
    else if (a === '--total') total = true;
    else if (a === '--all') all = true;
    else if (a === '--bytes') [apparent, unit] = [true, 1];
    else if (a.startsWith('--')) return usage('du', `unrecognized option '${a}'`);
    else if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const c = a[j] as string;
        if (c === 'a') all = true;
        else if (c === 's') summary = true;
        else if (c === 'c') total = true;
        else if (c === 'h') human = true;
        else if (c === 'k') unit = 1024;
        else if (c === 'm') unit = 1024 * 1024;
        else if (c === 'b') [apparent, unit] = [true, 1];
        else if (c === 'd') {
          depth = Number(a.slice(j + 1) || args[++i]);
          break;
        } else return usage('du', `invalid option -- '${c}'`);
      }
    } else paths.push(a);
  }
  if (summary) depth = 0;
  const show = (n: number) => (human ? humanSize(n) : String(Math.ceil(n / unit)));
  const lines: string[] = [];
  let stderr = '';
  let sum = 0;
  const walk = async (abs: string, shown: string, level: number): Promise<number> => {
    const st = await ctx.fs.lstat(abs);
    if (!st.isDirectory) {
      const n = apparent ? st.size : blocksOf(st.size);
      if (level === 0 || (all && level <= depth)) lines.push(`${show(n)}\t${shown}`);
      return n;
    }
    let n = apparent ? 0 : BLOCK;
    for (const e of [...(await ctx.fs.readdir(abs))].sort())
      n += await walk(`${abs}/${e}`, `${shown.replace(/\/$/, '')}/${e}`, level + 1);
    if (level <= depth) lines.push(`${show(n)}\t${shown}`);
    return n;
  };
  for (const p of paths.length === 0 ? ['.'] : paths) {
    try {
      sum += await walk(ctx.fs.resolvePath(ctx.cwd, p), p, 0);
    } catch {
      stderr += `du: cannot access ${gnuQuote(p)}: No such file or directory\n`;
    }
  }
  if (total) lines.push(`${show(sum)}\ttotal`);
  return { stdout: lines.map((l) => `${l}\n`).join(''), stderr, exitCode: stderr === '' ? 0 : 1 };
});

/** GNU's -h: one decimal under 10 (rounded up), whole numbers above, K M G T. */
function humanSize(n: number): string {
  if (n < 1024) return String(n);
  const units = ['K', 'M', 'G', 'T', 'P'];
  let v = n;
  let u = -1;
  do {
    v /= 1024;
    u++;
  } while (v >= 1024 && u < units.length - 1);
  const shown = v < 10 ? (Math.ceil(v * 10) / 10).toFixed(1) : String(Math.ceil(v));
  return (shown === '10.0' ? '10' : shown) + units[u];
}

const hex = (b: number) => b.toString(16).padStart(2, '0');
const printable = (b: number) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.');

async function inputBytes(ctx: CommandContext, name: string, file: string | undefined): Promise<Uint8Array | ExecResult> {
  if (file === undefined || file === '-') return bytesOf(String(ctx.stdin));
  try {
    return await ctx.fs.readFileBuffer(ctx.fs.resolvePath(ctx.cwd, file));
  } catch {
    return err(`${name}: ${file}: No such file or directory\n`, name === 'xxd' ? 2 : 1);
  }
}

/** xxd: the default dump (`-c` bytes a line, `-g` bytes a group), `-p` plain hex, `-l`, `-s`, `-u`. */
const xxdCommand = defineCommand('xxd', async (args, ctx) => {
  let cols: number | undefined;
  let group = 2;
  let plain = false;
  let upper = false;
  let length = Infinity;
  let seek = 0;
  let file: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const value = () => Number(args[++i]);
    if (a === '-p' || a === '-ps' || a === '-plain') plain = true;
    else if (a === '-u') upper = true;
    else if (a === '-c' || a === '-cols') cols = value();
    else if (a === '-g' || a === '-groupsize') group = value();
    else if (a === '-l' || a === '-len') length = value();
    else if (a === '-s' || a === '-seek') seek = value();
    else if (a.startsWith('-') && a.length > 1) return err(`xxd: unsupported option ${a}\n`, 1);
    else file = a;
  }
  const read = await inputBytes(ctx, 'xxd', file);
  if (!(read instanceof Uint8Array)) return read;
  const bytes = read.subarray(seek, seek + Math.min(length, read.length));
  const h = (b: number) => (upper ? hex(b).toUpperCase() : hex(b));
  if (plain) {
    const per = cols ?? 30;
    const out: string[] = [];
    for (let i = 0; i < bytes.length; i += per) out.push([...bytes.subarray(i, i + per)].map(h).join(''));
    return ok(out.length ? `${out.join('\n')}\n` : '');
  }
  const per = cols ?? 16;
  const width = Math.ceil(per / group) * (group * 2 + 1);
  let stdout = '';
  for (let i = 0; i < bytes.length; i += per) {
    const line = bytes.subarray(i, i + per);
    let hexPart = '';
    for (let k = 0; k < line.length; k += group)
      hexPart += [...line.subarray(k, k + group)].map(h).join('') + ' ';
    stdout += `${(seek + i).toString(16).padStart(8, '0')}: ${hexPart.padEnd(width)} ${[...line].map(printable).join('')}\n`;
  }
  return ok(stdout);
});

/** hexdump: `-C` (canonical: hex and characters) and the default 16-bit words; `-n`, `-s`. */
const hexdumpCommand = defineCommand('hexdump', async (args, ctx) => {
  let canonical = false;
  let length = Infinity;
  let skip = 0;
  let file: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '-C') canonical = true;
    else if (a === '-n') length = Number(args[++i]);
    else if (a === '-s') skip = Number(args[++i]);
    else if (a.startsWith('-') && a.length > 1) return err(`hexdump: invalid option -- '${a.slice(1)}'\n`);
    else file = a;
  }
  const read = await inputBytes(ctx, 'hexdump', file);
  if (!(read instanceof Uint8Array)) return read;
  const bytes = read.subarray(skip, skip + Math.min(length, read.length));
  const end = skip + bytes.length;
  const lines: string[] = [];
  let previous: string | undefined;
  let starred = false;
  for (let i = 0; i < bytes.length; i += 16) {
    const line = bytes.subarray(i, i + 16);
    const key = [...line].join(',');
    if (key === previous && line.length === 16) {
      if (!starred) lines.push('*');
      starred = true;
      continue;
    }
    previous = key;
    starred = false;
    const at = skip + i;
    if (canonical) {
      const left = [...line.subarray(0, 8)].map(hex).join(' ');
      const right = [...line.subarray(8)].map(hex).join(' ');
      const hexPart = `${left.padEnd(23)}  ${right}`.padEnd(48);
      lines.push(`${at.toString(16).padStart(8, '0')}  ${hexPart}  |${[...line].map(printable).join('')}|`);
    } else {
      const words: string[] = [];
      for (let k = 0; k < line.length; k += 2) words.push(hex(line[k + 1] ?? 0) + hex(line[k] as number));
      // A short last line is padded to the width of a full one.
      lines.push(`${at.toString(16).padStart(7, '0')} ${words.join(' ').padEnd(39)}`);
    }
  }
  if (bytes.length > 0) lines.push(end.toString(16).padStart(canonical ? 8 : 7, '0'));
  return ok(lines.map((l) => `${l}\n`).join(''));
});

/** shuf: the lines of its input, `-e` its operands, or `-i LO-HI`, in a random order; `-n N`. */
const shufCommand = defineCommand('shuf', async (args, ctx) => {
  let items: string[] | undefined;
  let count = Infinity;
  let echo = false;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '-e' || a === '--echo') echo = true;
    else if (a === '-n') count = Number(args[++i]);
    else if (a.startsWith('--head-count=')) count = Number(a.slice(13));
    else if (a === '-i' || a.startsWith('--input-range=')) {
      const range = a === '-i' ? (args[++i] ?? '') : a.slice(14);
      const m = /^(\d+)-(\d+)$/.exec(range);
      if (!m) return err(`shuf: invalid input range: ${gnuQuote(range)}\n`);
      items = [];
      for (let k = Number(m[1]); k <= Number(m[2]); k++) items.push(String(k));
    } else rest.push(a);
  }
  if (items === undefined && echo) items = rest;
  if (items === undefined) {
    const read = await inputBytes(ctx, 'shuf', rest[0]);
    if (!(read instanceof Uint8Array)) return read;
    items = new TextDecoder().decode(read).split('\n');
    if (items[items.length - 1] === '') items.pop();
  }
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as string, out[i] as string];
  }
  return ok(out.slice(0, count).map((l) => `${l}\n`).join(''));
});

export const hostCommands: Command[] = [
  whoamiCommand,
  idCommand,
  unameCommand,
  getconfCommand,
  realpathCommand,
  cksumCommand,
  mktempCommand,
  duCommand,
  xxdCommand,
  hexdumpCommand,
  shufCommand,
  bcCommand,
];
