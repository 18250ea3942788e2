// The page's side of the shell worker: a Shell whose commands run in workers while the files
// stay in the page's memfs Volume (the worker asks for each read and write). A command that
// outlives its timeout by `graceMs` (a busy loop just-bash cannot interrupt, a huge regex) is
// stopped by ending its worker; the next command gets a fresh one. Workers hold no files, so a
// pool of them can serve several workspaces (the CLI's corpus runs share one).
import type { Volume } from 'memfs';
import type { Clock, Shell, ShellResult, ShellRunOptions } from '../../../workspace/types';
import { runGit } from '../../git/command';
import { MemfsShellFs } from '../memfs-fs';
import { stoppedResult } from '../messages';
import {
  FS_METHODS,
  fromWire,
  TICK_MS,
  toWire,
  type FromWorker,
  type Port,
  type RunRequest,
  type ToWorker,
} from './protocol';

export interface WorkerLike extends Port {
  terminate(): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  addEventListener(type: 'error', listener: (e: ErrorEvent) => void): void;
}

type Call = Extract<FromWorker, { t: 'fs' | 'git' | 'wait' }>;

interface Job {
  id: number;
  cwd: string;
  /** Answers the worker's file and git calls from the job's own workspace. */
  serve(call: Call): Promise<unknown>;
  /** Ends a wait the worker no longer needs. */
  cancel(call: number): void;
  finish(r: ShellResult | Error): void;
  /** The worker's first sign of running it (a tick, a file call, its end): ShellRunOptions.onStart. */
  began?: () => void;
}

interface Slot {
  worker: WorkerLike;
  /** The worker's command names, once it has started. */
  ready: Promise<string[]>;
  job?: Job;
  /** When the worker last showed its thread free (any message). */
  lastHeard: number;
  /** Busy time counted for the running job so far. */
  busyMs: number;
}

export interface WorkerPool {
  /** An idle worker, or a new one. */
  take(): Slot;
  /** Busy time of the slot's current job, including a gap still open. */
  busyMs(slot: Slot): number;
  /** Ends a worker; its command, if any, resolves as stopped. */
  stop(slot: Slot): void;
  /** Starts a worker now if none is idle, so the next command does not wait for one. */
  warm(): void;
  /** Workers alive now (running or idle). */
  size(): number;
  dispose(): void;
}

export function createWorkerPool(spawn: () => WorkerLike, keepIdle = 1): WorkerPool {
  const idle: Slot[] = [];
  const alive = new Set<Slot>();

  function end(slot: Slot): void {
    slot.worker.terminate();
    alive.delete(slot);
    const i = idle.indexOf(slot);
    if (i >= 0) idle.splice(i, 1);
  }

  function stop(slot: Slot): void {
    const job = slot.job;
    slot.job = undefined;
    end(slot);
    job?.finish(stoppedResult(job.cwd));
  }

  function heard(slot: Slot): void {
    const now = performance.now();
    if (slot.job) slot.busyMs += Math.max(0, now - slot.lastHeard - TICK_MS);
    slot.lastHeard = now;
  }

  function start(): Slot {
    const worker = spawn();
    let started!: (names: string[]) => void;
    let failed!: (e: Error) => void;
    const slot: Slot = {
      worker,
      ready: new Promise<string[]>((res, rej) => {
        started = res;
        failed = rej;
      }),
      lastHeard: performance.now(),
      busyMs: 0,
    };
    // Unobserved until a command waits for it.
    slot.ready.catch(() => undefined);
    const reply = (m: ToWorker) => worker.postMessage(m);
    worker.addEventListener('message', (e: MessageEvent) => {
      const m = e.data as FromWorker;
      heard(slot);
      const began = slot.job?.began;
      if (slot.job && began && m.t !== 'ready') {
        slot.job.began = undefined;
        began();
      }
      if (m.t === 'tick') return;
      if (m.t === 'ready') started(m.commandNames);
      else if (m.t === 'cancel') slot.job?.cancel(m.call);
      else if (m.t === 'done' || m.t === 'failed') {
        const job = slot.job;
        if (job?.id !== m.id) return;
        slot.job = undefined;
        // A stopped command may leave work behind in its worker (an eval recursion goes on
        // growing after just-bash has answered): only a worker whose command ended is reused.
        if (idle.length < keepIdle && m.t === 'done' && !m.result.interrupted) idle.push(slot);
        else end(slot);
        job.finish(m.t === 'done' ? m.result : fromWire(m.error));
      } else {
        const job = slot.job;
        if (!job) return;
        job.serve(m).then(
          (value) => reply({ t: 'reply', call: m.call, ok: true, value }),
          (err: unknown) => reply({ t: 'reply', call: m.call, ok: false, error: toWire(err) }),
        );
      }
    });
    worker.addEventListener('error', (e: ErrorEvent) => {
      const err = new Error(`The shell worker stopped: ${e.message || 'it could not be loaded'}`);
      failed(err);
      const job = slot.job;
      slot.job = undefined;
      end(slot);
      job?.finish(err);
    });
    alive.add(slot);
    return slot;
  }

  return {
    take: () => {
      const slot = idle.pop() ?? start();
      slot.busyMs = 0;
      slot.lastHeard = performance.now();
      return slot;
    },
    busyMs: (slot) => slot.busyMs + Math.max(0, performance.now() - slot.lastHeard - TICK_MS),
    warm() {
      if (idle.length === 0 && keepIdle > 0) idle.push(start());
    },
    stop,
    size: () => alive.size,
    dispose() {
      for (const slot of [...alive]) stop(slot);
    },
  };
}

export interface WorkerShellOptions {
  /** Starts a worker for a pool of this shell's own. */
  spawn?: () => WorkerLike;
  /** A pool shared with other shells (the shell does not end it on dispose). */
  pool?: WorkerPool;
  /** How long past its timeout (or an abort) a command may take to stop by itself. */
  graceMs?: number;
  /** Workers an own pool keeps ready between commands (the first starts with the first
   * command: a session without Bash starts none). */
  keepIdle?: number;
}

export interface WorkerShell extends Shell {
  /** Stops this shell's running commands (and ends an own pool's workers). */
  dispose(): void;
  /** Workers alive in the shell's pool (running or idle). */
  workers(): number;
}

const FS_METHOD_SET: ReadonlySet<string> = new Set(FS_METHODS);

/** `ls` is the only just-bash command that lists the whole volume (for an unexpanded pattern). */
const MAY_LIST_ALL = /\bls\b/;

/** Job ids are unique across shells, since a pool's workers serve several. */
let nextId = 0;

export function createWorkerShell(vol: Volume, clock: Clock, options: WorkerShellOptions): WorkerShell {
  const graceMs = options.graceMs ?? 1000;
  const own = options.pool === undefined;
  const pool =
    options.pool ??
    createWorkerPool(
      options.spawn ??
        (() => {
          throw new Error('createWorkerShell needs spawn or pool');
        }),
      options.keepIdle,
    );
  let fs: MemfsShellFs | undefined;
  const running = new Set<Slot>();

  const serve = async (m: Exclude<Call, { t: 'wait' }>): Promise<unknown> => {
    if (m.t === 'git')
      return runGit({ vol, clock, cwd: m.cwd, env: new Map(Object.entries(m.env)), hooksDone: m.hooksDone }, m.args);
    if (!fs || !FS_METHOD_SET.has(m.method)) throw new Error(`shell worker: unknown call ${m.method}`);
    const f = fs[m.method] as (...a: unknown[]) => Promise<unknown>;
    return f.apply(fs, m.args);
  };

  return {
    async run(command: string, opts: ShellRunOptions): Promise<ShellResult> {
      const slot = pool.take();
      const id = ++nextId;
      // The worker's waits on this clock, each with what ends it early.
      const waits = new Map<number, () => void>();
      const endWaits = () => [...waits.values()].forEach((end) => end());
      const jobServe = (m: Call): Promise<unknown> => {
        if (m.t !== 'wait') return serve(m);
        return new Promise<void>((resolve) => {
          const over = () => (waits.delete(m.call), resolve());
          if (m.idle) {
            const ended = new AbortController();
            waits.set(m.call, () => ended.abort());
            void clock.idle(m.ms, ended.signal).then(over);
          } else {
            const cancel = clock.timer(over, m.ms);
            waits.set(m.call, () => (cancel(), over()));
          }
        });
      };
      let cancelLimit = (): void => undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let watch: ReturnType<typeof setInterval> | undefined;
      const kill = () => {
        if (slot.job?.id === id) pool.stop(slot);
      };
      const budget = opts.budget;
      if (budget)
        watch = setInterval(() => {
          if (pool.busyMs(slot) <= budget.cpuMs || slot.job?.id !== id) return;
          const job = slot.job;
          slot.job = {
            ...job,
            finish: (r) => job.finish(r instanceof Error ? r : { ...r, overBudget: true }),
          };
          kill();
        }, TICK_MS);
      const result = new Promise<ShellResult>((resolve, reject) => {
        running.add(slot);
        slot.job = {
          id,
          cwd: opts.cwd,
          serve: jobServe,
          cancel: (call) => waits.get(call)?.(),
          began: opts.onStart,
          finish: (r) => {
            running.delete(slot);
            // An idle wait still open would leave the clock thinking the command idle.
            endWaits();
            cancelLimit();
            clearTimeout(timer);
            clearInterval(watch);
            opts.signal?.removeEventListener('abort', onAbort);
            if (r instanceof Error) reject(r);
            else resolve(r);
          },
        };
      });
      const onAbort = () => {
        slot.worker.postMessage({ t: 'abort', id } satisfies ToWorker);
        clearTimeout(timer);
        timer = setTimeout(kill, graceMs);
        // A stopped process ends at once; the worker's reply is the playground's overhead, so the
        // timeline waits for it (a monitor's expiry reaches the call it falls in: monitor-expiry).
        void clock.hold?.(result.catch(() => undefined));
      };
      let names: string[];
      try {
        names = await (clock.hold ? clock.hold(slot.ready) : slot.ready);
      } catch (e) {
        slot.job?.finish(e instanceof Error ? e : new Error(String(e)));
        return result;
      }
      fs ??= new MemfsShellFs(vol, clock, new Set(names));
      const req: RunRequest = {
        t: 'run',
        id,
        command,
        cwd: opts.cwd,
        env: opts.env,
        timeoutMs: opts.timeoutMs,
        mergeStderr: opts.mergeStderr,
        budget: opts.budget,
      };
      if (MAY_LIST_ALL.test(command)) req.allPaths = fs.getAllPaths();
      slot.worker.postMessage(req);
      // The timeout is on the workspace clock (a replay's skips the worker's sleeps); past it a
      // command that does not stop by itself within graceMs of real time loses its worker.
      cancelLimit = clock.timer(onAbort, opts.timeoutMs);
      if (opts.signal?.aborted) onAbort();
      else opts.signal?.addEventListener('abort', onAbort, { once: true });
      return result;
    },
    dispose() {
      if (own) {
        pool.dispose();
        return;
      }
      for (const slot of [...running]) pool.stop(slot);
    },
    workers: () => pool.size(),
  };
}
