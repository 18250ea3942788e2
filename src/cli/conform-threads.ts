// Conforming many scenarios in worker threads: the generated corpus is thousands of replays, and
// one replay uses one core (just-bash's python3 starts its own thread, ~2 s of CPU each time).
import type { CliBackend } from './backend-names';
import type { GeneratedPair, LoadedScenario } from './corpus';
import { conformOne, type Verdict } from './run';
import { tsxWorker } from './shell-thread';
import type { ScenarioResult } from '../scenario/schema';

export interface ConformJob {
  i: number;
  scenario: LoadedScenario;
  expected: ScenarioResult;
  backend: CliBackend;
}

/** Every pair's verdict, in the order of `pairs`. `onVerdict` sees them in that order too, each
 * as soon as it and those before it are done. `jobs` 1 runs them here, one by one. */
export async function conformPairs(
  pairs: GeneratedPair[],
  backend: CliBackend,
  jobs: number,
  onVerdict?: (pair: GeneratedPair, v: Verdict) => void,
): Promise<Verdict[]> {
  const out: Verdict[] = [];
  if (jobs <= 1) {
    for (const p of pairs) {
      const v = await conformOne(p.scenario, p.expected, backend);
      out.push(v);
      onVerdict?.(p, v);
    }
    return out;
  }
  let next = 0;
  let reported = 0;
  const thread = () =>
    new Promise<void>((resolve, reject) => {
      const w = tsxWorker(new URL('./conform-thread-entry.ts', import.meta.url));
      // Each thread takes the next pair when it is free, so slow (python3) scenarios even out.
      const send = () => {
        const p = pairs[next];
        if (!p) {
          void w.terminate().then(() => resolve());
          return;
        }
        const job: ConformJob = { i: next++, scenario: p.scenario, expected: p.expected, backend };
        w.postMessage(job);
      };
      w.on('message', (m: { i: number; verdict: Verdict }) => {
        out[m.i] = m.verdict;
        for (; reported < pairs.length && out[reported]; reported++)
          onVerdict?.(pairs[reported] as GeneratedPair, out[reported] as Verdict);
        send();
      });
      w.on('error', reject);
      send();
    });
  await Promise.all(Array.from({ length: Math.min(jobs, pairs.length) }, thread));
  return out;
}
