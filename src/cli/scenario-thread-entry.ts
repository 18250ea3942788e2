// Entry of a scenario thread (scenario-thread.ts): replays the scenarios it is sent, one at a
// time, and reports each disk command's process group so the CLI can end them if it ends us.
import { parentPort } from 'node:worker_threads';
import { callDecisions } from './decisions';
import { replayLoaded } from './run';
import { inputFault } from './corpus';
import type { FromScenarioThread, ToScenarioThread } from './scenario-thread';

const port = parentPort;
if (!port) throw new Error('scenario-thread-entry.ts runs as a worker thread');
const post = (m: FromScenarioThread) => port.postMessage(m);
port.on('message', (m: ToScenarioThread) => {
  // Per thread: the disk workspace and its shell's capture files go below the job's own folder.
  process.env.TMPDIR = m.tmp;
  replayLoaded(
    m.scenario,
    m.backend,
    m.version,
    { onSpawn: (pgid) => post({ t: 'spawned', pgid }), root: m.root },
    m.workspace,
  ).then(
    ({ result, session, shellRuns }) =>
      post({ t: 'done', result, shellRuns, ...(m.decisions ? { decisions: callDecisions(session) } : {}) }),
    // A fault of the scenario is its message; anything else keeps its stack, to find the bug.
    (e: unknown) => post({ t: 'failed', error: e instanceof Error ? (inputFault(e) ? e.message : (e.stack ?? e.message)) : String(e) }),
  );
});
post({ t: 'ready' });
