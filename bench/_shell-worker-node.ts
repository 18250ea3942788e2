// The page's shell worker code in a Node worker thread, for bench/bash.ts: the same messages
// cross a real thread boundary, as between the page and its module worker.
import { parentPort } from 'node:worker_threads';
import { serveShell } from '../src/backends/shell/worker/serve';
import type { Port } from '../src/backends/shell/worker/protocol';

if (!parentPort) throw new Error('shell-worker-node.ts runs as a worker thread');
serveShell(parentPort as unknown as Port);
