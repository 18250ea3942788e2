// GNU `ls -l` on the in-memory workspace. just-bash's long listing differs from coreutils (a
// trailing `/` on directories, `.` and `..` at the epoch, no link targets, directories of size 0)
// and dates it against the real clock; this one dates it against the workspace's clock, which
// stamps every file. The names and their order still come from just-bash's `ls -1` with the
// same sorting flags, so only the columns are ours.
import type { CommandContext, ExecResult, FsStat, IFileSystem } from 'just-bash';

type Ls = (args: string[]) => Promise<ExecResult>;

/** The flags a long listing here understands; any other flag leaves the listing to just-bash. */
const LONG_FLAGS = /^-[laAhtrSd1]+$/;
const SIX_MONTHS_MS = 31_556_952_000 / 2;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The owner the recordings show: they were made as root, as `whoami` says here (host-commands.ts). */
const OWNER = 'root';
const BLOCK = 4096;

/** The workspace's "now", from the shell's file system (the clock that stamps its files). */
export async function workspaceNow(fs: IFileSystem): Promise<number> {
  const f = fs as IFileSystem & { workspaceNow?: () => number | Promise<number> };
  return typeof f.workspaceNow === 'function' ? f.workspaceNow() : Date.now();
}

/** The long options a long listing here takes: `--time-style=STYLE` and `--full-time` (a long
 * listing with the full-iso style). */
interface LongOptions {
  style?: string;
  fullTime: boolean;
  /** The arguments without the long options. */
  rest: string[];
}

function longOptions(args: readonly string[]): LongOptions {
  const out: LongOptions = { fullTime: false, rest: [] };
  for (const a of args) {
    if (a === '--full-time') out.fullTime = true;
    else if (a.startsWith('--time-style=')) out.style = a.slice('--time-style='.length);
    else out.rest.push(a);
  }
  return out;
}

/** GNU ls's refusal of the arguments' time style, given before anything is listed. */
export function timeStyleRefusal(args: readonly string[]): ExecResult | undefined {
  const { style, fullTime } = longOptions(args);
  const d = dateStyle(style, fullTime);
  return typeof d !== 'string' && 'exitCode' in d ? d : undefined;
}

export function isLongListing(args: readonly string[]): boolean {
  const { fullTime, rest } = longOptions(args);
  const flags = rest.filter((a) => a.startsWith('-') && a !== '-');
  return (fullTime || flags.some((f) => f.includes('l'))) && flags.every((f) => LONG_FLAGS.test(f));
}

function modeString(st: FsStat): string {
  // Linux ignores a symlink's own mode and shows it as 777.
  if (st.isSymbolicLink) return 'lrwxrwxrwx';
  const type = st.isSymbolicLink ? 'l' : st.isDirectory ? 'd' : '-';
  const m = st.mode;
  const bit = (mask: number, c: string) => ((m & mask) !== 0 ? c : '-');
  const exec = (x: number, special: number, on: string, off: string) =>
    (m & special) !== 0 ? ((m & x) !== 0 ? on : off) : bit(x, 'x');
  return (
    type +
    bit(0o400, 'r') +
    bit(0o200, 'w') +
    exec(0o100, 0o4000, 's', 'S') +
    bit(0o040, 'r') +
    bit(0o020, 'w') +
    exec(0o010, 0o2000, 's', 'S') +
    bit(0o004, 'r') +
    bit(0o002, 'w') +
    exec(0o001, 0o1000, 't', 'T')
  );
}

/** GNU's -h: one decimal below 10, rounded up. */
export function humanSize(n: number): string {
  if (n < 1024) return String(n);
  const units = ['K', 'M', 'G', 'T', 'P'];
  let v = n;
  for (const unit of units) {
    v /= 1024;
    if (v < 10) {
      const r = Math.ceil(v * 10) / 10;
      if (r < 10) return `${r.toFixed(1)}${unit}`;
      return `10${unit}`;
    }
    const r = Math.ceil(v);
    if (r < 1024) return `${r}${unit}`;
  }
  return `${Math.ceil(v)}E`;
}

/** `%b %e %H:%M` within the six months before now, `%b %e  %Y` otherwise (also in the future). */
export function lsDate(mtimeMs: number, nowMs: number): string {
  const d = new Date(mtimeMs);
  const day = String(d.getUTCDate()).padStart(2, ' ');
  const recent = mtimeMs <= nowMs && nowMs - mtimeMs < SIX_MONTHS_MS;
  const tail = recent
    ? `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`
    : ` ${d.getUTCFullYear()}`;
  return `${MONTHS[d.getUTCMonth()]} ${day} ${tail}`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const two = (n: number) => String(n).padStart(2, '0');

/** The strftime conversions a `+FORMAT` time style uses, in UTC (the workspace's TZ); an
 * unknown one is kept as written. Nanoseconds are the millisecond clock's. */
function strftime(format: string, ms: number): string {
  const d = new Date(ms);
  const Y = String(d.getUTCFullYear());
  const m = two(d.getUTCMonth() + 1);
  const dd = two(d.getUTCDate());
  const H = two(d.getUTCHours());
  const M = two(d.getUTCMinutes());
  const S = two(d.getUTCSeconds());
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const conv: Record<string, string> = {
    Y,
    m,
    d: dd,
    H,
    M,
    S,
    N: `${String(d.getUTCMilliseconds()).padStart(3, '0')}000000`,
    z: '+0000',
    Z: 'UTC',
    b: MONTHS[d.getUTCMonth()] as string,
    h: MONTHS[d.getUTCMonth()] as string,
    a: DAYS[d.getUTCDay()] as string,
    e: String(d.getUTCDate()).padStart(2, ' '),
    y: Y.slice(-2),
    j: String(Math.floor((ms - yearStart) / 86_400_000) + 1).padStart(3, '0'),
    F: `${Y}-${m}-${dd}`,
    T: `${H}:${M}:${S}`,
    R: `${H}:${M}`,
    s: String(Math.floor(ms / 1000)),
    n: '\n',
    t: '\t',
    '%': '%',
  };
  return format.replace(/%(.)/g, (all, c: string) => conv[c] ?? all);
}

/** How a time style dates a file: its `recent` format within the six months before now. */
type DateStyle = { old: string; recent: string } | 'locale';

const STYLES: Record<string, DateStyle> = {
  'full-iso': { old: '%Y-%m-%d %H:%M:%S.%N %z', recent: '%Y-%m-%d %H:%M:%S.%N %z' },
  'long-iso': { old: '%Y-%m-%d %H:%M', recent: '%Y-%m-%d %H:%M' },
  iso: { old: '%Y-%m-%d ', recent: '%m-%d %H:%M' },
  locale: 'locale',
};

/** GNU ls's refusal of an unknown time style. */
function badStyle(style: string): ExecResult {
  return {
    stdout: '',
    stderr: `ls: invalid argument ‘${style}’ for ‘time style’\nValid arguments are:\n  - [posix-]full-iso\n  - [posix-]long-iso\n  - [posix-]iso\n  - [posix-]locale\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format\nTry 'ls --help' for more information.\n`,
    exitCode: 2,
  };
}

/** A `--time-style` value as its formats (a `+FORMAT` may give the recent one after a newline). */
function dateStyle(style: string | undefined, fullTime: boolean): DateStyle | ExecResult {
  if (style === undefined) return fullTime ? (STYLES['full-iso'] as DateStyle) : 'locale';
  if (style.startsWith('+')) {
    const [old, recent] = style.slice(1).split('\n');
    return { old: old ?? '', recent: recent ?? old ?? '' };
  }
  return STYLES[style.replace(/^posix-/, '')] ?? badStyle(style);
}

function dated(style: DateStyle, mtimeMs: number, nowMs: number): string {
  if (style === 'locale') return lsDate(mtimeMs, nowMs);
  const recent = mtimeMs <= nowMs && nowMs - mtimeMs < SIX_MONTHS_MS;
  return strftime(recent ? style.recent : style.old, mtimeMs);
}

interface Row {
  st: FsStat;
  name: string;
  nlink: number;
  size: number;
  target?: string;
}

const blocksOf = (r: Row) => (r.st.isSymbolicLink ? 0 : Math.ceil(r.size / BLOCK) * (BLOCK / 1024));

async function rowFor(fs: IFileSystem, path: string, name: string): Promise<Row> {
  const st = await fs.lstat(path);
  if (st.isSymbolicLink) {
    const target = await fs.readlink(path);
    return { st, name, nlink: 1, size: new TextEncoder().encode(target).length, target };
  }
  if (!st.isDirectory) return { st, name, nlink: 1, size: st.size };
  let subdirs = 0;
  try {
    for (const child of await fs.readdir(path)) {
      const cs = await fs.lstat(path === '/' ? `/${child}` : `${path}/${child}`);
      if (cs.isDirectory) subdirs += 1;
    }
  } catch {
    // Unreadable: count it as empty.
  }
  return { st, name, nlink: 2 + subdirs, size: BLOCK };
}

function render(rows: Row[], human: boolean, nowMs: number, style: DateStyle): string[] {
  const sizeOf = (r: Row) => (human ? humanSize(r.size) : String(r.size));
  const linkW = Math.max(...rows.map((r) => String(r.nlink).length));
  const sizeW = Math.max(...rows.map((r) => sizeOf(r).length));
  return rows.map(
    (r) =>
      `${modeString(r.st)} ${String(r.nlink).padStart(linkW)} ${OWNER} ${OWNER} ${sizeOf(r).padStart(sizeW)} ` +
      `${dated(style, r.st.mtime.getTime(), nowMs)} ${r.name}${r.target !== undefined ? ` -> ${r.target}` : ''}`,
  );
}

/** A long listing of at most one operand (the ls wrapper splits several). */
export async function longListing(all: string[], ctx: CommandContext, orig: Ls): Promise<ExecResult> {
  const { style: styleName, fullTime, rest: args } = longOptions(all);
  const style = dateStyle(styleName, fullTime);
  if (typeof style !== 'string' && 'exitCode' in style) return style;
  const flags = args.filter((a) => a.startsWith('-') && a !== '-');
  const operands = args.filter((a) => !a.startsWith('-') || a === '-');
  if (operands.length > 1) return orig(args);
  const letters = new Set(flags.join('').replace(/-/g, ''));
  const operand = operands[0] ?? '.';
  const path = ctx.fs.resolvePath(ctx.cwd, operand);
  if (!(await ctx.fs.exists(path))) return orig(args);
  const nowMs = await workspaceNow(ctx.fs);
  const human = letters.has('h');
  const st = await ctx.fs.lstat(path);
  if (letters.has('d') || !st.isDirectory) {
    const rows = [await rowFor(ctx.fs, path, operand)];
    return { stdout: render(rows, human, nowMs, style).join('\n') + '\n', stderr: '', exitCode: 0 };
  }
  const sorting = [...letters].filter((c) => 'aAtrS'.includes(c)).join('');
  const listed = await orig([`-1${sorting}`, operand]);
  if (listed.exitCode !== 0) return orig(args);
  const names = listed.stdout.split('\n').filter((n) => n !== '');
  const rows: Row[] = [];
  for (const name of names) {
    const full = name === '.' ? path : name === '..' ? parentOf(path) : join(path, name);
    const row = await rowFor(ctx.fs, full, name);
    rows.push(row);
  }
  const total = rows.reduce((n, r) => n + blocksOf(r), 0);
  const totalText = human ? humanSize(total * 1024) : String(total);
  const lines = [`total ${totalText}`, ...(rows.length > 0 ? render(rows, human, nowMs, style) : [])];
  return { stdout: lines.join('\n') + '\n', stderr: listed.stderr, exitCode: 0 };
}

function join(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}
