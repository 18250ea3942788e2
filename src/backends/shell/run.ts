// One command through just-bash, shaped like the disk shell's result (/bin/bash -c as Claude Code
// spawns it). Shared by the in-process shell (CLI, tests) and the page's shell worker, so both
// behave alike; it knows nothing of memfs or git, only the IFileSystem it is given.
import { Bash, type CommandName, type CustomCommand, type IFileSystem, type ScriptNode } from 'just-bash';
import { SHELL_OUTPUT_CAP_BYTES, type Clock, type ShellResult, type ShellRunOptions } from '../../workspace/types';
import { parseErrorsAsBash, shellErrorPrefix, SIGTERM_EXIT } from './messages';
import type { LimitWait } from './fixes';
import { commandsForRun } from './commands';
import { ENGINE_HALT_MESSAGE } from './ordered-commands';
import { builtinCommandNames } from './host-commands';
import { ENDLESS_BYTES, ENDLESS_DEVICES, ENDLESS_NOTE, endlessBytes, endlessDemand, endlessDeviceBytes, type EndlessDemand } from './endless';
import { normalizePath } from '../../text/paths';
import { bytesToLatin1 } from '../../text/bytes';

export interface JustBashSetup {
  fs: IFileSystem;
  commands: CustomCommand[];
  python: boolean;
  /** The workspace clock's timeline for the command's timeout and its `sleep` (the shell worker
   * has none of its own: its sleeps are asked of the page's clock, which also stops it at its
   * timeout). Default: real time. */
  time?: ShellTime;
}

export interface ShellTime {
  timer: Clock['timer'];
  elapsed: Clock['elapsed'];
  /** `sleep`: a wait the command is idle in (Clock.idle). */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

const REAL_TIME: ShellTime = {
  timer: (fn, ms) => {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
  elapsed: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      const t = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
    }),
};

/** `timeout`'s limit on the command's time, as a timer (the command stays busy, not idle).
 * When the limit passes because the command kept working rather than because the clock skipped
 * an idle stretch, the limit waits `busySlack(ms)` longer: an emulated command (python3 compiled
 * to WASM, an interpreted loop) works far slower than the real one, more so on a loaded machine,
 * and must not time out where the binary's did not. A truly runaway command still stops. */
export const limitWait =
  (time: ShellTime, now: () => number = () => performance.now()): LimitWait =>
  (ms, signal) =>
    new Promise((resolve) => {
      const started = now();
      let cancel = time.timer(() => {
        const worked = now() - started;
        if (worked < ms) return resolve();
        cancel = time.timer(resolve, busySlack(ms));
      }, ms);
      signal.addEventListener('abort', () => (cancel(), resolve()), { once: true });
    });

/** Extra real time a busy command gets past its `timeout` limit: as long as the limit, at least
 * 2 s (a 2 s limit on a runaway loop still ends within 4 s). */
export const busySlack = (ms: number): number => Math.max(2000, ms);

/** The workspace clock as a command's time. */
export const clockTime = (clock: Clock): ShellTime => ({
  timer: (fn, ms) => clock.timer(fn, ms),
  elapsed: () => clock.elapsed(),
  sleep: (ms, signal) => clock.idle(ms, signal),
});

// just-bash's last words when its deadline or abort stops a script; the Shell reports the stop
// through `interrupted` instead, as the disk shell does.
const STOP_MESSAGE =
  /^bash: (?:.*execution deadline.*|.*exceeded its execution deadline|execution aborted|.*timed out.*)\n?$/;

// Claude Code starts every command in a fresh shell, so OLDPWD is unset and `cd -` fails (bash
// says "OLDPWD not set"); just-bash would go back to /home/user. Its previous directory is set
// to a name no directory has, and the error cd gives for it is reworded.
const NO_OLDPWD = '\u0000OLDPWD';
const NO_OLDPWD_ERROR = new RegExp(`^bash: cd: ${NO_OLDPWD}: No such file or directory$`, 'gm');

const NOT_IN_BROWSER = /^bash: ([^:\n]+): command not available in browser environments\..*$/gm;

/** just-bash says `bash: x: ...`; /bin/bash -c 'eval ...' says `/bin/bash: line N: x: ...`. */
export function rewriteShellErrors(stderr: string, command: string): string {
  return parseErrorsAsBash(stderr, command)
    .replace(NO_OLDPWD_ERROR, 'bash: cd: OLDPWD not set')
    .replace(NOT_IN_BROWSER, 'bash: $1: command not found')
    .replace(
      /^bash: (?!line \d+:)([^:\n]+)(:.*)$/gm,
      (_, name: string, rest: string) => `${shellErrorPrefix(command, name)}${name}${rest}`,
    );
}

// What just-bash says when a halted run's next command or loop turn, or an awk or sed loop,
// meets its zeroed limits.
const HALT_MESSAGE = /^bash: (?:.*too many (?:commands executed|iterations)|.*work limit exceeded).*\n?$/;

function stripStopMessage(stderr: string, halted: boolean): string {
  const lines = stderr.split(/(?<=\n)/);
  // A halted awk or sed says so, and so does the command after it that meets the limits.
  const stops = (line: string | undefined) =>
    line !== undefined &&
    (STOP_MESSAGE.test(line) || (halted && (HALT_MESSAGE.test(line) || ENGINE_HALT_MESSAGE.test(line))));
  while (stops(lines[lines.length - 1])) lines.pop();
  return lines.join('');
}

/** just-bash's word for a call or eval nested past its depth (scripts/patch-just-bash.mjs). */
const OVERFLOW = /^bash: [^\n]*maximum recursion depth \(\d+\) exceeded, increase executionLimits\.maxCallDepth\n?/m;

/** Where just-bash meets its call depth, bash's stack overflows and the shell dies of SIGSEGV,
 * keeping what it printed (bash-x-engine-loops-timeout: `x="eval \$x"; eval $x`). bash gets about
 * 8,000 calls deep on an 8 MiB stack; the bound here is the playground's own (maxCallDepth). */
function overflowed<R extends { stdout: string; stderr: string }>(
  r: R,
  endBy: (e: { signal: string; exitCode: number }) => void,
): R {
  if (!OVERFLOW.test(r.stderr)) return r;
  endBy({ signal: 'SIGSEGV', exitCode: 139 });
  return { ...r, stderr: r.stderr.replace(OVERFLOW, '') };
}

/** After a halt, how long a script that runs no further command may go on before it is aborted
 * (losing its output: just-bash's abort keeps none). Real time: only an engine busy inside one
 * command (awk, python) gets here. */
const HALT_GRACE_MS = 1000;

/** Makes the script end at its next command or loop turn once `due()`, keeping what it printed:
 * bash keeps the output of a command its timeout stopped (bash-timeout-keeps-output), and
 * just-bash's abort throws it away, where its execution limits, met, keep it. The limits object
 * is the live one the interpreter reads at each command, so a busy loop that never yields to a
 * timer is halted too (checked by the halting tests in justbash.test.ts). */
function haltWhen(bash: Bash, due: () => boolean): void {
  const limits = (bash as unknown as { limits?: Record<string, number> }).limits;
  if (limits === undefined) return;
  for (const key of ['maxCommandCount', 'maxLoopIterations', 'maxAwkIterations', 'maxSedIterations'])
    Object.defineProperty(limits, key, { get: () => (due() ? 0 : Number.MAX_SAFE_INTEGER) });
}

/** Names `/bin/<name>` answers for: just-bash's commands and the ones added to it. */
export function shellCommandNames(commands: readonly CustomCommand[]): Set<string> {
  return new Set<string>([...builtinCommandNames(), ...commands.map((c) => c.name)]);
}

let parser: Bash | undefined;

/** The command's syntax tree, or undefined where just-bash's parser refuses it. */
function parseScript(command: string): ScriptNode | undefined {
  try {
    // The browser bundle exports no parse(): an interpreter's transform parses without running.
    return (parser ??= new Bash()).transform(command).ast;
  } catch {
    return undefined;
  }
}

/** Whether the command ends waiting for a command after `|`, `&&` or `||`: bash's parser fails
 * there ("unexpected end of file") and runs nothing; just-bash's takes an empty command. */
function endsUnfinished(script: ScriptNode | undefined): boolean {
  const statement = script?.statements.at(-1);
  const pipeline = statement?.pipelines.at(-1);
  const last = pipeline?.commands.at(-1);
  if (!statement || !pipeline || last?.type !== 'SimpleCommand') return false;
  const empty = last.name === null && last.args.length === 0 && last.assignments.length === 0 && last.redirections.length === 0;
  return empty && (pipeline.commands.length > 1 || statement.pipelines.length > 1);
}

export { ENDLESS_NOTE };

const utf8Bytes = new TextEncoder();

/** Each stream kept up to SHELL_OUTPUT_CAP_BYTES, as the disk shell keeps them, with the count
 * of all their bytes when that cut them. */
function capped(stdout: string, stderr: string): { stdout: string; stderr: string; outputBytes?: number } {
  // A UTF-8 character is at most 3 bytes per UTF-16 unit: shorter strings cannot be over.
  if (Math.max(stdout.length, stderr.length) * 3 <= SHELL_OUTPUT_CAP_BYTES) return { stdout, stderr };
  const [outBytes, errBytes] = [utf8Length(stdout), utf8Length(stderr)];
  if (Math.max(outBytes, errBytes) <= SHELL_OUTPUT_CAP_BYTES) return { stdout, stderr };
  const keep = (s: string, n: number) =>
    n > SHELL_OUTPUT_CAP_BYTES ? utf8.decode(utf8Bytes.encode(s).subarray(0, SHELL_OUTPUT_CAP_BYTES)) : s;
  return { stdout: keep(stdout, outBytes), stderr: keep(stderr, errBytes), outputBytes: outBytes + errBytes };
}

/** A text's length in UTF-8; text of ASCII alone is not encoded to learn it. */
const utf8Length = (s: string): number => (/[\u0080-\uffff]/.test(s) ? utf8Bytes.encode(s).length : s.length);

const LATIN1 = new Set(['binary', 'latin1']);
const utf8 = new TextDecoder();

/** The file system a run sees: an endless device gives the bytes the script asks for
 * (endless.ts), and each read of one calls `onEndless`. */
function withEndlessDevices(fs: IFileSystem, demand: EndlessDemand, onEndless: () => void): IFileSystem {
  const bytes = (p: string) => endlessDeviceBytes(p, endlessBytes(demand));
  const reads: Record<string, (p: string, options?: unknown) => unknown> = {
    readFileBuffer: async (p) => bytes(p),
    readFileBytes: async (p) => (p === '/dev/zero' ? '\0'.repeat(endlessBytes(demand)) : bytesToLatin1(bytes(p))),
    readFile: async (p, options) => {
      const enc = typeof options === 'string' ? options : (options as { encoding?: string } | undefined)?.encoding;
      return enc !== undefined && LATIN1.has(enc) ? bytesToLatin1(bytes(p)) : utf8.decode(bytes(p));
    },
  };
  return new Proxy(fs, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      const own = typeof key === 'string' ? reads[key] : undefined;
      if (typeof value !== 'function' || (own === undefined && key !== 'cp')) return value;
      return (path: unknown, ...rest: unknown[]) => {
        const p = typeof path === 'string' ? normalizePath(path) : undefined;
        if (p === undefined || !ENDLESS_DEVICES.has(p))
          return (value as (...a: unknown[]) => unknown).call(target, path, ...rest);
        onEndless();
        return own ? own(p, rest[0]) : (value as (...a: unknown[]) => unknown).call(target, path, ...rest);
      };
    },
  });
}

export async function runJustBash(
  setup: JustBashSetup,
  command: string,
  opts: ShellRunOptions,
): Promise<ShellResult> {
  const { fs, commands, python } = setup;
  const script = parseScript(command);
  if (endsUnfinished(script)) {
    const text = `/bin/bash: eval: line ${2 * command.replace(/\n+$/, '').split('\n').length}: syntax error: unexpected end of file\n`;
    const merged = opts.mergeStderr === true;
    return { stdout: merged ? text : '', stderr: merged ? '' : text, exitCode: 2, interrupted: false, cwdAfter: opts.cwd };
  }
  const time = setup.time ?? REAL_TIME;
  const started = time.elapsed();
  // `halting` ends the command's sleeps and its script at the next command; `stop` aborts the
  // interpreter outright when that does not come (HALT_GRACE_MS).
  const halting = new AbortController();
  const stop = new AbortController();
  // Ends the command's waits still pending when it is over (a `timeout` whose command ended first).
  const over = new AbortController();
  let stopped = false;
  let halted = false;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const end = () => {
    if (halted) return;
    halted = true;
    halting.abort();
    grace = setTimeout(() => stop.abort(), HALT_GRACE_MS);
  };
  const onAbort = () => {
    stopped = true;
    end();
  };
  const notes = new Set<string>();
  const demand = script ? endlessDemand(script) : { bytes: 0, lines: 0 };
  const endless = () => notes.add(ENDLESS_NOTE);
  // `kill $$`: the shell ends there, with the signal's status.
  let ended: { signal: string; exitCode: number } | undefined;
  const endBy = (e: { signal: string; exitCode: number }) => {
    ended ??= e;
    end();
  };
  const perRun = new Map(
    commandsForRun({
      limit: limitWait(time),
      onEndless: endless,
      endlessBytes: (lineBytes) => endlessBytes(demand, lineBytes),
      onSelfSignal: endBy,
    }).map((c) => [c.name, c]),
  );
  const bash = new Bash({
    fs: withEndlessDevices(fs, demand, endless),
    sleep: (ms) => time.sleep(ms, AbortSignal.any([halting.signal, over.signal])),
    cwd: opts.cwd,
    env: opts.env,
    commands: builtinCommandNames() as CommandName[],
    // This run's own timeout (its limit on the run's time, not idle), yes and kill.
    customCommands: commands.map((c) => perRun.get(c.name) ?? c),
    python,
    // memfs resolves paths through process.cwd(), which the defence layer forbids.
    defenseInDepth: false,
    executionLimits: {
      // A backstop behind the halt at the timeout, which keeps the output.
      maxExecutionTimeMs: Math.max(1, opts.timeoutMs) + 2 * HALT_GRACE_MS,
      maxCommandCount: Number.MAX_SAFE_INTEGER,
      maxLoopIterations: Number.MAX_SAFE_INTEGER,
      maxAwkIterations: Number.MAX_SAFE_INTEGER,
      maxSedIterations: Number.MAX_SAFE_INTEGER,
      maxCallDepth: 1000,
      // Room for what an endless producer makes for a script's head (endless.ts) to pass through
      // a pipeline and still be kept up to SHELL_OUTPUT_CAP_BYTES (capped).
      maxOutputSize: 2 * ENDLESS_BYTES.most,
      // head and tail of a file take the smaller of the two as their output's bound.
      maxStringLength: 2 * ENDLESS_BYTES.most,
      // seq's lines count against it (bash-x-output-huge: `seq 1 5000000`).
      maxArrayElements: 1 << 24,
      ...(opts.budget ? { maxLiveBytes: opts.budget.liveBytes } : {}),
      maxPythonTimeoutMs: Math.max(1, opts.timeoutMs),
    },
  });
  (bash as unknown as { state: { previousDir: string } }).state.previousDir = NO_OLDPWD;
  if (opts.signal?.aborted) onAbort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  // The timer fires when the interpreter awaits (sleep); a busy loop never lets it, so each
  // command also looks at the real time, as just-bash's deadline would (not at the workspace
  // clock: reading a replay's clock moves it).
  const cancelTimeout = time.timer(onAbort, opts.timeoutMs);
  const realStart = Date.now();
  haltWhen(bash, () => {
    if (!halted && Date.now() - realStart >= opts.timeoutMs) onAbort();
    return halted;
  });
  try {
    // `exec 2>&1` on the command's own first line keeps bash's line numbers in its errors.
    const r = overflowed(
      await bash.exec(opts.mergeStderr === true ? `exec 2>&1; ${command}` : command, {
        cwd: opts.cwd,
        env: opts.env,
        replaceEnv: true,
        rawScript: true,
        signal: stop.signal,
      }),
      endBy,
    );
    const interrupted = stopped || opts.signal?.aborted === true || time.elapsed() - started >= opts.timeoutMs;
    const shellText = (s: string) =>
      rewriteShellErrors(interrupted || halted ? stripStopMessage(s, halted) : s, command);
    const stderr = shellText(r.stderr);
    const exitCode = interrupted ? SIGTERM_EXIT : (ended?.exitCode ?? r.exitCode);
    // Claude Code captures the directory with `eval '<cmd>' && pwd -P`: only a successful
    // command moves it.
    const pwd = r.env.PWD;
    const cwdAfter =
      exitCode === 0 && pwd !== undefined && pwd !== ''
        ? await fs.realpath(pwd).catch(() => opts.cwd)
        : opts.cwd;
    // Merged, bash's own messages (`bash: x: command not found`) are in stdout, and so is what
    // came before `exec 2>&1` could run (a parse error), as with /bin/bash.
    const noted = {
      ...(ended && !interrupted ? { signal: ended.signal } : {}),
      ...(notes.size > 0 ? { notes: [...notes] } : {}),
    };
    const streams =
      opts.mergeStderr === true ? capped(shellText(r.stdout) + stderr, '') : capped(r.stdout, stderr);
    return { ...streams, exitCode, interrupted, cwdAfter, ...noted };
  } finally {
    cancelTimeout();
    clearTimeout(grace);
    over.abort();
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
