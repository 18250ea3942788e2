// The page's shell: just-bash in module workers (Vite bundles the worker from this URL). One pool
// serves every workspace of the page (workers hold no files), so a new session finds a worker
// already started.
import type { Volume } from 'memfs';
import type { Clock } from '../../../workspace/types';
import { createWorkerPool, createWorkerShell, type WorkerPool, type WorkerShell } from './host';

let pool: WorkerPool | undefined;
const pagePool = (): WorkerPool =>
  (pool ??= createWorkerPool(
    () => new Worker(new URL('./shell.worker.ts', import.meta.url), { type: 'module', name: 'shell' }),
  ));

export function createBrowserShell(vol: Volume, clock: Clock): WorkerShell {
  return createWorkerShell(vol, clock, { pool: pagePool() });
}

/** Starts a shell worker ahead of the first command (the page calls it once it is idle). */
export function warmShell(): void {
  pagePool().warm();
}
