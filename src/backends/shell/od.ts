// od as GNU coreutils 9 prints it (the binary's host): just-bash's built-in knows -c, -t x1 and
// -An only, reads -N's value as a file and prints -x as octal. Formats, widths, addresses and
// the '*' for repeated lines are taken here; what this does not know (floats, --endian, -S,
// --traditional) goes to the built-in with GNU's spacing put back.
import { defineCommand, type Command, type CommandContext, type ExecResult } from 'just-bash';
import { bytesOf, namesQuotedIn, quoteName } from './fixes';

interface Spec {
  kind: 'a' | 'c' | 'd' | 'o' | 'u' | 'x';
  size: number;
  trailer: boolean;
  width: number;
  pad: number;
}

interface Plan {
  specs: Spec[];
  radix: 'd' | 'o' | 'x' | 'n';
  skip: number;
  limit: number | undefined;
  width: number | undefined;
  verbose: boolean;
  files: string[];
}

/** Decimal digits a field needs per size in bytes (coreutils' tables, index = bytes). */
const DIGITS: Record<Spec['kind'], readonly number[]> = {
  o: [0, 3, 6, 8, 11, 14, 16, 19, 22],
  d: [1, 4, 6, 8, 11, 13, 16, 18, 20],
  u: [0, 3, 5, 8, 10, 13, 15, 17, 20],
  x: [0, 2, 4, 6, 8, 10, 12, 14, 16],
  a: [0, 3],
  c: [0, 3],
};

const SIZE_LETTERS: Record<string, number> = { C: 1, S: 2, I: 4, L: 8 };

/** The traditional one-letter formats. */
const TRADITIONAL: Record<string, string> = {
  a: 'a',
  b: 'o1',
  c: 'c',
  d: 'u2',
  i: 'dI',
  l: 'dL',
  o: 'o2',
  s: 'd2',
  x: 'x2',
  h: 'x2',
  B: 'o2',
  D: 'u4',
  H: 'x4',
  I: 'dL',
  L: 'dL',
  O: 'o4',
  X: 'x4',
};

class Unsupported extends Error {}
class Usage extends Error {}

/** A -t string's specs ("x1z", "c", "d4u2"); undefined where it holds what this does not print. */
function typeSpecs(s: string): Spec[] {
  const out: Spec[] = [];
  let i = 0;
  while (i < s.length) {
    const k = s[i++] as string;
    if (k === 'f') throw new Unsupported();
    if (!'acdoux'.includes(k)) throw new Usage(`od: invalid character '${k}' in type string ‘${s}’`);
    let size = k === 'a' || k === 'c' ? 1 : 4;
    if (k !== 'a' && k !== 'c') {
      const m = /^(\d+|[CSIL])/.exec(s.slice(i));
      if (m) {
        i += m[0].length;
        size = SIZE_LETTERS[m[0]] ?? Number(m[0]);
        if (![1, 2, 4, 8].includes(size))
          throw new Usage(
            `od: invalid type string ‘${s}’;\nthis system doesn't provide a ${size}-byte integral type`,
          );
      }
    }
    const trailer = s[i] === 'z';
    if (trailer) i++;
    out.push({ kind: k as Spec['kind'], size, trailer, width: DIGITS[k as Spec['kind']][size] ?? 3, pad: 0 });
  }
  return out;
}

/** -j and -N's values: decimal, 0x hex, leading-0 octal, with GNU's size suffixes. */
function count(v: string, option: string): number {
  const m = /^(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)(b|[kKMGT]B?|[kKMGT]iB|B)?$/.exec(v);
  if (!m) throw new Usage(`od: invalid ${option} argument '${v}'`);
  const n = m[1] as string;
  const base = /^0[xX]/.test(n)
    ? parseInt(n.slice(2), 16)
    : n.length > 1 && n.startsWith('0')
      ? parseInt(n, 8)
      : Number(n);
  const suffix = m[2] ?? '';
  const powers = 'KMGT';
  const unit =
    suffix === 'b'
      ? 512
      : suffix === ''
        ? 1
        : (suffix.endsWith('B') && !suffix.endsWith('iB') ? 1000 : 1024) **
          (powers.indexOf(suffix[0]?.toUpperCase() ?? '') + 1);
  return base * unit;
}

const LONG_VALUE = new Set(['--address-radix', '--skip-bytes', '--read-bytes', '--format', '--width']);

/** Arguments in GNU getopt's manner (options anywhere, `--` ends them). */
function parse(args: readonly string[]): Plan {
  const plan: Plan = {
    specs: [],
    radix: 'o',
    skip: 0,
    limit: undefined,
    width: undefined,
    verbose: false,
    files: [],
  };
  const take = (opt: string, v: string | undefined) => {
    if (v === undefined)
      throw new Usage(`od: option requires an argument -- '${opt}'\nTry 'od --help' for more information.`);
    if (opt === 'A') {
      if (!/^[doxn]$/.test(v))
        throw new Usage(`od: invalid output address radix '${v}'; it must be one character from [doxn]`);
      plan.radix = v as Plan['radix'];
    } else if (opt === 'j') plan.skip = count(v, '-j');
    else if (opt === 'N') plan.limit = count(v, '-N');
    else if (opt === 't') plan.specs.push(...typeSpecs(v));
    else if (opt === 'w') plan.width = count(v, '-w');
  };
  let optionsEnd = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (optionsEnd || a === '-' || !a.startsWith('-')) plan.files.push(a);
    else if (a === '--') optionsEnd = true;
    else if (a.startsWith('--')) {
      const [name = '', value] = a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
      if (name === '--output-duplicates') plan.verbose = true;
      else if (name === '--width') plan.width = value === undefined ? 32 : count(value, '-w');
      else if (LONG_VALUE.has(name)) {
        const v = value ?? args[++i];
        take(
          { '--address-radix': 'A', '--skip-bytes': 'j', '--read-bytes': 'N', '--format': 't' }[
            name
          ] as string,
          v,
        );
      } else throw new Unsupported();
    } else {
      for (let k = 1; k < a.length; k++) {
        const c = a[k] as string;
        if ('AjNt'.includes(c)) {
          take(c, k + 1 < a.length ? a.slice(k + 1) : args[++i]);
          break;
        }
        if (c === 'w') {
          plan.width = k + 1 < a.length ? count(a.slice(k + 1), '-w') : 32;
          break;
        }
        if (c === 'v') plan.verbose = true;
        else if (TRADITIONAL[c] !== undefined) plan.specs.push(...typeSpecs(TRADITIONAL[c]));
        else if ('eFfS'.includes(c)) throw new Unsupported();
        else throw new Usage(`od: invalid option -- '${c}'\nTry 'od --help' for more information.`);
      }
    }
  }
  if (plan.specs.length === 0) plan.specs = typeSpecs('o2');
  return plan;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Bytes per line and each spec's padding, so every format's columns line up under the widest. */
function layout(plan: Plan): { perLine: number; warning: string } {
  const lcm = plan.specs.reduce((l, s) => (l * s.size) / gcd(l, s.size), 1);
  let perLine = lcm < 16 ? lcm * Math.floor(16 / lcm) : lcm;
  let warning = '';
  if (plan.width !== undefined) {
    if (plan.width !== 0 && plan.width % lcm === 0) perLine = plan.width;
    else {
      warning = `od: warning: invalid width ${plan.width}; using ${lcm} instead\n`;
      perLine = lcm;
    }
  }
  const widest = Math.max(...plan.specs.map((s) => (s.width + 1) * (perLine / s.size)));
  for (const s of plan.specs) s.pad = widest - s.width * (perLine / s.size);
  return { perLine, warning };
}

const NAMES =
  'nul soh stx etx eot enq ack bel bs ht nl vt ff cr so si dle dc1 dc2 dc3 dc4 nak syn etb can em sub esc fs gs rs us sp'.split(
    ' ',
  );
const ESCAPES: Record<number, string> = {
  0: '\\0',
  7: '\\a',
  8: '\\b',
  9: '\\t',
  10: '\\n',
  11: '\\v',
  12: '\\f',
  13: '\\r',
};

function field(s: Spec, b: Uint8Array, at: number): string {
  if (s.kind === 'a') {
    const c = (b[at] as number) & 0x7f;
    return c === 0x7f ? 'del' : c <= 0x20 ? (NAMES[c] as string) : String.fromCharCode(c);
  }
  if (s.kind === 'c') {
    const c = b[at] as number;
    return ESCAPES[c] ?? (c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : c.toString(8).padStart(3, '0'));
  }
  let v = 0n;
  for (let k = s.size - 1; k >= 0; k--) v = (v << 8n) | BigInt(b[at + k] as number);
  if (s.kind === 'd' && v >= 1n << BigInt(s.size * 8 - 1)) v -= 1n << BigInt(s.size * 8);
  if (s.kind === 'o') return v.toString(8).padStart(s.width, '0');
  if (s.kind === 'x') return v.toString(16).padStart(s.width, '0');
  return v.toString();
}

/** One format's line of a block: fields right-aligned, the spec's padding spread over them. */
function specLine(s: Spec, block: Uint8Array, n: number, perLine: number): string {
  const fields = perLine / s.size;
  const blank = Math.floor((perLine - n) / s.size);
  let out = '';
  let remaining = s.pad;
  for (let i = fields, at = 0; i > blank; i--, at += s.size) {
    const next = Math.floor((s.pad * (i - 1)) / fields);
    out += field(s, block, at).padStart(remaining - next + s.width);
    remaining = next;
  }
  if (s.trailer) {
    const shown = [...block.subarray(0, n)]
      .map((c) => (c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '.'))
      .join('');
    out += `${' '.repeat(blank * s.width + Math.floor((s.pad * blank) / fields))}  >${shown}<`;
  }
  return out;
}

function address(plan: Plan, at: number): string {
  if (plan.radix === 'n') return '';
  const base = { d: 10, o: 8, x: 16 }[plan.radix];
  return at.toString(base).padStart(plan.radix === 'x' ? 6 : 7, '0');
}

function dump(plan: Plan, data: Uint8Array, perLine: number): string {
  const indent = ' '.repeat(address(plan, 0).length);
  const lines: string[] = [];
  let previous: Uint8Array | undefined;
  let starred = false;
  for (let at = 0; at < data.length; at += perLine) {
    const n = Math.min(perLine, data.length - at);
    const block = new Uint8Array(perLine);
    block.set(data.subarray(at, at + n));
    if (
      !plan.verbose &&
      previous !== undefined &&
      n === perLine &&
      block.every((c, k) => c === previous?.[k])
    ) {
      if (!starred) lines.push('*');
      starred = true;
      continue;
    }
    starred = false;
    plan.specs.forEach((s, k) =>
      lines.push((k === 0 ? address(plan, plan.skip + at) : indent) + specLine(s, block, n, perLine)),
    );
    previous = block;
  }
  if (plan.radix !== 'n') lines.push(address(plan, plan.skip + data.length));
  return lines.map((l) => `${l}\n`).join('');
}

async function input(
  ctx: CommandContext,
  files: readonly string[],
): Promise<{ data: Uint8Array; stderr: string; opened: number }> {
  const parts: Uint8Array[] = [];
  let stderr = '';
  for (const name of files.length === 0 ? ['-'] : files) {
    if (name === '-') {
      parts.push(bytesOf(String(ctx.stdin)));
      continue;
    }
    const path = ctx.fs.resolvePath(ctx.cwd, name);
    try {
      // A folder opens and then fails to read: it counts as opened, adding no bytes.
      if ((await ctx.fs.stat(path)).isDirectory) {
        stderr += `od: ${quoteName(name)}: Is a directory\n`;
        parts.push(new Uint8Array(0));
      } else parts.push(await ctx.fs.readFileBuffer(path));
    } catch {
      stderr += `od: ${quoteName(name)}: No such file or directory\n`;
    }
  }
  const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (data.set(p, at), at + p.length), 0);
  return { data, stderr, opened: parts.length };
}

export const odCommand: Command = defineCommand('od', async (args, ctx) => {
  let plan: Plan;
  try {
    plan = parse(args);
  } catch (e) {
    if (e instanceof Usage) return { stdout: '', stderr: `${e.message}\n`, exitCode: 1 };
    return builtIn(args, ctx);
  }
  const { perLine, warning } = layout(plan);
  const read = await input(ctx, plan.files);
  const { data } = read;
  const stderr = warning + read.stderr;
  // No input could be opened: GNU dumps nothing, not even the end address.
  if (read.opened === 0) return { stdout: '', stderr, exitCode: 1 };
  const end = plan.limit === undefined ? data.length : Math.min(data.length, plan.skip + plan.limit);
  if (plan.skip > data.length) {
    return { stdout: '', stderr: `${stderr}od: cannot skip past end of combined input\n`, exitCode: 1 };
  }
  return {
    stdout: dump(plan, data.subarray(plan.skip, end), perLine),
    stderr,
    exitCode: read.stderr ? 1 : 0,
  };
});

/** The built-in for what this does not print, with GNU's spacing: fields carry their own leading
 * spaces (no extra one after the address) and a second format's lines are indented by the
 * address's width. */
async function builtIn(args: string[], ctx: CommandContext): Promise<ExecResult> {
  const orig = ctx.origCommand;
  if (orig === undefined) return { stdout: '', stderr: 'bash: od: command not found\n', exitCode: 127 };
  const r = await orig(args);
  const noAddress = args.some((a, i) => a === '-An' || (a === '-A' && args[i + 1] === 'n'));
  const stdout = noAddress
    ? r.stdout
    : r.stdout.replace(/^([0-7]{7}) (?=.)|^ {8}/gm, (m, addr?: string) => addr ?? '       ');
  return { ...r, stdout, stderr: namesQuotedIn('od', r.stderr) };
}
