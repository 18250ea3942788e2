// The disk workspace's Shell: /bin/bash, spawned the way Claude Code spawns it, so stdout, stderr,
// exit codes and bash's own error prefixes (`/bin/bash: line 1: …`) are the real ones.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
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
        const child = spawn('/bin/sh', [...IGNORING_QUIT, bashPath, wrapCommand(command, cwdFile, opts.mergeStderr)], {
          cwd: opts.cwd,
          env: opts.env,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        if (child.pid !== undefined) options.onSpawn?.(child.pid);
        opts.onStart?.();
        const out = capped();
        const err = capped();
        child.stdout.on('data', out.add);
        child.stderr.on('data', err.add);
        let interrupted = false;
        let killTimer: ReturnType<typeof setTimeout> | undefined;
        const killGroup = (sig: NodeJS.Signals) => {
          if (child.pid === undefined) return;
          try {
            process.kill(-child.pid, sig);
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
        if (opts.signal?.aborted) stop();
        opts.signal?.addEventListener('abort', stop, { once: true });
        const cleanup = () => {
          clearTimeout(timer);
          if (killTimer !== undefined) clearTimeout(killTimer);
          opts.signal?.removeEventListener('abort', stop);
        };
        child.on('error', (e) => {
          cleanup();
          reject(e);
        });
        let settled = false;
        const finish = (code: number | null, signal: NodeJS.Signals | null) => {
          if (settled) return;
          settled = true;
          cleanup();
          // A job the command left running (`cmd &`) may hold the pipes open; its later output is
          // not part of this result.
          child.stdout.destroy();
          child.stderr.destroy();
          if (interrupted) killGroup('SIGKILL');
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
        child.on('exit', (code, signal) => {
          // Output still in the pipes arrives before 'close'; wait for it briefly.
          child.on('close', () => finish(code, signal));
          setTimeout(() => finish(code, signal), DRAIN_MS);
        });
      });
    },
  };
}
