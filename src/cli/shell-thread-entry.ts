// Entry of the worker thread shell-thread.ts starts: the page's shell worker code, so the same
// messages cross a real thread boundary, as between the page and its module worker.
import { parentPort, workerData } from 'node:worker_threads';
import { serveShell } from '../backends/shell/worker/serve';
import type { Port } from '../backends/shell/worker/protocol';

if (!parentPort) throw new Error('shell-thread-entry.ts runs as a worker thread');
serveShell(parentPort as unknown as Port, { python: (workerData as { python?: boolean } | null)?.python === true });
