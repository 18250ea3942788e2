// The disk workspace's Shell: /bin/bash, spawned the way Claude Code spawns it, so stdout, stderr,
// exit codes and bash's own error prefixes (`/bin/bash: line 1: …`) are the real ones.
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { spawnThroughHelper } from './spawner';
import { join } from 'node:path';
import {
  SHELL_OUTPUT_CAP_BYTES,
  type Shell,
  type ShellResult,
  type ShellRunOptions,
} from '../../workspace/types';

/** After bash exits, how long its pipes may stay open before the result is taken. */
const DRAIN_MS = 200;

/** After SIGTERM, how long a process group gets before SIGKILL. */
const KILL_GRACE_MS = 2000;

/** Claude Code's shells start with SIGQUIT ignored (SigIgn 0x4 in /proc/$$/status, recorded),
 * so `kill -QUIT $$` does nothing: a signal ignored across exec stays ignored and, unlike a
 * trap, does not show in `trap -p`. */
const IGNORING_QUIT = ['-c', `trap '' QUIT; exec "$0" -c "$1"`];

/** POSIX single quoting, as shell-quote does it. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The script bash runs: the command under eval with stdin closed, then the working directory
 * captured only when the command succeeded (Claude Code's `&& pwd -P >| <file>`). */
export function wrapCommand(command: string, cwdFile: string, mergeStderr = false): string {
  return `${mergeStderr ? 'exec 2>&1; ' : ''}eval ${shellQuote(command)} < /dev/null && pwd -P >| ${shellQuote(cwdFile)}`;
}

function signalExit(signal: NodeJS.Signals | null): number {
  if (signal === null) return 1;
  return 128 + (constants.signals[signal] ?? 0);
}

/** A stream's chunks up to SHELL_OUTPUT_CAP_BYTES, and the count of all of them. */
export function capped() {
  const chunks: Buffer[] = [];
  let room = SHELL_OUTPUT_CAP_BYTES;
  let total = 0;
  return {
    add: (b: Buffer) => {
      total += b.length;
      if (room <= 0) return;
      chunks.push(b.length > room ? b.subarray(0, room) : b);
      room -= b.length;
    },
    /** Bytes that came past the room and were not kept. */
    skip: (n: number) => {
      total += n;
      room -= n;
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
    total: () => total,
    // Chunks can fill the room exactly, so what was dropped is what the count exceeds it by.
    cut: () => total > SHELL_OUTPUT_CAP_BYTES,
  };
}

export interface DiskShellOptions {
  /** Where the cwd capture file goes (default: the OS temp directory). */
  tmpDir?: string;
  bash?: string;
  /** Told each command's process group, for an owner that may have to end it from outside
   * (the CLI ends a scenario's thread at its deadline, and its commands with it). */
  onSpawn?: (pgid: number) => void;
}

export function createDiskShell(options: DiskShellOptions = {}): Shell {
  const bashPath = options.bash ?? '/bin/bash';
  return {
    run(command: string, opts: ShellRunOptions): Promise<ShellResult> {
      const cwdFile = join(options.tmpDir ?? tmpdir(), `cc-playground-${randomUUID()}-cwd`);
      return new Promise<ShellResult>((resolve, reject) => {
        const out = capped();
        const err = capped();
        let pid: number | undefined;
        let interrupted = false;
        let killTimer: ReturnType<typeof setTimeout> | undefined;
        const killGroup = (sig: NodeJS.Signals) => {
          if (pid === undefined) return;
          try {
            process.kill(-pid, sig);
          } catch {
            // The group is already gone.
          }
        };
        const stop = () => {
          if (interrupted) return;
          interrupted = true;
          killGroup('SIGTERM');
          killTimer = setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS);
        };
        const timer = setTimeout(stop, opts.timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          if (killTimer !== undefined) clearTimeout(killTimer);
          opts.signal?.removeEventListener('abort', stop);
        };
        let settled = false;
        let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
        const finish = () => {
          if (settled || !exited) return;
          settled = true;
          cleanup();
          // A job the command left running (`cmd &`) may hold the pipes open; its later output is
          // not part of this result.
          child.drop();
          if (interrupted) killGroup('SIGKILL');
          const { code, signal } = exited;
          const exitCode = code ?? signalExit(signal);
          let cwdAfter = opts.cwd;
          try {
            const captured = readFileSync(cwdFile, 'utf8').replace(/\n$/, '');
            if (captured !== '' && !interrupted) cwdAfter = captured;
          } catch {
            // No capture: the command failed or was stopped, and the directory stays.
          }
          rmSync(cwdFile, { force: true });
          resolve({
            stdout: out.text(),
            stderr: err.text(),
            exitCode: interrupted && code === 0 ? signalExit('SIGTERM') : exitCode,
            interrupted,
            cwdAfter,
            ...(signal !== null && !interrupted ? { signal } : {}),
            ...(out.cut() || err.cut() ? { outputBytes: out.total() + err.total() } : {}),
          });
        };
        const child = spawnThroughHelper(
          {
            file: '/bin/sh',
            args: [...IGNORING_QUIT, bashPath, wrapCommand(command, cwdFile, opts.mergeStderr)],
            cwd: opts.cwd,
            env: opts.env ?? process.env,
            cap: SHELL_OUTPUT_CAP_BYTES,
          },
          {
            spawned: (p) => {
              pid = p;
              options.onSpawn?.(p);
              opts.onStart?.();
              if (interrupted) killGroup('SIGTERM');
            },
            stdout: out.add,
            stderr: err.add,
            skipped: (stream, bytes) => (stream === 'stdout' ? out : err).skip(bytes),
            exit: (code, signal) => {
              exited = { code, signal };
              // Output still in the pipes arrives before 'close'; wait for it briefly.
              setTimeout(finish, DRAIN_MS);
            },
            close: finish,
            error: (e) => {
              if (settled) return;
              settled = true;
              cleanup();
              reject(e);
            },
          },
        );
        if (opts.signal?.aborted) stop();
        opts.signal?.addEventListener('abort', stop, { once: true });
      });
    },
  };
}
