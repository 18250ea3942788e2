// GNU bc's arithmetic, which just-bash lacks (`echo 'scale=2; 10/3' | bc`): numbers of any size
// with bc's scale rules (a product keeps min(a+b, max(scale, a, b)) digits, a quotient `scale`, a
// power min(a*n, max(scale, a))), sqrt, length, scale, relations, variables, ++/--, compound
// assignments, and its output (no leading 0 before the point, long lines cut with `\`).
// Functions, if/while/for, strings, ibase/obase and -l's library are not emulated: such input
// says so. Checked against the host's bc in the shell contract test.
import { defineCommand, type Command, type ExecResult } from 'just-bash';

interface Num {
  n: bigint;
  s: number;
}

const TEN = 10n;
const pow10 = (k: number) => TEN ** BigInt(k);
const num = (n: bigint, s = 0): Num => ({ n, s });
const align = (a: Num, s: number): bigint => (s >= a.s ? a.n * pow10(s - a.s) : a.n / pow10(a.s - s));
const isZero = (a: Num) => a.n === 0n;

function parseNumber(text: string): Num {
  const [int = '', frac = ''] = text.split('.');
  return num(BigInt((int || '0') + frac), frac.length);
}

export function formatNumber(a: Num): string {
  const neg = a.n < 0n;
  const digits = (neg ? -a.n : a.n).toString().padStart(a.s + 1, '0');
  const int = digits.slice(0, digits.length - a.s);
  const frac = digits.slice(digits.length - a.s);
  let text = a.s === 0 ? int : `${int === '0' ? '' : int}.${frac}`;
  if (neg && a.n !== 0n) text = `-${text}`;
  const lines: string[] = [];
  // BC_LINE_LENGTH 70: 68 characters and a backslash, the newline counted.
  while (text.length > 69) {
    lines.push(`${text.slice(0, 68)}\\`);
    text = text.slice(68);
  }
  return [...lines, text].join('\n');
}

class BcError extends Error {}

type Token = { t: 'num' | 'name' | 'op' | 'end'; v: string };

function tokenize(line: string): Token[] {
  const out: Token[] = [];
  const re = /\s*(?:(\d+\.?\d*|\.\d+)|([a-z][a-z0-9_]*)|(\+\+|--|[-+*/%^]=|==|!=|<=|>=|&&|\|\||[-+*/%^()=<>!,;]))/y;
  let at = 0;
  while (at < line.length) {
    if (/^\s*$/.test(line.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(line);
    if (!m) throw new BcError('syntax');
    at = re.lastIndex;
    if (m[1] !== undefined) out.push({ t: 'num', v: m[1] });
    else if (m[2] !== undefined) out.push({ t: 'name', v: m[2] });
    else out.push({ t: 'op', v: m[3] as string });
  }
  out.push({ t: 'end', v: '' });
  return out;
}

const UNSUPPORTED = /\b(define|if|while|for|print|read|return|break|continue|ibase|obase|halt|limits|auto)\b|[{}"[\]]/;

class Machine {
  vars = new Map<string, Num>();
  scale = 0;

  get(name: string): Num {
    return name === 'scale' ? num(BigInt(this.scale)) : (this.vars.get(name) ?? num(0n));
  }

  set(name: string, v: Num): void {
    if (name === 'scale') this.scale = Number(v.n / pow10(v.s));
    else this.vars.set(name, v);
  }

  add(a: Num, b: Num, sign = 1n): Num {
    const s = Math.max(a.s, b.s);
    return num(align(a, s) + sign * align(b, s), s);
  }

  mul(a: Num, b: Num): Num {
    const full = a.s + b.s;
    const s = Math.min(full, Math.max(this.scale, a.s, b.s));
    return num((a.n * b.n) / pow10(full - s), s);
  }

  div(a: Num, b: Num, s = this.scale): Num {
    if (isZero(b)) throw new BcError('Divide by zero');
    return num((a.n * pow10(b.s + s)) / (b.n * pow10(a.s)), s);
  }

  mod(a: Num, b: Num): Num {
    if (isZero(b)) throw new BcError('Modulo by zero');
    const q = this.div(a, b);
    const s = Math.max(this.scale + b.s, a.s);
    const r = this.add(a, this.mul(q, b), -1n);
    return num(align(r, s), s);
  }

  pow(a: Num, e: Num): Num {
    const k = e.n / pow10(e.s);
    if (k < 0n) return this.div(num(1n), this.pow(a, num(-k)));
    const full = a.s * Number(k);
    const s = Math.min(full, Math.max(this.scale, a.s));
    return num(a.n ** k / pow10(full - s), s);
  }

  sqrt(a: Num): Num {
    if (a.n < 0n) throw new BcError('Square root of a negative number');
    const s = Math.max(this.scale, a.s);
    const target = a.n * pow10(2 * s - a.s);
    if (target === 0n) return num(0n, s);
    let x = target;
    let y = (x + 1n) / 2n;
    while (y < x) {
      x = y;
      y = (x + target / x) / 2n;
    }
    return num(x, s);
  }
}

/** A statement's value, or undefined where it is an assignment (bc prints nothing for it). */
function evaluate(tokens: Token[], m: Machine): Num | undefined {
  let i = 0;
  const peek = () => tokens[i] as Token;
  const next = () => tokens[i++] as Token;
  const expect = (v: string) => {
    if (next().v !== v) throw new BcError('syntax');
  };
  const truth = (b: boolean) => num(b ? 1n : 0n);
  const cmp = (a: Num, b: Num) => {
    const s = Math.max(a.s, b.s);
    const x = align(a, s);
    const y = align(b, s);
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const binary: Record<string, [number, boolean, (a: Num, b: Num) => Num]> = {
    '||': [1, false, (a, b) => truth(!isZero(a) || !isZero(b))],
    '&&': [2, false, (a, b) => truth(!isZero(a) && !isZero(b))],
    '==': [4, false, (a, b) => truth(cmp(a, b) === 0)],
    '!=': [4, false, (a, b) => truth(cmp(a, b) !== 0)],
    '<': [4, false, (a, b) => truth(cmp(a, b) < 0)],
    '>': [4, false, (a, b) => truth(cmp(a, b) > 0)],
    '<=': [4, false, (a, b) => truth(cmp(a, b) <= 0)],
    '>=': [4, false, (a, b) => truth(cmp(a, b) >= 0)],
    '+': [5, false, (a, b) => m.add(a, b)],
    '-': [5, false, (a, b) => m.add(a, b, -1n)],
    '*': [6, false, (a, b) => m.mul(a, b)],
    '/': [6, false, (a, b) => m.div(a, b)],
    '%': [6, false, (a, b) => m.mod(a, b)],
    '^': [8, true, (a, b) => m.pow(a, b)],
  };
  const assignOps: Record<string, string> = { '+=': '+', '-=': '-', '*=': '*', '/=': '/', '%=': '%', '^=': '^' };
  let assigned = false;
  const primary = (): Num => {
    const tk = next();
    if (tk.t === 'num') return parseNumber(tk.v);
    if (tk.v === '(') {
      const v = expr(0);
      expect(')');
      return v;
    }
    // Unary minus binds tighter than ^ (-2^2 is 4).
    if (tk.v === '-') {
      const v = primary();
      return num(-v.n, v.s);
    }
    if (tk.v === '!') return truth(isZero(primaryPow()));
    if (tk.v === '++' || tk.v === '--') {
      const name = next();
      if (name.t !== 'name') throw new BcError('syntax');
      const v = m.add(m.get(name.v), num(1n), tk.v === '++' ? 1n : -1n);
      m.set(name.v, v);
      return v;
    }
    if (tk.t === 'name') {
      if (peek().v === '(') {
        next();
        const arg = expr(0);
        expect(')');
        if (tk.v === 'sqrt') return m.sqrt(arg);
        if (tk.v === 'length') return num(BigInt(arg.n === 0n ? Math.max(1, arg.s) : (arg.n < 0n ? -arg.n : arg.n).toString().length));
        if (tk.v === 'scale') return num(BigInt(arg.s));
        throw new BcError('function');
      }
      const op = peek().v;
      if (op === '=' || assignOps[op] !== undefined) {
        next();
        const rhs = expr(0);
        const base = binary[assignOps[op] ?? ''];
        const v = base ? base[2](m.get(tk.v), rhs) : rhs;
        m.set(tk.v, v);
        if (i === tokens.length - 1) assigned = true;
        return v;
      }
      if (op === '++' || op === '--') {
        next();
        const old = m.get(tk.v);
        m.set(tk.v, m.add(old, num(1n), op === '++' ? 1n : -1n));
        return old;
      }
      return m.get(tk.v);
    }
    throw new BcError('syntax');
  };
  // ^ takes the primary it follows, and is right-associative.
  const primaryPow = (): Num => {
    const base = primary();
    if (peek().v === '^') {
      next();
      return m.pow(base, primaryPow());
    }
    return base;
  };
  const expr = (min: number): Num => {
    let left = primaryPow();
    for (;;) {
      const op = binary[peek().v];
      if (!op || op[0] < min || peek().v === '^') return left;
      next();
      const right = expr(op[1] ? op[0] : op[0] + 1);
      left = op[2](left, right);
    }
  };
  const v = expr(0);
  if (peek().t !== 'end') throw new BcError('syntax');
  return assigned ? undefined : v;
}

/** The program's statements run in order, each line's (`;`-separated) printing its values. */
export function runBc(program: string, mathLib: boolean): ExecResult {
  const text = program.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/#.*$/gm, '');
  if (mathLib || UNSUPPORTED.test(text))
    return { stdout: '', stderr: "bc: functions, control statements, strings, ibase/obase and -l's library are not emulated in memory\n", exitCode: 1 };
  const m = new Machine();
  let stdout = '';
  let stderr = '';
  const lines = text.split('\n');
  for (const [k, line] of lines.entries()) {
    if (/^\s*quit\s*$/.test(line)) break;
    for (const statement of line.split(';')) {
      if (statement.trim() === '') continue;
      try {
        const v = evaluate(tokenize(statement), m);
        if (v !== undefined) stdout += `${formatNumber(v)}\n`;
      } catch (e) {
        if (!(e instanceof BcError)) throw e;
        // A statement cut short is seen at the newline after it, so bc names the next line.
        stderr +=
          e.message === 'syntax' || e.message === 'function'
            ? `(standard_in) ${k + 2}: syntax error\n`
            : `Runtime error (func=(main), adr=${tokenize(statement).length - 1}): ${e.message}\n`;
      }
    }
  }
  return { stdout, stderr, exitCode: 0 };
}

export const bcCommand: Command = defineCommand('bc', async (args, ctx) => {
  let mathLib = false;
  const files: string[] = [];
  for (const a of args) {
    if (a === '-l' || a === '--mathlib') mathLib = true;
    else if (/^-[qsw]+$/.test(a) || ['--quiet', '--standard', '--warn'].includes(a)) continue;
    else if (a.startsWith('-')) return { stdout: '', stderr: `bc: invalid option -- '${a.slice(1)}'\n`, exitCode: 1 };
    else files.push(a);
  }
  let program = '';
  for (const f of files) {
    try {
      program += await ctx.fs.readFile(ctx.fs.resolvePath(ctx.cwd, f));
    } catch {
      return { stdout: '', stderr: `File ${f} is unavailable.\n`, exitCode: 1 };
    }
  }
  return runBc(program + String(ctx.stdin), mathLib);
});
