// head's and tail's counts as GNU coreutils 9.1 reads them (probed): decimal, with a multiplier
// suffix (`1K` 1024, `1kB` 1000, `1KiB` 1024, `1b` 512), where just-bash's parseInt read `1K` as
// 1. Also what the in-memory shell's endless producers read from a script before it runs.

/** A count as xstrtoumax reads it: its value, or why it is refused. */
export type GnuCount = { value: bigint } | { error: 'invalid' | 'too-large' };

const UINTMAX = (1n << 64n) - 1n;
/** Powers of the base each suffix letter stands for (`b` alone is 512). */
const POWERS: Record<string, number> = { k: 1, K: 1, m: 2, M: 2, G: 3, T: 4, P: 5, E: 6, Z: 7, Y: 8 };

export function gnuCount(text: string): GnuCount {
  const m = /^[ \t\n\v\f\r]*\+?([0-9]*)([^]*)$/.exec(text);
  if (!m) return { error: 'invalid' };
  const digits = m[1] ?? '';
  const suffix = m[2] ?? '';
  // With no digits, a suffix alone counts one of its unit (`-c K` is 1024).
  if (digits === '' && (suffix === '' || !/^[bkKmMGTPEZY]/.test(suffix))) return { error: 'invalid' };
  let value = digits === '' ? 1n : BigInt(digits);
  const tooLarge = (): GnuCount => ({ error: 'too-large' });
  if (suffix === 'b') value *= 512n;
  else if (suffix !== '') {
    const power = POWERS[suffix.charAt(0)];
    const rest = suffix.slice(1);
    const base = rest === '' || rest === 'iB' ? 1024n : rest === 'B' || rest === 'D' ? 1000n : null;
    if (power === undefined || base === null) return { error: 'invalid' };
    value *= base ** BigInt(power);
  }
  return value > UINTMAX ? tooLarge() : { value };
}

/** A count as a number just-bash takes: past 2^53 no input is that long anyway. */
export const countNumber = (v: bigint): number =>
  v > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(v);

const C_ESCAPES: Record<string, string> = {
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\v': '\\v',
  '\\': '\\\\',
};

/** GNU's quote() of a value in a UTF-8 locale: ‘1\t’. */
export function gnuQuote(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    out += C_ESCAPES[c] ?? (code < 0x20 || code === 0x7f ? `\\${code.toString(8).padStart(3, '0')}` : c);
  }
  return `‘${out}’`;
}

export type CountUnit = 'lines' | 'bytes';

/** The count a head or tail command line asks for: the last `-n`/`-c` given wins, as in GNU. */
export interface HeadTailCount {
  unit: CountUnit;
  /** The option's text as given, sign included. */
  text: string;
  /** Where in the arguments the option is, and how many arguments it takes (1 or 2). */
  at: number;
  width: number;
}

const UNIT_OPTIONS: Record<string, CountUnit> = {
  '-n': 'lines',
  '--lines': 'lines',
  '-c': 'bytes',
  '--bytes': 'bytes',
};

/** Every `-n`/`-c` count option before `--`, in order. */
export function countOptions(args: readonly string[]): HeadTailCount[] {
  const found: HeadTailCount[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') break;
    const separate = UNIT_OPTIONS[a];
    if (separate !== undefined) {
      if (i + 1 < args.length) found.push({ unit: separate, text: args[i + 1] ?? '', at: i, width: 2 });
      i++;
      continue;
    }
    const long = /^(--lines|--bytes)=([^]*)$/.exec(a);
    const short = /^(-[nc])([^]+)$/.exec(a);
    const m = long ?? short;
    const unit = m ? UNIT_OPTIONS[m[1] ?? ''] : undefined;
    if (m && unit !== undefined) found.push({ unit, text: m[2] ?? '', at: i, width: 1 });
  }
  return found;
}

/** A count read for head or tail: its unit and value, whether head elides (`-n -1`: all but the
 * last line) or tail starts from (`+N`), or GNU's refusal. */
export type ReadCount =
  { unit: CountUnit; value: bigint; sign: '' | '-' | '+' } | { unit: CountUnit; refusal: string };

export function readCount(name: 'head' | 'tail', c: HeadTailCount): ReadCount {
  // GNU strips a leading '-' (head: elide; tail: the usual last N) before reading the number;
  // tail's '+' stays in the text it reads and quotes.
  const sign = c.text.startsWith('-') ? '-' : name === 'tail' && c.text.startsWith('+') ? '+' : '';
  const body = sign === '-' ? c.text.slice(1) : c.text;
  const n = gnuCount(body);
  if ('value' in n) return { unit: c.unit, value: n.value, sign };
  const why = n.error === 'too-large' ? ': Value too large for defined data type' : '';
  return { unit: c.unit, refusal: `${name}: invalid number of ${c.unit}: ${gnuQuote(body)}${why}\n` };
}
