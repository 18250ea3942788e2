// The page's shell worker code in a Node worker thread: `--backend memfs-worker` and
// bench/bash.ts run Bash the way the page does, every file call crossing a thread.
import { Worker } from 'node:worker_threads';
import type { WorkerLike } from '../backends/shell/worker/host';

/** A worker thread running a .ts module of the CLI. */
export function tsxWorker(file: URL): Worker {
  // A worker thread does not inherit tsx's loader: register it there before loading the .ts file.
  const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(boot, { eval: true });
}

export function threadWorker(): WorkerLike {
  const w = tsxWorker(new URL('./shell-thread-entry.ts', import.meta.url));
  // An idle worker must not keep the CLI alive; a running command's kill timer does.
  w.unref();
  return {
    postMessage: (m) => w.postMessage(m),
    addEventListener: (type: string, l: (e: never) => void) => {
      if (type === 'message')
        w.on('message', (data: unknown) => (l as (e: { data: unknown }) => void)({ data }));
      else w.on('error', (e: Error) => (l as (e: { message: string }) => void)({ message: e.message }));
    },
    terminate: () => void w.terminate(),
  };
}
