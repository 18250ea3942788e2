// Conforming many scenarios at once: the generated corpus is thousands of replays, and one replay
// uses one core (just-bash's python3 starts its own thread, ~2 s of CPU each time). Each of the
// `jobs` lanes is a ScenarioThread, so every scenario runs in a worker thread under its deadline
// and the memory budget, as a single `conform` does; results are compared here.
import type { CliBackend } from './backend-names';
import type { GeneratedPair } from './corpus';
import { conformOne, type Verdict } from './run';
import { ScenarioThread, type Budget } from './scenario-thread';

/** Scenario threads kept across several conformPairs calls (the ratchet's parts): a thread that
 * has replayed once has its module graph, WASM modules, language service and PDF engine loaded,
 * and its shell threads started, which cost seconds of CPU a thread (measured: 2 s to start a
 * thread and replay one scenario, 2.4 s more for the first LSP scenario, 1.6 s for the first PDF). */
export class ThreadPool {
  private readonly threads: ScenarioThread[] = [];

  constructor(private readonly budget: Budget) {}

  /** The `i`th thread, started on first use. */
  lane(i: number): ScenarioThread {
    return (this.threads[i] ??= new ScenarioThread(this.budget));
  }

  dispose(): void {
    for (const t of this.threads) t.dispose();
    this.threads.length = 0;
  }
}

/** A replay to run: a pair on a backend. `reuse` may give its verdict without a replay (the
 * ratchet's memfs-worker part takes memfs's verdict for a scenario that never ran a command). */
export interface Work {
  pair: GeneratedPair;
  backend: CliBackend;
  reuse?: () => Promise<Verdict | undefined>;
}

/** Every work item's verdict, in the order of `work`, from `lanes` lanes that each take the next
 * item when free (so slow scenarios even out). `take` picks a lane's next item (default: the next
 * in order) and says undefined when none is left for it. `onVerdict` sees each as soon as it is done. */
export async function conformWork(
  work: readonly Work[],
  lanes: number,
  thread: (lane: number) => ScenarioThread,
  onVerdict?: (i: number, v: Verdict) => void,
  take?: (lane: number) => number | undefined,
): Promise<Verdict[]> {
  const out: Verdict[] = [];
  let next = 0;
  const nextOf = take ?? (() => (next < work.length ? next++ : undefined));
  const lane = async (_: unknown, n: number) => {
    for (let i = nextOf(n); i !== undefined; i = nextOf(n)) {
      const w = work[i] as Work;
      const v =
        (await w.reuse?.()) ??
        (await conformOne(w.pair.scenario, w.pair.expected, (s, version) =>
          thread(n).replay(s, w.backend, version),
        ));
      out[i] = v;
      onVerdict?.(i, v);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, take ? lanes : Math.min(lanes, work.length)) }, lane));
  return out;
}

/** Every pair's verdict, in the order of `pairs`. `onVerdict` sees them in that order too, each
 * as soon as it and those before it are done. A stopped scenario is a failed verdict; its lane
 * goes on in a new thread. With `pool` (made with the same budget and `threads: jobs`), the lanes
 * are its threads and stay alive for the next call; without it, the call starts and ends its own. */
export async function conformPairs(
  pairs: GeneratedPair[],
  backend: CliBackend,
  jobs: number,
  budget: Budget,
  onVerdict?: (pair: GeneratedPair, v: Verdict) => void,
  pool?: ThreadPool,
): Promise<Verdict[]> {
  const lanes = Math.max(1, Math.min(jobs, pairs.length));
  const own = pool ?? new ThreadPool({ ...budget, threads: lanes });
  const done: Verdict[] = [];
  let reported = 0;
  try {
    return await conformWork(
      pairs.map((pair) => ({ pair, backend })),
      lanes,
      (n) => own.lane(n),
      (i, v) => {
        done[i] = v;
        for (; reported < pairs.length && done[reported]; reported++)
          onVerdict?.(pairs[reported] as GeneratedPair, done[reported] as Verdict);
      },
    );
  } finally {
    if (!pool) own.dispose();
  }
}
