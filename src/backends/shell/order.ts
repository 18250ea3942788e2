// The order a command writes its output and its errors in, where both reach the Bash tool's
// output. just-bash gives a command's stdout and stderr as two strings, and the shell wrote one
// after the other; GNU tools report a failing operand where they reach it (`cat a missing b`: a's
// lines, the error, b's lines), since error() flushes stdout first, while sed, mawk, tac and od
// keep stdout buffered until they exit, so their errors come first (both recorded on the
// binary's host). A result may carry the chunks in the order written (`__ccOrder`); the patched
// just-bash writes them so where fd 1 and fd 2 go to one place (scripts/patch-just-bash.mjs).
import { defineCommand, type Command, type CommandContext, type ExecResult } from 'just-bash';
import { stdoutLatin1 } from './bytes';

export type Chunk = readonly [fd: 1 | 2, text: string];
export type OrderedResult = ExecResult & { __ccOrder?: readonly Chunk[] };

/** A result written as `chunks`, in that order. */
export function ordered(chunks: readonly Chunk[], exitCode: number, rest: Partial<ExecResult> = {}): OrderedResult {
  const kept = chunks.filter(([, t]) => t !== '');
  const of = (fd: 1 | 2) => kept.flatMap(([f, t]) => (f === fd ? [t] : [])).join('');
  return { ...rest, stdout: of(1), stderr: of(2), exitCode, __ccOrder: kept };
}

/** `r` with its errors written before its output: a tool that buffers stdout until it exits. */
export const errorsFirst = (r: ExecResult): OrderedResult =>
  ordered([[2, r.stderr], [1, r.stdout]], r.exitCode, r);

/** `r` with its stderr changed line by line by `f`, in its chunks too. */
export function mapStderr(r: OrderedResult, f: (stderr: string) => string): OrderedResult {
  const order = r.__ccOrder?.map(([fd, t]): Chunk => (fd === 2 ? [2, f(t)] : [1, t]));
  return { ...r, stderr: f(r.stderr), ...(order ? { __ccOrder: order } : {}) };
}

type Mode = 'each' | 'lines' | 'errorsFirst';

export interface OperandOrder {
  /** Short options whose value is the next word when not attached (`-c FORMAT`). */
  short?: string;
  /** Long options whose value is the next word when not given with `=`. */
  long?: readonly string[];
  /** each: the output for one operand does not depend on the others, so the command runs once
   * per operand. lines: one output line per input line, going on across the operands (nl's
   * numbers), so it runs once over the operands that open and its output is cut by their line
   * counts. errorsFirst: it runs once over those and the failing operands' errors come first. */
  mode: Mode | ((options: readonly string[]) => Mode);
  /** How many of the first operands are not inputs (grep's pattern, unless -e or -f gives it). */
  leading?: (options: readonly string[]) => number;
  /** A folder operand fails (cat, cut) rather than being read (stat). */
  folderFails?: boolean;
  /** One operand's run as it reads among several (grep names the file on each line). */
  among?: (run: ExecResult, operand: string, options: readonly string[]) => ExecResult;
  /** The whole command's exit code from its runs' (default: the highest). */
  exit?: (runs: readonly ExecResult[], options: readonly string[]) => number;
  /** Whether this call is one the mode fits (cat -n numbers on across operands). */
  fits?: (options: readonly string[], operands: readonly string[]) => boolean;
  /** Whether, after this run, the command stops (grep -q at its first match). */
  stopsAfter?: (run: ExecResult, options: readonly string[]) => boolean;
}

/** The words of `args` that are operands (by index), given the options that take a value. */
export function operandIndexes(args: readonly string[], spec: Pick<OperandOrder, 'short' | 'long'>): number[] {
  const out: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') {
      for (let j = i + 1; j < args.length; j++) out.push(j);
      break;
    }
    if (a.startsWith('--')) {
      if ((spec.long ?? []).includes(a) && !a.includes('=')) i++;
    } else if (a.startsWith('-') && a.length > 1) {
      const at = [...a.slice(1)].findIndex((c) => (spec.short ?? '').includes(c));
      if (at !== -1 && at === a.length - 2) i++;
    } else out.push(i);
  }
  return out;
}

/** A usage error: the tool reads all its options before any operand, so it stops with this alone. */
const USAGE = /^\S+: (?:invalid option|unrecognized option|option '[^']*' requires|option requires|missing (?:\w+ )*operand|extra operand|you must specify)/m;

const fails = async (ctx: CommandContext, p: string, folderFails: boolean): Promise<boolean> => {
  if (p === '-') return false;
  try {
    const st = await ctx.fs.stat(ctx.fs.resolvePath(ctx.cwd, p));
    return folderFails && st.isDirectory;
  } catch {
    return true;
  }
};

/** Lines of an input as nl and cat -n count them: an unfinished last line is one. */
const lineCount = (text: string) => (text.match(/\n/g) ?? []).length + (text === '' || text.endsWith('\n') ? 0 : 1);

const isBytes = (r: ExecResult) => r.stdoutKind === 'bytes' || (r.stdoutKind === undefined && r.stdoutEncoding === 'binary');

/** `command` with its failing operands' errors where GNU writes them (see `OperandOrder`). A call
 * with one operand, or none failing, runs as before. */
export function inOrder(command: Command, spec: OperandOrder): Command {
  return defineCommand(command.name, async (args, ctx) => {
    const run = (a: string[]) => command.execute(a, ctx);
    const words = operandIndexes(args, spec);
    const optionWords = args.filter((_, i) => !words.includes(i));
    const at = words.slice(spec.leading?.(optionWords) ?? 0);
    const operands = at.map((i) => args[i] as string);
    const options = args.filter((_, i) => !at.includes(i));
    if (operands.length < 2 || (spec.fits && !spec.fits(options, operands))) return run(args);
    const mode = typeof spec.mode === 'function' ? spec.mode(options) : spec.mode;
    const failing = await Promise.all(operands.map((o) => fails(ctx, o, spec.folderFails ?? true)));
    if (!failing.includes(true)) return run(args);
    const perRun = options;
    // Each piece with the run it came from: text and byte outputs are made one kind at the end.
    const pieces: [Chunk, ExecResult | undefined][] = [];
    const runs: ExecResult[] = [];
    if (mode === 'each') {
      for (const o of operands) {
        const alone = await run([...perRun, o]);
        if (alone.exitCode !== 0 && USAGE.test(alone.stderr)) return alone;
        const r = spec.among ? spec.among(alone, o, options) : alone;
        runs.push(r);
        for (const c of (r as OrderedResult).__ccOrder ?? [[1, r.stdout] as const, [2, r.stderr] as const]) pieces.push([c, r]);
        if (spec.stopsAfter?.(r, options)) break;
      }
    } else {
      const opened = operands.filter((_, k) => !failing[k]);
      const errors: ExecResult[] = [];
      for (const [k, o] of operands.entries()) {
        if (!failing[k]) continue;
        const e = await run([...perRun, o]);
        if (e.exitCode !== 0 && USAGE.test(e.stderr)) return e;
        errors.push(e);
      }
      const whole = opened.length > 0 ? await run([...options, ...opened]) : { stdout: '', stderr: '', exitCode: 0 };
      runs.push(...errors, whole);
      if (mode === 'errorsFirst') {
        for (const e of errors) pieces.push([[2, e.stderr], e]);
        pieces.push([[2, whole.stderr], whole], [[1, whole.stdout], whole]);
      } else {
        const lines = whole.stdout.split(/(?<=\n)/);
        let next = 0;
        let e = 0;
        for (const [k, o] of operands.entries()) {
          const error = failing[k] ? errors[e++] : undefined;
          if (error) {
            pieces.push([[2, error.stderr], error]);
            continue;
          }
          const n = o === '-' ? lineCount(String(ctx.stdin)) : lineCount(await ctx.fs.readFile(ctx.fs.resolvePath(ctx.cwd, o)));
          pieces.push([[1, lines.slice(next, next + n).join('')], whole]);
          next += n;
        }
        pieces.push([[1, lines.slice(next).join('')], whole], [[2, whole.stderr], whole]);
      }
    }
    const exit = spec.exit?.(runs, options) ?? Math.max(0, ...runs.map((r) => r.exitCode));
    const bytes = runs.some((r) => r.stdout !== '' && isBytes(r));
    const chunks = pieces.map(([[fd, t], r]): Chunk =>
      fd === 1 && bytes && r && !isBytes(r) ? [1, stdoutLatin1({ stdout: t })] : [fd, t],
    );
    return ordered(chunks, exit, bytes ? { stdoutKind: 'bytes', stdoutEncoding: 'binary' } : {});
  });
}
