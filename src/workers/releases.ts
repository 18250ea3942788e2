// The page's side of the "which releases" worker: one worker kept between sweeps (its modules
// load once), ended on cancel or past the deadline (a busy command cannot be interrupted from
// outside any other way), a new one started for the next sweep.
import type { ReleaseSweeper, SweepMessage } from '../drivers/releases/protocol';

/** Time the worker gets past the sweep's own deadline to report what it has. */
const GRACE_MS = 5_000;

let worker: Worker | undefined;
const start = (): Worker =>
  (worker ??= new Worker(new URL('./releases.worker.ts', import.meta.url), { type: 'module', name: 'releases' }));

function end(w: Worker): void {
  w.terminate();
  if (worker === w) worker = undefined;
}

export const sweepInWorker: ReleaseSweeper = (request, onProgress, signal) =>
  new Promise((resolve, reject) => {
    const w = start();
    const finish = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      w.onmessage = null;
      w.onerror = null;
    };
    const fail = (text: string) => {
      finish();
      end(w);
      reject(new Error(text));
    };
    const onAbort = () => fail('cancelled');
    const timer = setTimeout(
      () => fail(`stopped: the sweep passed its deadline of ${request.deadlineMs / 1000} s`),
      request.deadlineMs + GRACE_MS,
    );
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort);
    w.onerror = (e) => fail(e.message || 'the releases worker failed to start');
    w.onmessage = (e: MessageEvent<SweepMessage>) => {
      const m = e.data;
      if (m.kind === 'progress') onProgress(m);
      else {
        finish();
        if (m.kind === 'done') resolve(m.sweep);
        else reject(new Error(m.text));
      }
    };
    w.postMessage(request);
  });
