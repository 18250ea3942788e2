// Entry of a worker thread of conformPairs (conform-threads.ts): conforms the pairs it is sent,
// one at a time, and answers each with its verdict.
import { parentPort } from 'node:worker_threads';
import { conformOne } from './run';
import type { ConformJob } from './conform-threads';

if (!parentPort) throw new Error('conform-thread-entry.ts runs as a worker thread');
const port = parentPort;
port.on('message', (job: ConformJob) => {
  // conformOne turns every failure into a verdict, so this never rejects.
  void conformOne(job.scenario, job.expected, job.backend).then((verdict) =>
    port.postMessage({ i: job.i, verdict }),
  );
});
