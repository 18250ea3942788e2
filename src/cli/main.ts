// cc-playground CLI: replay and conform (DESIGN §3.9).
import {
  listGeneratedFiles,
  listScenarioFiles,
  loadExpected,
  loadGenerated,
  loadEachScenario,
  type LoadedScenario,
} from './corpus';
import { conformOne, describeVerdict, type Verdict } from './run';
import { DEFAULT_MEMORY_MB, ScenarioStopped, ScenarioThread, type Budget } from './scenario-thread';
import { formatTranscript } from './transcript';
import { conformPairs } from './conform-threads';
import { bundleThreads } from './ts-thread';
import { makeOutDir, writeOutFile } from './out';
import { withDecisions } from './decisions';
import { CLI_BACKENDS, isCliBackend, type CliBackend } from './backend-names';
import { behaviourSource, isKnownVersion, RELEASES, unknownReleaseMessage } from '../profiles';

const USAGE = `usage:
  npm run cli -- releases      (every release the registry knows, and what was recorded on it)
  npm run cli -- replay <scenario file or dir>... [--backend ${CLI_BACKENDS.join('|')}] [--filter <regex on id>] [--version <v>] [--out <dir>] [--json] [--decisions] [--timeout <s>] [--memory <MiB>] [--workspace <dir>]
  npm run cli -- conform <scenario file or dir>... [--expected <results dir>] [--backend ${CLI_BACKENDS.join('|')}] [--filter <regex on id>] [--json] [--timeout <s>] [--memory <MiB>]
  npm run cli -- conform conformance/generated [--version <v>] [--jobs <n>] [--backend ...] [--filter ...] [--json] [--timeout <s>] [--memory <MiB>]
      (a folder of <family>.scenarios.jsonl, or such a file: each scenario under every version
       with a result in <family>.<version>.jsonl)
  --decisions: each call gets its permission decision (behavior, the rule and its settings source or
      the reason) and a bypass sentence when the command's effects reach a path a deny rule names
  --workspace: the scenario starts on a copy of this folder (what its .gitignore names is left out)
  --timeout: each scenario's deadline (default: the scenario's own timeout, else 60 s)
  --memory: the memory the CLI may reach while a scenario runs (default ${DEFAULT_MEMORY_MB} MiB; with --jobs, per thread)`;

class UsageError extends Error {}
/** Printed as its one line, without the usage. */
class ReleaseError extends Error {}

interface Args {
  cmd: string;
  inputs: string[];
  backend: CliBackend;
  out?: string;
  json: boolean;
  expected?: string;
  filter?: RegExp;
  version?: string;
  jobs: number;
  budget: Budget;
  workspace?: string;
  decisions: boolean;
}

function positive(flag: string, v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} must be a positive number, not ${v}`);
  return n;
}

function parseArgs(argv: string[]): Args {
  const [cmd, ...rest] = argv;
  if (cmd !== 'replay' && cmd !== 'conform' && cmd !== 'releases')
    throw new UsageError(cmd ? `unknown command: ${cmd}` : 'no command given');
  const a: Args = {
    cmd,
    inputs: [],
    backend: 'memfs',
    json: false,
    decisions: false,
    jobs: 1,
    budget: { memoryMb: DEFAULT_MEMORY_MB },
  };
  for (let i = 0; i < rest.length; i++) {
    const x = rest[i] as string;
    const value = () => {
      const v = rest[++i];
      if (v === undefined) throw new UsageError(`${x} needs a value`);
      return v;
    };
    if (x === '--backend') {
      const b = value();
      if (!isCliBackend(b))
        throw new UsageError(`--backend must be one of ${CLI_BACKENDS.join(', ')}, not ${b}`);
      a.backend = b;
    } else if (x === '--out' && cmd === 'replay') a.out = value();
    else if (x === '--json') a.json = true;
    else if (x === '--decisions' && cmd === 'replay') a.decisions = true;
    else if (x === '--timeout') a.budget.timeoutS = positive(x, value());
    else if (x === '--memory') a.budget.memoryMb = positive(x, value());
    else if (x === '--expected' && cmd === 'conform') a.expected = value();
    else if (x === '--version') {
      a.version = value();
      if (!isKnownVersion(a.version)) throw new ReleaseError(unknownReleaseMessage(a.version));
    }
    else if (x === '--workspace' && cmd === 'replay') a.workspace = value();
    else if (x === '--jobs' && cmd === 'conform') {
      a.jobs = Number(value());
      if (!Number.isInteger(a.jobs) || a.jobs < 1)
        throw new UsageError('--jobs takes a whole number of worker threads, 1 or more');
    } else if (x === '--filter') {
      const f = value();
      try {
        a.filter = new RegExp(f);
      } catch (e) {
        throw new UsageError(`--filter: ${(e as Error).message}`);
      }
    } else if (x.startsWith('--')) throw new UsageError(`unknown option for ${cmd}: ${x}`);
    else a.inputs.push(x);
  }
  if (a.inputs.length === 0 && cmd !== 'releases') throw new UsageError('no scenario file or directory given');
  return a;
}

/** The generated corpus's JSONL files the inputs name; [] when they name scenario files. */
function generatedFiles(a: Args): string[] {
  const generated = a.inputs.filter((i) => listGeneratedFiles([i]).length > 0);
  if (generated.length && generated.length !== a.inputs.length)
    throw new UsageError('give either the generated corpus (*.scenarios.jsonl) or scenario files, not both');
  return listGeneratedFiles(generated);
}

/** The scenarios the inputs name, --filter applied: either the generated corpus (JSONL) or
 * one file per scenario; `bad` says why each file that could not be loaded was set aside. */
function loadInputs(a: Args): { scenarios: LoadedScenario[]; bad: string[] } {
  const generated = generatedFiles(a);
  const { scenarios, bad } = generated.length
    ? { scenarios: loadGenerated(generated).scenarios, bad: [] }
    : loadEachScenario(listScenarioFiles(a.inputs));
  return { scenarios: a.filter ? scenarios.filter((s) => a.filter?.test(s.id)) : scenarios, bad };
}

async function replay(a: Args, thread: ScenarioThread): Promise<number> {
  const { scenarios, bad } = loadInputs(a);
  const run = (s: LoadedScenario) =>
    thread.replayWith(s, a.backend, { version: a.version, workspace: a.workspace, decisions: a.decisions });
  const json = (r: Awaited<ReturnType<typeof run>>) =>
    JSON.stringify(r.decisions ? withDecisions(r.result, r.decisions) : r.result, null, 1) + '\n';
  if (!a.out) {
    if (bad.length > 0) throw new Error(bad[0]);
    if (scenarios.length !== 1)
      throw new UsageError(`replay without --out takes exactly one scenario (${scenarios.length} given)`);
    const r = await run(scenarios[0] as LoadedScenario);
    process.stdout.write(a.json ? json(r) : formatTranscript(r.result, r.decisions));
    return 0;
  }
  makeOutDir(a.out);
  for (const why of bad) process.stderr.write(`SKIPPED ${why}\n`);
  const stopped: string[] = [];
  const failed: string[] = [];
  for (const s of scenarios) {
    try {
      writeOutFile(a.out, `${s.id}.json`, json(await run(s)));
    } catch (e) {
      const stop = e instanceof ScenarioStopped;
      (stop ? stopped : failed).push(s.id);
      const why = e instanceof Error ? e.message : String(e);
      process.stderr.write(`${stop ? 'STOPPED' : 'FAILED'} ${s.id}: ${why}; no result written\n`);
    }
  }
  const written = scenarios.length - stopped.length - failed.length;
  const notes = [
    [bad.length, 'skipped', []],
    [stopped.length, 'stopped', stopped],
    [failed.length, 'failed', failed],
  ] as const;
  const said = notes
    .filter(([n]) => n > 0)
    .map(([n, what, ids]) => `; ${n} ${what}${ids.length ? `: ${ids.join(', ')}` : ''}`)
    .join('');
  process.stderr.write(`replayed ${written} scenarios into ${a.out}${said}\n`);
  return bad.length + stopped.length + failed.length > 0 ? 1 : 0;
}

interface Tally {
  passed: number;
  failed: number;
  structuredSame: number;
}

function count(t: Tally, v: Verdict): void {
  if (v.pass) t.passed++;
  else t.failed++;
  if (!v.structuredDiffers) t.structuredSame++;
}

function printTotals(a: Args, t: Tally, t0: number, verdicts: unknown[]): void {
  if (a.json) {
    console.log(JSON.stringify({ backend: a.backend, ...t, verdicts }, null, 1));
    return;
  }
  console.log(
    `structured results: ${t.structuredSame} of ${t.passed + t.failed} match (${((performance.now() - t0) / 1000).toFixed(1)} s, ${a.backend})`,
  );
  console.log(`conformance: ${t.passed} passed, ${t.failed} failed`);
}

async function conform(a: Args, thread: ScenarioThread): Promise<number> {
  const generated = generatedFiles(a);
  if (generated.length) return conformGenerated(a, generated);
  if (a.version)
    throw new UsageError(
      'conform --version is for the generated corpus; give --expected <results dir> instead',
    );
  if (a.jobs > 1) throw new UsageError('conform --jobs is for the generated corpus');
  const t0 = performance.now();
  const total: Tally = { passed: 0, failed: 0, structuredSame: 0 };
  const verdicts: Verdict[] = [];
  const { scenarios, bad } = loadInputs(a);
  for (const why of bad) {
    total.failed++;
    if (!a.json) console.log(`FAIL ${why}`);
  }
  for (const s of scenarios) {
    // A differences-only folder (`_base.json`) holds the rest under its base release's name.
    const expected = loadExpected(s, a.expected, true);
    if (!expected) {
      total.failed++;
      if (!a.json) console.log(`FAIL ${s.id}: no recorded result`);
      continue;
    }
    const v = await conformOne(s, expected, (x, version) => thread.replay(x, a.backend, version));
    verdicts.push(v);
    count(total, v);
    if (!a.json) console.log(v.pass ? `PASS ${s.id}` : `FAIL ${s.id}: ${describeVerdict(v)}`);
  }
  printTotals(a, total, t0, verdicts);
  return 0;
}

/** The generated corpus: every scenario under every version that recorded it, counted per family
 * and version. A scenario a version has not recorded (yet) is no pair, only counted. Each of the
 * --jobs threads is a ScenarioThread: every scenario runs under the deadline and memory budget. */
async function conformGenerated(a: Args, files: string[]): Promise<number> {
  if (a.expected)
    throw new UsageError(
      '--expected is for scenario folders: the generated corpus keeps its results beside it (<family>.<version>.jsonl)',
    );
  const t0 = performance.now();
  const corpus = loadGenerated(files);
  const wanted = (id: string) => !a.filter || a.filter.test(id);
  const versions = a.version ? [a.version] : corpus.versions;
  const parts = new Map<string, Tally & { unrecorded: number }>();
  for (const s of corpus.scenarios)
    if (wanted(s.id))
      for (const version of versions) {
        const key = `${s.family} ${version}`;
        const part = parts.get(key) ?? { passed: 0, failed: 0, structuredSame: 0, unrecorded: 0 };
        part.unrecorded++; // a pair below takes it back
        parts.set(key, part);
      }
  const total: Tally = { passed: 0, failed: 0, structuredSame: 0 };
  const verdicts: (Verdict & { version: string })[] = [];
  const pairs = corpus.pairs.filter((p) => wanted(p.scenario.id) && versions.includes(p.version));
  await conformPairs(pairs, a.backend, a.jobs, a.budget, (p, v) => {
    verdicts.push({ ...v, version: p.version });
    const part = parts.get(`${p.family} ${p.version}`) as Tally & { unrecorded: number };
    part.unrecorded--;
    count(part, v);
    count(total, v);
    if (!a.json)
      console.log(v.pass ? `PASS ${p.version} ${v.id}` : `FAIL ${p.version} ${v.id}: ${describeVerdict(v)}`);
  });
  if (!a.json)
    for (const [key, t] of parts)
      console.log(
        `${key}: ${t.passed} passed, ${t.failed} failed${t.unrecorded ? `, ${t.unrecorded} no recorded result` : ''}`,
      );
  printTotals(a, total, t0, verdicts);
  return 0;
}

async function main(): Promise<number> {
  let a: Args;
  try {
    a = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof ReleaseError) {
      console.error(`cc-playground: ${e.message}`);
      return 2;
    }
    if (e instanceof UsageError) {
      console.error(`cc-playground: ${e.message}\n${USAGE}`);
      return 2;
    }
    throw e;
  }
  if (a.cmd === 'releases') {
    for (const r of RELEASES)
      console.log(
        `${r.version}\t${r.recorded === 'corpus' ? 'corpus recorded' : `tool definitions only (behaviour as changed at ${behaviourSource(r.version)}${r.bisected ? ', bisected: the scenarios that changed around it recorded' : ', not recorded'})`}`,
      );
    return 0;
  }
  // Every other command replays in scenario threads.
  await bundleThreads();
  // Starts its worker thread only when a scenario is first replayed in it.
  const thread = new ScenarioThread(a.budget);
  try {
    return a.cmd === 'replay' ? await replay(a, thread) : await conform(a, thread);
  } catch (e) {
    if (e instanceof ScenarioStopped) {
      console.error(`cc-playground: the scenario ${e.message}`);
      return 1;
    }
    if (e instanceof UsageError) {
      console.error(`cc-playground: ${e.message}\n${USAGE}`);
      return 2;
    }
    console.error(`cc-playground: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  } finally {
    thread.dispose();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
