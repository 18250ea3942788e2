// The conformance ratchet run by `npm test`: the public corpus of every recorded version, on the
// CLI backends (memfs-worker is the page's Bash path), and the generated corpus
// (conformance/generated) of every recorded version on memfs, with every DISK_SAMPLE-th scenario
// of each family on disk too. A scenario outside conformance/known-failures.txt that fails, or one
// on the list that passes, fails the run, so the list only shrinks. `--update` rewrites the list
// (keeping existing reasons). `--backend=<name>`, `--version=<v>` and `--corpus=public|generated`
// run a part, `--filter=<regex on scenario id>` the scenarios it matches (the rest of the list is
// kept as it is). Both corpora run in `--jobs=<n>` scenario threads (default: two per core: a
// replay also waits, on the threads it starts and on real work's real time), and their disk parts
// at the same time in `--disk-jobs=<n>` more (default: as many; a disk replay mostly waits on real
// processes), each scenario under its deadline and the CLI's default memory budget a thread.
import { readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import {
  listGeneratedFiles,
  listScenarioFiles,
  loadExpected,
  loadGenerated,
  loadScenario,
  parseKnownFailures,
  resultsBase,
  type GeneratedPair,
  type KnownFailure,
} from './corpus';
import { describeVerdict, type Verdict } from './run';
import { conformWork, ThreadPool, type Work } from './conform-threads';
import { DEFAULT_MEMORY_MB } from './scenario-thread';
import { bundleThreads } from './ts-thread';
import { CLI_BACKENDS, type CliBackend } from './backend-names';
import { PINNED_RELEASES } from '../profiles/releases';

/** Unrecorded scenarios a release's line names one by one; past this it gives the count. */
const NAMED_UNRECORDED = 40;

const ROOT = join(import.meta.dirname, '../..');
const LIST = join(ROOT, 'conformance/known-failures.txt');
const RESULTS = join(ROOT, 'conformance/results');
const GENERATED = join(ROOT, 'conformance/generated');
/** The generated corpus runs whole on memfs; on disk (a real bash per call, several times
 * slower) every DISK_SAMPLE-th scenario of each family, by its place in the family's file. */
const DISK_SAMPLE = 10;
const GENERATED_BACKENDS: CliBackend[] = ['memfs', 'disk'];
const isGenerated = (key: string) => key.split(' ')[2]?.startsWith('gen-') ?? false;
/** Every recorded version, oldest first (a folder per version under conformance/results). */
const VERSIONS = readdirSync(RESULTS).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
/** A folder that stores only what differs from its base (`_base.json`) replays those results; the
 * newest replays its whole corpus through the chain, as the pinned (full) folders do, on memfs only
 * (the pinned releases carry the backends' own differences). */
const NEWEST = VERSIONS.at(-1);
const isPinned = (version: string) => (PINNED_RELEASES as readonly string[]).includes(version);

// WASM compiled by the baseline compiler only, for every thread of this process (V8's flags are
// the process's): just-bash's python3 compiles CPython's 6 MB module in a new thread for every
// call and exits within a second, so optimising its hot functions was two thirds of its CPU time
// (measured: 0.9 s of CPU a call, 0.3 s without). The scenarios' searches are small; the one
// that compiles a huge regex costs 10-25% more. Results do not depend on the tier.
setFlagsFromString('--liftoff-only');

/** The scenario threads of the run, kept across its parts: each thread loads its modules, WASM
 * and services once, not once a part. */
const pools: ThreadPool[] = [];

const HEADER = [
  '# Scenarios of the public corpus, and of the generated one (ids gen-<family>-<n>), that do not pass',
  '# yet, per recorded version and backend (memfs-worker: memfs with Bash run as the page runs it),',
  '# with the reason.',
  '# Format: <version> <backend> <scenario id> <one-line reason>. <version> names the folder of',
  '# conformance/results (generated: the file conformance/generated/<family>.<version>.jsonl) the',
  '# scenario is compared with, and the profile it is replayed under.',
  '# `npm run test:conformance` fails when a scenario not listed here fails, or when a listed one',
  '# passes (then delete its line), unless its reason starts with `timing:` (its outcome depends on how fast',
  '# threads start, so it may pass on a quiet machine). Scenarios a version did not record are counted (public corpus:',
  '# and named) by the run ("no recorded result"), not listed here.',
  '# `npx tsx src/cli/ratchet.ts --update` rewrites the list, keeping the reasons already given.',
];

const describe = (v: Verdict) => describeVerdict(v, 80);
/** Reasons starting `timing:` name a scenario whose outcome depends on how fast threads start
 * (a background loop's first output before TaskStop, two racing hooks): it may pass or fail. */
export const isTimingDependent = (f: KnownFailure | undefined): boolean =>
  f?.reason.startsWith('timing:') ?? false;

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const USAGE = `usage: npx tsx src/cli/ratchet.ts [--update] [--backend=<${CLI_BACKENDS.join('|')}>] [--version=<v>[,<v>…]]
    [--corpus=public|generated] [--filter=<regex on scenario id>] [--jobs=<threads, default two per core>]
    [--disk-jobs=<threads for the disk parts, default as many>]`;

async function main(): Promise<number> {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const update = process.argv.includes('--update');
  const onlyBackend = option('backend');
  const onlyVersions = option('version')?.split(',');
  const onlyCorpus = option('corpus');
  const filterText = option('filter');
  const filter = filterText === undefined ? undefined : new RegExp(filterText);
  const wanted = (id: string) => !filter || filter.test(id);
  const jobs = Number(option('jobs') ?? 2 * availableParallelism());
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error('--jobs takes a whole number of threads, 1 or more');
  const diskJobs = Number(option('disk-jobs') ?? jobs);
  if (!Number.isInteger(diskJobs) || diskJobs < 1)
    throw new Error('--disk-jobs takes a whole number of threads, 1 or more');
  if (onlyCorpus && onlyCorpus !== 'public' && onlyCorpus !== 'generated')
    throw new Error(`--corpus must be public or generated, not ${onlyCorpus}`);
  const known = existsSync(LIST)
    ? parseKnownFailures(readFileSync(LIST, 'utf8'))
    : new Map<string, KnownFailure>();
  const unexpected: string[] = [];
  const fixed: string[] = [];
  const next = new Map<string, KnownFailure>();
  const seen = new Set<string>();
  /** Lines of the list kept as they are, for parts that do not run. */
  const keep = (which: (key: string) => boolean) => {
    for (const [k, v] of known) if (which(k)) next.set(k, v);
  };
  /** Whether a part runs; a part that does not keeps its lines. */
  const runs = (generated: boolean, version: string, backend: string) => {
    const run =
      (!onlyCorpus || onlyCorpus === (generated ? 'generated' : 'public')) &&
      (!onlyBackend || onlyBackend === backend) &&
      (!onlyVersions || onlyVersions.includes(version));
    if (!run) keep((k) => k.startsWith(`${version} ${backend} `) && isGenerated(k) === generated);
    else keep((k) => k.startsWith(`${version} ${backend} `) && isGenerated(k) === generated && !wanted(k.split(' ')[2] as string));
    return run;
  };
  /** Failures not on the list: replayed once more alone (quietRetry) before they count. */
  const suspects: Suspect[] = [];
  const check = (key: string, v: Verdict, work: Work) => {
    seen.add(key);
    if (!v.pass) {
      next.set(key, known.get(key) ?? { reason: `not yet: ${describe(v)}` });
      if (!known.has(key)) suspects.push({ key, v, work: { pair: work.pair, backend: work.backend } });
    } else if (known.has(key)) {
      // A line whose outcome depends on thread timing may pass on a quiet machine: kept.
      if (isTimingDependent(known.get(key))) next.set(key, known.get(key) as KnownFailure);
      else fixed.push(key);
    }
  };

  await bundleThreads();
  const scenarios = listScenarioFiles([join(ROOT, 'conformance/scenarios')])
    .map(loadScenario)
    .filter((s) => wanted(s.id));
  const parts: Part[] = [];
  /** The public memfs verdict of each (version, scenario), for the memfs-worker part to reuse. */
  const onMemfs = new Map<string, Promise<Verdict>>();
  for (const version of VERSIONS) {
    const unrecorded: string[] = [];
    const pairs: GeneratedPair[] = [];
    for (const s of scenarios) {
      const expected = loadExpected(s, join(RESULTS, version), version === NEWEST);
      if (expected) pairs.push({ family: 'public', version, scenario: s, expected });
      else unrecorded.push(s.id);
    }
    const link = version === NEWEST ? undefined : resultsBase(join(RESULTS, version));
    if (link) {
      // Recorded alike with its base: replayed under the base's name there.
      const alike = new Set(link.same);
      unrecorded.splice(0, unrecorded.length, ...unrecorded.filter((id) => !alike.has(id)));
    }
    let any = false;
    for (const backend of CLI_BACKENDS) {
      if (!isPinned(version) && backend !== 'memfs') continue;
      if (!runs(false, version, backend)) continue;
      any = true;
      const part = publicPart(version, backend, pairs, unrecorded.length, check);
      if (backend === 'memfs')
        part.work.forEach((w, i) => onMemfs.set(`${version} ${w.pair.scenario.id}`, part.done[i] as Promise<Verdict>));
      if (backend === 'memfs-worker')
        for (const w of part.work) {
          const memfs = onMemfs.get(`${version} ${w.pair.scenario.id}`);
          // memfs-worker is memfs with another shell: a replay that ran no command replays there
          // exactly as on memfs, so it takes memfs's verdict.
          if (memfs)
            w.reuse = async () => {
              const v = await memfs;
              return v.shellRuns === 0 ? { ...v, ms: 0, reused: true } : undefined;
            };
        }
      parts.push(part);
    }
    // The same for every backend: named once per version.
    if (any && unrecorded.length)
      console.log(
        `${version}: no recorded result (every backend): ${
          unrecorded.length > NAMED_UNRECORDED
            ? `${unrecorded.length} scenarios (a release recorded only where a bisection asked), e.g. ${unrecorded.slice(0, 5).join(' ')}`
            : unrecorded.join(' ')
        }`,
      );
  }
  if (onlyCorpus === 'public') keep(isGenerated);
  else parts.push(...generatedParts(runs, check, keep, wanted));
  await runParts(parts, jobs, diskJobs);
  for (const { key, v, alone } of await quietRetry(suspects)) {
    if (alone?.pass) {
      next.delete(key);
      console.log(`PASSED WHEN REPLAYED ALONE (under the run's load: ${describe(v)}) ${key}`);
    } else unexpected.push(`${key}: ${describe(alone ?? v)}`);
  }
  for (const k of known.keys())
    if (!seen.has(k) && !next.has(k))
      console.log(
        `LISTED BUT NOT RUN (no recorded result, or not in the disk sample; --update drops it) ${k}`,
      );

  if (update) {
    const lines = [...next.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k} ${v.reason}`);
    writeFileSync(LIST, HEADER.concat(lines).join('\n') + '\n');
    console.log(`wrote ${lines.length} entries to conformance/known-failures.txt`);
    return 0;
  }
  for (const u of unexpected) console.log(`UNEXPECTED FAILURE ${u}`);
  for (const f of fixed) console.log(`NOW PASSES (remove it from known-failures.txt) ${f}`);
  return unexpected.length || fixed.length ? 1 : 0;
}

/** A part of the run: one corpus, version and backend. */
interface Part {
  backend: CliBackend;
  work: Work[];
  /** Each item's verdict, when it is done. */
  done: Promise<Verdict>[];
  settle: ((v: Verdict) => void)[];
  /** Prints the part's lines once every verdict is in; `s`: from its first start to its last end. */
  report: (verdicts: Verdict[], s: number) => void;
}

function makePart(backend: CliBackend, pairs: GeneratedPair[], report: Part['report']): Part {
  const settle: Part['settle'] = [];
  const done = pairs.map(() => new Promise<Verdict>((res) => settle.push(res)));
  return { backend, work: pairs.map((pair) => ({ pair, backend })), done, settle, report };
}

function publicPart(
  version: string,
  backend: CliBackend,
  pairs: GeneratedPair[],
  unrecorded: number,
  check: (key: string, v: Verdict, work: Work) => void,
): Part {
  return makePart(backend, pairs, (verdicts, s) => {
    let passed = 0;
    let ms = 0;
    let ran = 0;
    pairs.forEach((p, i) => {
      const v = verdicts[i] as Verdict;
      if (v.pass) passed++;
      if (!v.reused) {
        ms += v.ms;
        ran++;
      }
      check(`${version} ${backend} ${p.scenario.id}`, v, { pair: p, backend });
    });
    const reused = pairs.length - ran;
    // ms per scenario: one replay's own time, however many run at once.
    console.log(
      `${version} ${backend}: conformance: ${passed} passed, ${pairs.length - passed} failed, ${unrecorded} no recorded result (${s.toFixed(1)} s, ${ran ? (ms / ran).toFixed(0) : 0} ms per scenario${reused ? `; ${reused} ran no command and took memfs's verdict` : ''})`,
    );
  });
}

/** The generated corpus: per version, memfs over every recorded scenario, disk over the sample. */
function generatedParts(
  runs: (generated: boolean, version: string, backend: string) => boolean,
  check: (key: string, v: Verdict, work: Work) => void,
  keep: (which: (key: string) => boolean) => void,
  wanted: (id: string) => boolean,
): Part[] {
  const files = existsSync(GENERATED) ? listGeneratedFiles([GENERATED]) : [];
  const loadStart = performance.now();
  const corpus = loadGenerated(files);
  // A version with no results file here (not recorded on this checkout) keeps its lines.
  keep((k) => isGenerated(k) && !corpus.versions.includes(k.split(' ')[0] as string));
  if (!files.length) return [];
  console.log(
    `generated: ${corpus.scenarios.length} scenarios, ${corpus.pairs.length} recorded results (loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s)`,
  );
  const place = new Map<string, number>();
  const perFamily = new Map<string, number>();
  for (const s of corpus.scenarios) {
    place.set(s.id, perFamily.get(s.family) ?? 0);
    perFamily.set(s.family, (place.get(s.id) as number) + 1);
  }
  const inSample = (id: string) => (place.get(id) as number) % DISK_SAMPLE === 0;
  /** Scenarios of each family a backend runs (--filter applied; on disk, the sample). */
  const ofFamily = (backend: string) => {
    const n = new Map<string, number>();
    for (const s of corpus.scenarios)
      if (wanted(s.id) && (backend !== 'disk' || inSample(s.id))) n.set(s.family, (n.get(s.family) ?? 0) + 1);
    return n;
  };
  const parts: Part[] = [];
  for (const version of corpus.versions)
    for (const backend of GENERATED_BACKENDS) {
      if (!runs(true, version, backend)) continue;
      const pairs = corpus.pairs.filter(
        (p) =>
          p.version === version && wanted(p.scenario.id) && (backend !== 'disk' || inSample(p.scenario.id)),
      );
      parts.push(
        makePart(backend, pairs, (verdicts, s) => {
          const tally = new Map<string, { passed: number; failed: number; ms: number }>();
          pairs.forEach((p, i) => {
            const v = verdicts[i] as Verdict;
            check(`${version} ${backend} ${p.scenario.id}`, v, { pair: p, backend });
            const t = tally.get(p.family) ?? { passed: 0, failed: 0, ms: 0 };
            if (v.pass) t.passed++;
            else t.failed++;
            t.ms += v.ms;
            tally.set(p.family, t);
          });
          const part = `generated ${version} ${backend}${backend === 'disk' ? ` (every ${DISK_SAMPLE}th scenario)` : ''}`;
          let passed = 0;
          for (const [family, of] of ofFamily(backend)) {
            const t = tally.get(family) ?? { passed: 0, failed: 0, ms: 0 };
            const ran = t.passed + t.failed;
            passed += t.passed;
            // ms per scenario: one replay's own time, however many run at once.
            console.log(
              `${part} ${family}: ${t.passed} passed, ${t.failed} failed, ${of - ran} no recorded result${ran ? ` (${(t.ms / ran).toFixed(0)} ms per scenario)` : ''}`,
            );
          }
          console.log(
            `${part}: conformance: ${passed} passed, ${pairs.length - passed} failed (${s.toFixed(1)} s)`,
          );
        }),
      );
    }
  return parts;
}

/** Runs every part at once, each lane taking the next scenario of any part, so no lane waits for a
 * part's last one. The disk parts have lanes of their own beside the others (a disk replay mostly
 * waits on real processes and real time), which go on with the rest once the disk parts are done.
 * Each part reports as soon as its last verdict is in. */
async function runParts(parts: Part[], jobs: number, diskJobs: number): Promise<void> {
  const pool = new ThreadPool({ memoryMb: DEFAULT_MEMORY_MB, threads: jobs + diskJobs });
  pools.push(pool);
  const t0 = performance.now();
  const items = parts.flatMap((part) => part.work.map((w, i) => ({ part, i, w })));
  const onDisk = items.flatMap((it, k) => (it.part.backend === 'disk' ? [k] : []));
  const elsewhere = items.flatMap((it, k) => (it.part.backend === 'disk' ? [] : [k]));
  let d = 0;
  let e = 0;
  const started = new Map<Part, number>();
  const left = new Map(parts.map((p) => [p, p.work.length]));
  for (const p of parts) if (!p.work.length) p.report([], 0);
  await conformWork(
    items.map(({ part, w }) => ({
      ...w,
      // The part's clock starts with its first item.
      reuse: async () => {
        if (!started.has(part)) started.set(part, performance.now());
        return w.reuse?.();
      },
    })),
    jobs + diskJobs,
    (n) => pool.lane(n),
    (k, v) => {
      const { part, i } = items[k] as (typeof items)[number];
      (part.settle[i] as (v: Verdict) => void)(v);
      const n = (left.get(part) as number) - 1;
      left.set(part, n);
      if (n === 0)
        void Promise.all(part.done).then((vs) => part.report(vs, (performance.now() - (started.get(part) ?? t0)) / 1000));
    },
    (lane) => (lane >= jobs ? (onDisk[d++] ?? elsewhere[e++]) : elsewhere[e++]),
  );
  await Promise.all(parts.flatMap((p) => p.done));
  console.log(`conformance: ${((performance.now() - t0) / 1000).toFixed(1)} s in all (${jobs} threads, and ${diskJobs} for disk)`);
}

interface Suspect {
  key: string;
  v: Verdict;
  work: Work;
  /** Its verdict replayed alone, when it was. */
  alone?: Verdict;
}

/** At most this many failures are replayed again: more is no matter of load. */
const QUIET_RETRIES = 20;

/** Replays each failure not on the list once more, one at a time with nothing else running. The
 * run keeps every core busy with two threads a core, and a replay holds real-time limits where a
 * command of the in-memory shell computes (a Bash timeout of 2 s over an eval recursion that takes
 * 0.1 s alone went past it once in a CI run): a failure that passes alone is load, reported as
 * such; one that fails again counts. */
async function quietRetry(suspects: Suspect[]): Promise<Suspect[]> {
  if (suspects.length === 0 || suspects.length > QUIET_RETRIES) return suspects;
  console.log(`replaying ${suspects.length} unexpected failure(s) again, alone`);
  // The budget is checked against the process's resident memory, which still holds what the run
  // left: a thread's budget is counted on top of that.
  const held = Math.ceil(process.memoryUsage.rss() / 2 ** 20);
  const pool = new ThreadPool({ memoryMb: DEFAULT_MEMORY_MB + held, threads: 1 });
  pools.push(pool);
  const again = await conformWork(
    suspects.map((s) => s.work),
    1,
    (n) => pool.lane(n),
  );
  return suspects.map((s, i) => ({ ...s, alone: again[i] }));
}

main()
  .finally(() => pools.forEach((p) => p.dispose()))
  .then(
  (c) => process.exit(c),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
