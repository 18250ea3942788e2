import { describe, expect, it } from 'vitest';
import { Volume } from 'memfs';
import { busyShell, deterministicClock } from '../../clock';
import { channelWorker } from '../testing';
import { createWorkerPool, createWorkerShell, type WorkerLike } from './host';
import type { FromWorker, ToWorker } from './protocol';
import { ENDLESS_NOTE } from '../run';

// A deadline no run here should meet, even on a loaded machine: the tests of timeouts set their own.
const opts = { cwd: '/ws/project', env: { PATH: '/usr/bin:/bin', HOME: '/ws/home' }, timeoutMs: 120000 };

function volume(): Volume {
  const vol = new Volume();
  vol.mkdirSync('/ws/project', { recursive: true });
  vol.mkdirSync('/ws/home', { recursive: true });
  vol.writeFileSync('/ws/project/a.txt', 'alpha\n');
  return vol;
}

/** A worker that starts and then never answers a command: what a page sees while just-bash
 * spins in a loop it cannot leave. */
function stuckWorker(log: string[]): WorkerLike {
  const listeners: ((e: MessageEvent) => void)[] = [];
  const send = (m: FromWorker) =>
    queueMicrotask(() => listeners.forEach((l) => l({ data: m } as MessageEvent)));
  send({ t: 'ready', commandNames: [] });
  return {
    postMessage: (m) => log.push((m as ToWorker).t),
    addEventListener: (type: string, l: (e: never) => void) => {
      if (type === 'message') listeners.push(l as (e: MessageEvent) => void);
    },
    terminate: () => log.push('terminate'),
  };
}

/** A shell whose workers all hang, with the messages they were sent. */
function stuckShell() {
  const log: string[] = [];
  const shell = createWorkerShell(volume(), deterministicClock(), {
    spawn: () => stuckWorker(log),
    graceMs: 20,
  });
  return { log, shell };
}

function brokenWorker(): WorkerLike {
  let onError: ((e: ErrorEvent) => void) | undefined;
  setTimeout(() => onError?.({ message: 'Failed to fetch the worker script' } as ErrorEvent), 0);
  return {
    postMessage: () => undefined,
    addEventListener: (type: string, l: (e: never) => void) => {
      if (type === 'error') onError = l as (e: ErrorEvent) => void;
    },
    terminate: () => undefined,
  };
}

describe('createWorkerShell', () => {
  it('runs commands in the worker on the page volume, reusing one idle worker', async () => {
    const vol = volume();
    let spawned = 0;
    const shell = createWorkerShell(vol, deterministicClock(1_700_000_000_000), {
      spawn: () => (spawned++, channelWorker()),
    });
    const first = await shell.run("echo beta >> a.txt; cat a.txt; ls '*.txt'; ls *.txt", opts);
    const second = await shell.run('cd /ws/project && git init -q -b main && git status --short', opts);
    expect([first, second, String(vol.readFileSync('/ws/project/a.txt')), spawned, shell.workers()]).toEqual([
      {
        stdout: 'alpha\nbeta\na.txt\n',
        stderr: "ls: cannot access '*.txt': No such file or directory\n",
        exitCode: 0,
        interrupted: false,
        cwdAfter: '/ws/project',
      },
      { stdout: '?? a.txt\n', stderr: '', exitCode: 0, interrupted: false, cwdAfter: '/ws/project' },
      'alpha\nbeta\n',
      1,
      1,
    ]);
    shell.dispose();
  });

  it("hands back the run's notes for people with its result", async () => {
    const shell = createWorkerShell(volume(), deterministicClock(1_700_000_000_000), { spawn: () => channelWorker() });
    expect(await shell.run('yes | head -c 4', opts)).toEqual({
      stdout: 'y\ny\n',
      stderr: '',
      exitCode: 0,
      interrupted: false,
      cwdAfter: '/ws/project',
      notes: [ENDLESS_NOTE],
    });
    shell.dispose();
  });

  it('serves each shell of a shared pool from its own volume, on the same worker', async () => {
    let spawned = 0;
    const pool = createWorkerPool(() => (spawned++, channelWorker()));
    const [v1, v2] = [volume(), volume()];
    v2.writeFileSync('/ws/project/a.txt', 'other\n');
    const [s1, s2] = [v1, v2].map((v) => createWorkerShell(v, deterministicClock(), { pool }));
    const r1 = await s1?.run('cat a.txt; echo one > b.txt', opts);
    const r2 = await s2?.run('cat a.txt; ls', opts);
    s1?.dispose();
    expect([
      r1?.stdout,
      r2?.stdout,
      v1.existsSync('/ws/project/b.txt'),
      v2.existsSync('/ws/project/b.txt'),
      spawned,
      pool.size(),
    ]).toEqual(['alpha\n', 'other\na.txt\n', true, false, 1, 1]);
    pool.dispose();
    expect(pool.size()).toEqual(0);
  });

  it('warms one worker ahead of the first command, and the command uses it', async () => {
    let spawned = 0;
    const pool = createWorkerPool(() => (spawned++, channelWorker()));
    pool.warm();
    pool.warm();
    const shell = createWorkerShell(volume(), deterministicClock(), { pool });
    const r = await shell.run('echo warm', opts);
    expect([r.stdout, spawned, pool.size()]).toEqual(['warm\n', 1, 1]);
    pool.dispose();
  });

  it('ends a worker that outlives its timeout and starts a fresh one for the next command', async () => {
    const { log, shell } = stuckShell();
    const r = await shell.run('while true; do :; done', { ...opts, timeoutMs: 30 });
    expect([r, log, shell.workers()]).toEqual([
      { stdout: '', stderr: '', exitCode: 143, interrupted: true, cwdAfter: '/ws/project' },
      ['run', 'abort', 'terminate'],
      0,
    ]);
    void shell.run('true', opts);
    expect(shell.workers()).toEqual(1);
    shell.dispose();
  });

  it('ends a worker whose thread stays busy past the CPU budget, long before the timeout', async () => {
    const { log, shell } = stuckShell();
    const started = performance.now();
    const r = await shell.run('while true; do :; done', {
      ...opts,
      timeoutMs: 60_000,
      budget: { cpuMs: 50, liveBytes: 2 ** 20 },
    });
    expect([r, log, shell.workers(), performance.now() - started < 5_000]).toEqual([
      { stdout: '', stderr: '', exitCode: 143, interrupted: true, overBudget: true, cwdAfter: '/ws/project' },
      ['run', 'terminate'],
      0,
      true,
    ]);
  });

  it('does not count time a command spends waiting (sleep) against its CPU budget', async () => {
    const shell = createWorkerShell(volume(), deterministicClock(), { spawn: () => channelWorker() });
    // The budget leaves room for a loaded machine's first run (compiling just-bash), not for the sleep.
    const r = await shell.run('sleep 1; echo woke', {
      ...opts,
      budget: { cpuMs: 400, liveBytes: 64 * 2 ** 20 },
    });
    expect(r).toEqual({
      stdout: 'woke\n',
      stderr: '',
      exitCode: 0,
      interrupted: false,
      cwdAfter: '/ws/project',
    });
    shell.dispose();
  });

  it('ends a worker whose command answered that it was stopped, rather than keep it for the next', async () => {
    let spawned = 0;
    const shell = createWorkerShell(volume(), deterministicClock(), {
      spawn: () => (spawned++, channelWorker()),
    });
    const r = await shell.run('sleep 5', { ...opts, timeoutMs: 50 });
    expect([r, spawned, shell.workers()]).toEqual([
      { stdout: '', stderr: '', exitCode: 143, interrupted: true, cwdAfter: '/ws/project' },
      1,
      0,
    ]);
    shell.dispose();
  });

  it('asks the worker to stop on abort, then ends it when it does not', async () => {
    const { log, shell } = stuckShell();
    const stop = new AbortController();
    const running = shell.run('while true; do :; done', { ...opts, signal: stop.signal });
    setTimeout(() => stop.abort(), 10);
    expect([await running, log]).toEqual([
      { stdout: '', stderr: '', exitCode: 143, interrupted: true, cwdAfter: '/ws/project' },
      ['run', 'abort', 'terminate'],
    ]);
  });

  it("waits on the workspace clock: a replay's clock skips the worker's sleeps, and the timeout and timeout's limit count on it", async () => {
    const clock = deterministicClock(undefined, { skipIdle: true });
    let spawned = 0;
    const shell = busyShell(createWorkerShell(volume(), clock, { spawn: () => (spawned++, channelWorker()) }), clock);
    const started = performance.now();
    const slept = await shell.run('sleep 40; echo woke', { ...opts, timeoutMs: 60_000 });
    const limited = await shell.run('timeout 5 sleep 30; echo $?', { ...opts, timeoutMs: 60_000 });
    const timedOut = await shell.run('echo before; sleep 45; echo after', { ...opts, timeoutMs: 2000 });
    const after = await shell.run('echo next', opts);
    expect([slept, limited, timedOut, after, spawned, clock.elapsed() - started >= 47_000, performance.now() - started < 10_000]).toEqual([
      { stdout: 'woke\n', stderr: '', exitCode: 0, interrupted: false, cwdAfter: '/ws/project' },
      { stdout: '124\n', stderr: '', exitCode: 0, interrupted: false, cwdAfter: '/ws/project' },
      { stdout: 'before\n', stderr: '', exitCode: 143, interrupted: true, cwdAfter: '/ws/project' },
      { stdout: 'next\n', stderr: '', exitCode: 0, interrupted: false, cwdAfter: '/ws/project' },
      // The stopped command's worker was ended and a new one made for the next.
      2,
      true,
      true,
    ]);
    shell.dispose?.();
  });

  it('reports a worker that cannot load as an error', async () => {
    const shell = createWorkerShell(volume(), deterministicClock(), { spawn: brokenWorker });
    await expect(shell.run('echo hi', opts)).rejects.toThrow(
      new Error('The shell worker stopped: Failed to fetch the worker script'),
    );
    expect(shell.workers()).toEqual(0);
  });

  it('stops running commands on dispose', async () => {
    const log: string[] = [];
    const shell = createWorkerShell(volume(), deterministicClock(), { spawn: () => stuckWorker(log) });
    const running = shell.run('sleep 100', opts);
    await new Promise((r) => setTimeout(r, 10));
    shell.dispose();
    expect([await running, log, shell.workers()]).toEqual([
      { stdout: '', stderr: '', exitCode: 143, interrupted: true, cwdAfter: '/ws/project' },
      ['run', 'terminate'],
      0,
    ]);
  });
});
