// The page's side of the shell worker: a Shell whose commands run in workers while the files
// stay in the page's memfs Volume (the worker asks for each read and write). A command that
// outlives its timeout by `graceMs` (a busy loop just-bash cannot interrupt, a huge regex) is
// stopped by ending its worker; the next command gets a fresh one.
import type { Volume } from 'memfs';
import type { Clock, Shell, ShellResult, ShellRunOptions } from '../../../workspace/types';
import { runGit } from '../../git/command';
import { MemfsShellFs } from '../memfs-fs';
import { stoppedResult } from '../messages';
import {
  FS_METHODS,
  fromWire,
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

export interface WorkerShellOptions {
  spawn: () => WorkerLike;
  /** How long past its timeout (or an abort) a command may take to stop by itself. */
  graceMs?: number;
  /** Workers kept ready between commands (the first starts with the first command: a session
   * without Bash starts none). */
  keepIdle?: number;
}

export interface WorkerShell extends Shell {
  /** Ends every worker; running commands resolve as stopped. */
  dispose(): void;
  /** Workers alive now (running or idle). */
  workers(): number;
}

const FS_METHOD_SET: ReadonlySet<string> = new Set(FS_METHODS);

interface Job {
  id: number;
  cwd: string;
  finish(r: ShellResult | Error): void;
}

interface Slot {
  worker: WorkerLike;
  ready: Promise<void>;
  job?: Job;
}

/** `ls` is the only just-bash command that lists the whole volume (for an unexpanded pattern). */
const MAY_LIST_ALL = /\bls\b/;

export function createWorkerShell(vol: Volume, clock: Clock, options: WorkerShellOptions): WorkerShell {
  const graceMs = options.graceMs ?? 1000;
  const keepIdle = options.keepIdle ?? 1;
  let fs: MemfsShellFs | undefined;
  const idle: Slot[] = [];
  const alive = new Set<Slot>();
  let nextId = 0;

  const reply = (slot: Slot, m: ToWorker) => slot.worker.postMessage(m);

  async function serve(slot: Slot, m: Extract<FromWorker, { t: 'fs' | 'git' }>): Promise<void> {
    try {
      let value: unknown;
      if (m.t === 'git') {
        value = await runGit({ vol, clock, cwd: m.cwd, env: new Map(Object.entries(m.env)) }, m.args);
      } else {
        if (!fs || !FS_METHOD_SET.has(m.method)) throw new Error(`shell worker: unknown call ${m.method}`);
        const f = fs[m.method] as (...a: unknown[]) => Promise<unknown>;
        value = await f.apply(fs, m.args);
      }
      reply(slot, { t: 'reply', call: m.call, ok: true, value });
    } catch (e) {
      reply(slot, { t: 'reply', call: m.call, ok: false, error: toWire(e) });
    }
  }

  function end(slot: Slot): void {
    slot.worker.terminate();
    alive.delete(slot);
    const i = idle.indexOf(slot);
    if (i >= 0) idle.splice(i, 1);
  }

  function spawn(): Slot {
    const worker = options.spawn();
    let started!: () => void;
    let failed!: (e: Error) => void;
    const slot: Slot = {
      worker,
      ready: new Promise<void>((res, rej) => {
        started = res;
        failed = rej;
      }),
    };
    // Unobserved until a command waits for it.
    slot.ready.catch(() => undefined);
    worker.addEventListener('message', (e: MessageEvent) => {
      const m = e.data as FromWorker;
      if (m.t === 'ready') {
        fs ??= new MemfsShellFs(vol, clock, new Set(m.commandNames));
        started();
      } else if (m.t === 'done' || m.t === 'failed') {
        const job = slot.job;
        if (job?.id !== m.id) return;
        slot.job = undefined;
        if (idle.length < keepIdle) idle.push(slot);
        else end(slot);
        job.finish(m.t === 'done' ? m.result : fromWire(m.error));
      } else void serve(slot, m);
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
    async run(command: string, opts: ShellRunOptions): Promise<ShellResult> {
      const slot = idle.pop() ?? spawn();
      const id = ++nextId;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const kill = () => {
        const job = slot.job;
        if (job?.id !== id) return;
        slot.job = undefined;
        end(slot);
        job.finish(stoppedResult(opts.cwd));
      };
      const onAbort = () => {
        reply(slot, { t: 'abort', id });
        clearTimeout(timer);
        timer = setTimeout(kill, graceMs);
      };
      const result = new Promise<ShellResult>((resolve, reject) => {
        slot.job = {
          id,
          cwd: opts.cwd,
          finish: (r) => {
            clearTimeout(timer);
            opts.signal?.removeEventListener('abort', onAbort);
            if (r instanceof Error) reject(r);
            else resolve(r);
          },
        };
      });
      try {
        await slot.ready;
      } catch (e) {
        slot.job?.finish(e instanceof Error ? e : new Error(String(e)));
        return result;
      }
      const req: RunRequest = {
        t: 'run',
        id,
        command,
        cwd: opts.cwd,
        env: opts.env,
        timeoutMs: opts.timeoutMs,
      };
      if (MAY_LIST_ALL.test(command) && fs) req.allPaths = fs.getAllPaths();
      reply(slot, req);
      timer = setTimeout(kill, opts.timeoutMs + graceMs);
      if (opts.signal?.aborted) onAbort();
      else opts.signal?.addEventListener('abort', onAbort, { once: true });
      return result;
    },
    dispose() {
      for (const slot of [...alive]) {
        const job = slot.job;
        slot.job = undefined;
        end(slot);
        job?.finish(stoppedResult(job.cwd));
      }
    },
    workers: () => alive.size,
  };
}
