// The page's shell: just-bash in module workers (Vite bundles the worker from this URL).
import type { Volume } from 'memfs';
import type { Clock } from '../../../workspace/types';
import { createWorkerShell, type WorkerShell } from './host';

export function createBrowserShell(vol: Volume, clock: Clock): WorkerShell {
  return createWorkerShell(vol, clock, {
    spawn: () => new Worker(new URL('./shell.worker.ts', import.meta.url), { type: 'module', name: 'shell' }),
  });
}
