// Which commands report a failing operand where they reach it, and how each reads its words
// (order.ts). Recorded on the binary's host with a missing file and a folder among the operands.
import { defineCommand, type Command, type ExecResult } from 'just-bash';
import { COMMAND_WORDS, type CommandWords } from '../../text/commands';
import { errorsFirst, inOrder, ordered, type OperandOrder } from './order';

const valueOptions = (w: CommandWords) => ({
  short: w.valueFlags.filter((f) => /^-\w$/.test(f)).map((f) => f.slice(1)).join(''),
  long: w.valueFlags.filter((f) => f.startsWith('--')),
});

/** Whether one of `options` is a long option in `long` or a short cluster holding a letter of `short`. */
const has = (options: readonly string[], short: string, long: readonly string[] = []) =>
  options.some(
    (o) =>
      long.includes(o.split('=')[0] as string) ||
      (/^-[^-]/.test(o) && [...o.slice(1)].some((c) => short.includes(c))),
  );

const GREP_QUIET = ['--quiet', '--silent'];

/** grep: 2 on an error unless -q found a line; else 0 when a line was found. */
function grepExit(runs: readonly ExecResult[], options: readonly string[]): number {
  const found = runs.some((r) => r.exitCode === 0);
  if (found && has(options, 'q', GREP_QUIET)) return 0;
  if (runs.some((r) => r.exitCode > 1 || r.stderr !== '')) return 2;
  return found ? 0 : 1;
}

const grepOrder: OperandOrder = {
  ...valueOptions(COMMAND_WORDS.grep),
  mode: 'each',
  leading: (o) => (has(o, 'ef', ['--regexp', '--file']) ? 0 : 1),
  // One operand's error comes before its lines; a folder counts 0 lines (-c); just-bash's grep
  // has no -H, so the names are put in front here.
  among: (r, file, o) => {
    const counted = has(o, 'c', ['--count']) && r.stdout === '' && r.stderr.endsWith(': Is a directory\n') ? '0\n' : r.stdout;
    const unnamed = has(o, 'hlLqZ', ['--no-filename', '--files-with-matches', '--files-without-match', '--quiet', '--silent', '--null']);
    const lines = unnamed ? counted : counted.split(/(?<=\n)/).map((line) => (line === '' ? line : `${file}:${line}`)).join('');
    return ordered([[2, r.stderr], [1, lines]], r.exitCode, r);
  },
  // Context groups are parted by `--` across files; a recursive search reads folders.
  fits: (o) =>
    !has(o, 'ABCrR', ['--context', '--after-context', '--before-context', '--recursive', '--dereference-recursive']) &&
    !o.some((w) => /^-\d+$/.test(w)),
  exit: grepExit,
  stopsAfter: (r, o) => r.exitCode === 0 && has(o, 'q', GREP_QUIET),
};

const SUMS: OperandOrder = { mode: 'each', fits: (o) => !has(o, 'c', ['--check']) };

/** Commands whose output for one operand stands alone, or goes on line for line. */
const OPERAND_ORDER: Readonly<Record<string, OperandOrder>> = {
  cat: {
    // Numbers go on across the operands; squeezing joins blank lines across them.
    mode: (o) => (has(o, 'nb', ['--number', '--number-nonblank']) ? 'lines' : 'each'),
    fits: (o) => !has(o, 's', ['--squeeze-blank']),
  },
  cut: { short: 'bcdf', long: ['--bytes', '--characters', '--delimiter', '--fields', '--output-delimiter'], mode: 'each' },
  nl: { short: 'bdfhilnsvw', long: ['--body-numbering', '--section-delimiter', '--footer-numbering', '--header-numbering', '--line-increment', '--join-blank-lines', '--number-format', '--number-separator', '--starting-line-number', '--number-width'], mode: 'lines' },
  md5sum: SUMS,
  sha1sum: SUMS,
  sha256sum: SUMS,
  sha512sum: SUMS,
  stat: { short: 'c', long: ['--format', '--printf'], mode: 'each', folderFails: false },
  tac: { short: 's', long: ['--separator'], mode: 'errorsFirst' },
  grep: grepOrder,
  egrep: grepOrder,
  fgrep: grepOrder,
};

/** Tools that keep stdout until they exit: whatever they report comes first. */
const ERRORS_FIRST = new Set(['sed', 'od']);

/** What an awk or sed loop says when a timeout zeroes its limits (scripts/patch-just-bash.mjs):
 * only a halt gets there, the limits being endless otherwise. */
export const ENGINE_HALT_MESSAGE = /^(?:awk|sed): .*exceeded maximum iterations \(\d+\)/;

/** stdio's block on a file or pipe. mawk and GNU sed stopped by a timeout lose what they had not
 * yet written out in whole blocks (bash-x-engine-loops-timeout: awk's `print` before its loop is
 * gone; on this host 500 lines of 10 bytes kept 4096, 1000 kept 8192). */
const STDIO_BLOCK = 4096;
/** The engines a timeout halts inside one command. */
const HALTABLE = new Set(['awk', 'sed']);

function wholeBlocks(stdout: string): string {
  const bytes = new TextEncoder().encode(stdout);
  return new TextDecoder().decode(bytes.subarray(0, bytes.length - (bytes.length % STDIO_BLOCK)));
}

/** `command` losing its unwritten output when a timeout halts its loop. */
const buffered = (command: Command): Command =>
  defineCommand(command.name, async (args, ctx) => {
    const r = await command.execute(args, ctx);
    return r.stderr.split('\n').some((l) => ENGINE_HALT_MESSAGE.test(l)) ? { ...r, stdout: wholeBlocks(r.stdout) } : r;
  });

/** `command` writing its output and errors in the order the real tool does. */
export function withOrder(command: Command): Command {
  const inItsOrder = withOrderOf(command);
  return HALTABLE.has(command.name) ? buffered(inItsOrder) : inItsOrder;
}

function withOrderOf(command: Command): Command {
  const spec = OPERAND_ORDER[command.name];
  if (spec) return inOrder(command, spec);
  if (ERRORS_FIRST.has(command.name))
    return defineCommand(command.name, async (args, ctx) => errorsFirst(await command.execute(args, ctx)));
  return command;
}

/** The names above that have no wrapper of their own: the built-in, ordered. */
export const orderedBuiltins = (wrapped: readonly Command[]): Command[] =>
  [...Object.keys(OPERAND_ORDER), ...ERRORS_FIRST]
    .filter((n) => !wrapped.some((c) => c.name === n))
    .map((n) =>
      withOrder(
        defineCommand(n, async (args, ctx) =>
          ctx.origCommand ? ctx.origCommand(args) : { stdout: '', stderr: `bash: ${n}: command not found\n`, exitCode: 127 },
        ),
      ),
    );
