// `npm run bench -- releases`: "which releases" (issue 31): the CPU time to replay one scenario
// under every release of the registry, as the page's worker does it (src/workers/releases.ts:
// memfs, bash in process, a virtual clock), releases whose profiles are equal sharing one replay.
// Reference in the same run: the same sweep replaying every release. Each figure is the median of
// ITER sweeps with its spread (lowest–highest) after one first sweep, reported on its own (it
// builds every profile and its identity, as a fresh page's worker does once). CPU time of this
// process (user + system), not wall time: the machine is shared. The run names the machine and
// leaves out its `releases:` line when the load was above MAX_LOAD a core (BENCH_MAX_LOAD).
// Run: npm run bench -- releases   (ITER=7 and BENCH_SCENARIOS=a,b to change)
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { deterministicClock } from '../src/backends/clock';
import { createMemfsWorkspace } from '../src/backends/memfs';
import { nodeRipgrepLoader } from '../src/backends/search/loader-node';
import { createMemfsSearch } from '../src/backends/search/memfs';
import { createJustBashShell } from '../src/backends/shell/justbash';
import { sweepReleases, type Sweep } from '../src/drivers/releases/sweep';
import { RELEASES, releasesWithResults } from '../src/profiles';
import { parseScenario, type Scenario, type ScenarioResult } from '../src/scenario/schema';
import { loadExpected, loadScenario } from '../src/cli/corpus';

const ITER = Number(process.env.ITER ?? 7);
const MAX_LOAD = Number(process.env.BENCH_MAX_LOAD ?? 1);
/** A one-call refusal, a scenario with Bash, a background task and its output, and one recorded on
 * many bisection midpoints (their recordings are its outcomes there). */
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'write-to-directory,bash-run-in-background,cron-durable-create').split(',');

/** What every release that recorded the scenario recorded, as the page hands the sweep. */
function recordingsOf(id: string): Record<string, ScenarioResult> {
  const s = loadScenario(`conformance/scenarios/${id}.json`);
  const out: Record<string, ScenarioResult> = {};
  for (const v of releasesWithResults()) {
    const r = loadExpected(s, `conformance/results/${v}`, true);
    if (r) out[v] = r;
  }
  return out;
}
/** The page's budget ("under 2 s in the page", issue 31). */
const TARGET_MS = 2000;

const makeWorkspace = () =>
  createMemfsWorkspace({
    clock: deterministicClock(undefined, { skipIdle: true }),
    shell: (vol, clock) => createJustBashShell(vol, clock),
    search: (vol) => createMemfsSearch(vol, nodeRipgrepLoader),
  });

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const spread = (xs: number[]) =>
  `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}, ${xs.length} runs)`;

async function timed(
  s: Scenario,
  everyRelease: boolean,
  recordings: Record<string, ScenarioResult>,
): Promise<[number, Sweep]> {
  const t = cpuMs();
  const sweep = await sweepReleases(s, { makeWorkspace, everyRelease, recordings, deadlineMs: 600_000 });
  return [cpuMs() - t, sweep];
}

const outcomeLine = (s: Sweep) =>
  s.stretches.map((x) => `${s.outcomes[x.outcome]?.label} ${x.first}–${x.last}`).join(', ');

async function main(): Promise<void> {
  const cores = availableParallelism();
  const load = loadavg()[0] as number;
  console.log(
    `machine: ${cores} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start; ${RELEASES.length} releases in the registry`,
  );
  const heads: string[] = [];
  for (const [n, id] of SCENARIOS.entries()) {
    const s = parseScenario(JSON.parse(readFileSync(`conformance/scenarios/${id}.json`, 'utf8')), id);
    // The first sweep of the process builds the profiles and their identities.
    const recordings = recordingsOf(id);
    const [first, sweep] = await timed(s, false, recordings);
    if (!sweep.complete) throw new Error(`${id}: the sweep did not complete (${sweep.stoppedBy})`);
    if (n === 0) console.log(`first sweep of the process (profiles built): ${first.toFixed(0)} ms of CPU`);
    const shared: number[] = [];
    const every: number[] = [];
    let reference: Sweep | undefined;
    // Alternated, so a neighbour's burst weighs on both alike.
    for (let i = 0; i < ITER; i++) {
      shared.push((await timed(s, false, recordings))[0]);
      const [ms, r] = await timed(s, true, recordings);
      every.push(ms);
      reference = r;
    }
    if (reference && outcomeLine(reference) !== outcomeLine(sweep))
      throw new Error(`${id}: sharing replays changed the outcome: ${outcomeLine(sweep)} / ${outcomeLine(reference)}`);
    console.log(
      `${id}: ${sweep.replays} replays for ${sweep.releases.length} releases, ${Object.keys(recordings).length} recorded ${spread(shared)} of CPU; every release replayed (reference) ${spread(every)}; outcomes ${outcomeLine(sweep)}`,
    );
    heads.push(`${id} ${median(shared).toFixed(0)} ms (reference ${median(every).toFixed(0)} ms)`);
    if (median(shared) > TARGET_MS) console.log(`${id}: over the ${TARGET_MS} ms target`);
  }
  const endLoad = loadavg()[0] as number;
  if (load / cores > MAX_LOAD || endLoad / cores > MAX_LOAD)
    console.log(
      `releases: not printed: the load average was ${load.toFixed(2)} at the start and ${endLoad.toFixed(2)} at the end on ${cores} cores (at most ${MAX_LOAD} a core; BENCH_MAX_LOAD to change)`,
    );
  else console.log(`releases: ${heads.join('; ')} of CPU for a sweep over ${RELEASES.length} releases`);
}

await main();
process.exit(0);
