// The in-memory workspace's Shell: just-bash over the workspace's own memfs Volume. Results are
// shaped like the disk shell's (/bin/bash -c as Claude Code spawns it), so the Bash tool renders
// both the same way. No node:* imports: this runs in the browser.
import { Bash, getCommandNames, type CustomCommand } from 'just-bash';
import type { Volume } from 'memfs';
import type { Clock, Shell, ShellResult, ShellRunOptions } from '../../workspace/types';
import { createGitCommand } from '../git/command';
import { MemfsShellFs } from './memfs-fs';
import { extraCommands } from './commands';
import { shellErrorPrefix } from './messages';

/** Exit status of a command stopped by SIGTERM, as the disk shell reports a killed bash. */
export const SIGTERM_EXIT = 143;

export interface JustBashShellOptions {
  /** Extra commands (tests, the session's own). git and yes are always there. */
  commands?: CustomCommand[];
  /** python3/python through just-bash's CPython WASM: Node only (it needs worker threads), and
   * about 3 s per start. Off: `python3` is "command not found", as on a host without it. */
  python?: boolean;
}

// just-bash's last words when its deadline or abort stops a script; the Shell reports the stop
// through `interrupted` instead, as the disk shell does.
const STOP_MESSAGE =
  /^bash: (?:.*execution deadline.*|.*exceeded its execution deadline|execution aborted|.*timed out.*)\n?$/;

const NOT_IN_BROWSER = /^bash: ([^:\n]+): command not available in browser environments\..*$/gm;

/** just-bash says `bash: x: ...`; /bin/bash -c 'eval ...' says `/bin/bash: line N: x: ...`. */
export function rewriteShellErrors(stderr: string, command: string): string {
  return stderr
    .replace(NOT_IN_BROWSER, 'bash: $1: command not found')
    .replace(
      /^bash: (?!line \d+:)([^:\n]+)(:.*)$/gm,
      (_, name: string, rest: string) => `${shellErrorPrefix(command, name)}${name}${rest}`,
    );
}

function stripStopMessage(stderr: string): string {
  const lines = stderr.split(/(?<=\n)/);
  const last = lines[lines.length - 1];
  if (last !== undefined && STOP_MESSAGE.test(last)) lines.pop();
  return lines.join('');
}

export function createJustBashShell(vol: Volume, clock: Clock, options: JustBashShellOptions = {}): Shell {
  const commands: CustomCommand[] = [
    createGitCommand(vol, clock),
    ...extraCommands,
    ...(options.commands ?? []),
  ];
  const fs = new MemfsShellFs(
    vol,
    clock,
    new Set<string>([...getCommandNames(), ...commands.map((c) => c.name)]),
  );

  return {
    async run(command: string, opts: ShellRunOptions): Promise<ShellResult> {
      const started = Date.now();
      const stop = new AbortController();
      let stopped = false;
      const onAbort = () => {
        stopped = true;
        stop.abort();
      };
      if (opts.signal?.aborted) onAbort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      // The timer only fires when the interpreter awaits real I/O (sleep); hot loops are stopped
      // by just-bash's own deadline, which it checks between statements.
      const timer = setTimeout(onAbort, opts.timeoutMs);
      const bash = new Bash({
        fs,
        cwd: opts.cwd,
        env: opts.env,
        customCommands: commands,
        python: options.python ?? false,
        // memfs resolves paths through process.cwd(), which the defence layer forbids.
        defenseInDepth: false,
        executionLimits: {
          maxExecutionTimeMs: Math.max(1, opts.timeoutMs),
          maxCommandCount: Number.MAX_SAFE_INTEGER,
          maxLoopIterations: Number.MAX_SAFE_INTEGER,
          maxAwkIterations: Number.MAX_SAFE_INTEGER,
          maxSedIterations: Number.MAX_SAFE_INTEGER,
          maxCallDepth: 1000,
          maxPythonTimeoutMs: Math.max(1, opts.timeoutMs),
        },
      });
      try {
        const r = await bash.exec(command, {
          cwd: opts.cwd,
          env: opts.env,
          replaceEnv: true,
          rawScript: true,
          signal: stop.signal,
        });
        const interrupted =
          stopped || opts.signal?.aborted === true || Date.now() - started >= opts.timeoutMs;
        const stderr = rewriteShellErrors(interrupted ? stripStopMessage(r.stderr) : r.stderr, command);
        const exitCode = interrupted ? SIGTERM_EXIT : r.exitCode;
        // Claude Code captures the directory with `eval '<cmd>' && pwd -P`: only a successful
        // command moves it.
        const pwd = r.env.PWD;
        const cwdAfter =
          exitCode === 0 && pwd !== undefined && pwd !== ''
            ? await fs.realpath(pwd).catch(() => opts.cwd)
            : opts.cwd;
        return { stdout: r.stdout, stderr, exitCode, interrupted, cwdAfter };
      } finally {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
