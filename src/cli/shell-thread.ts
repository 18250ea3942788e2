// The page's shell worker code in a Node worker thread: `--backend memfs-worker` and
// bench/bash.ts run Bash the way the page does, every file call crossing a thread.
import type { WorkerLike } from '../backends/shell/worker/host';
import { tsThread } from './ts-thread';

/** `python`: the thread's shell has python3 (the CLI's in-process shell does; the page's and
 * `--backend memfs-worker`'s do not). */
export function threadWorker(options: { python?: boolean } = {}): WorkerLike {
  const w = tsThread(new URL('./shell-thread-entry.ts', import.meta.url), undefined, { python: options.python === true });
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
