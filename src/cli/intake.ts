// `npm run intake -- VERSION [--bin PATH] [--jobs N] [--filter REGEX on ids] [--work DIR]`: takes a
// release in. Fetches the platform package (npm pack; or uses --bin), dumps its default tool
// definitions, records the hand-written corpus with the oracle (resuming: what the work folder
// holds already is not recorded again), compares each result with the nearest release already
// in, and writes
//   conformance/results/<v>/   the results that differ, `_base.json` naming the rest as recorded
//                              alike, `_tools.json` (the --tools definitions) when they changed
//   <work>/proposal.md         the profile changes the differences suggest, for a person to check
//   conformance/changelog.json the release's entry: each changed behaviour with its scenarios
// and deletes the download. The tool definitions join src/profiles/tool-history.json.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadExpected, loadScenario, listScenarioFiles, resultsBase } from './corpus';
import type { Difference } from '../session/compare';
import { differences, groupBehaviours, mergeBehaviours } from './changes';
import { CHANGELOG, REGISTRY, RESULTS, ROOT, SCENARIOS, oracle, releaseBinary } from './oracle-bin';
import { parseResult } from '../scenario/schema';
import { compareReleases } from '../profiles/releases';
import { parseChangelog, type ChangelogEntry } from '../profiles/changelog';
import { addToHistory, registerRelease } from './intake-tools';


interface Options {
  version: string;
  bin?: string;
  jobs: number;
  filter?: RegExp;
  work: string;
}

function parse(argv: string[]): Options {
  const [version, ...rest] = argv;
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) throw new Error('usage: npm run intake -- VERSION [--bin PATH] [--jobs N] [--filter REGEX] [--work DIR]');
  const o: Options = { version, jobs: 1, work: join(ROOT, 'out/intake', version) };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i] as string;
    const value = rest[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--bin') o.bin = value;
    else if (flag === '--jobs') o.jobs = Math.max(1, Math.min(4, Number(value) || 1));
    else if (flag === '--filter') o.filter = new RegExp(value);
    else if (flag === '--work') o.work = value;
    else throw new Error(`unknown option ${flag}`);
  }
  return o;
}

const step = (text: string) => console.error(`intake: ${text}`);

/** The release with its whole corpus in that is nearest below `version` (the newest, for a newer
 * one); a release the bisection recorded on a few scenarios is not a base. */
function nearestIn(version: string): string {
  const near = registry()
    .corpus.filter((v) => compareReleases(v, version) < 0 && existsSync(join(RESULTS, v)))
    .sort(compareReleases)
    .at(-1);
  if (!near) throw new Error(`no release below ${version} is in conformance/results`);
  return near;
}

const registry = () => JSON.parse(readFileSync(REGISTRY, 'utf8')) as { corpus: string[]; tools: string[] };

/** No release of the registry (as releases.json lists it now) lies between the two. */
function adjacent(base: string, version: string): boolean {
  const r = registry();
  return ![...r.corpus, ...r.tools].some((v) => compareReleases(v, base) > 0 && compareReleases(v, version) < 0);
}

async function main(): Promise<void> {
  const o = parse(process.argv.slice(2));
  const recorded = join(o.work, 'recorded');
  mkdirSync(recorded, { recursive: true });
  const { bin, cleanup } = releaseBinary(o.version, join(o.work, 'download'), { bin: o.bin, log: step });
  try {
    const dump = join(o.work, 'tools-default.json');
    if (!existsSync(dump)) {
      step('dumping the default tool definitions');
      await oracle(['--bin', bin, '--tools-dump', dump]);
    }
    const files = listScenarioFiles([SCENARIOS]).filter((f) => !o.filter || o.filter.test(basename(f, '.json')));
    const left = files.filter((f) => !existsSync(join(recorded, f.slice(f.lastIndexOf('/') + 1))));
    step(`recording ${left.length} of ${files.length} scenarios (${files.length - left.length} recorded before)`);
    if (left.length) await oracle(['--bin', bin, '--jobs', String(o.jobs), '--out', recorded, ...left]);
  } finally {
    cleanup();
  }
  const base = nearestIn(o.version);
  step(`comparing with ${base}`);
  const out = join(RESULTS, o.version);
  mkdirSync(out, { recursive: true });
  // A run over part of the corpus (--filter) adds to what the folder holds, never replaces it.
  const prior = resultsBase(out);
  const alikeSet = new Set(prior?.base === base ? prior.same : []);
  const scenarios = listScenarioFiles([SCENARIOS]).map(loadScenario);
  for (const s of scenarios) {
    const file = join(recorded, `${s.id}.json`);
    if (!existsSync(file)) continue;
    const mine = parseResult(JSON.parse(readFileSync(file, 'utf8')), file);
    const theirs = loadExpected(s, join(RESULTS, base), true);
    if (theirs && differences(theirs, { ...mine, version: base }).length === 0) {
      alikeSet.add(s.id);
      rmSync(join(out, `${s.id}.json`), { force: true });
    } else {
      alikeSet.delete(s.id);
      writeFileSync(join(out, `${s.id}.json`), readFileSync(file));
    }
  }
  // The entry says what the whole folder holds: this run's results and earlier runs' alike.
  const same = scenarios.filter((s) => alikeSet.has(s.id)).map((s) => s.id);
  /** Scenarios the base release never recorded (newer than its intake): stored, but no change. */
  const fresh: string[] = [];
  const changed = new Map<string, { area: string; diffs: Difference[] }>();
  for (const s of scenarios) {
    const file = join(out, `${s.id}.json`);
    if (!existsSync(file)) continue;
    const theirs = loadExpected(s, join(RESULTS, base), true);
    const mine = parseResult(JSON.parse(readFileSync(file, 'utf8')), file);
    if (theirs) changed.set(s.id, { area: s.scenario.area ?? s.id.split('-')[0] ?? 'other', diffs: differences(theirs, { ...mine, version: base }) });
    else fresh.push(s.id);
  }
  writeFileSync(join(out, '_base.json'), `${JSON.stringify({ base, same }, null, 1)}\n`);
  const toolsFile = join(recorded, '_tools.json');
  const baseTools = join(RESULTS, base, '_tools.json');
  if (existsSync(toolsFile) && (!existsSync(baseTools) || JSON.stringify(JSON.parse(readFileSync(toolsFile, 'utf8')).tools) !== JSON.stringify(JSON.parse(readFileSync(baseTools, 'utf8')).tools)))
    writeFileSync(join(out, '_tools.json'), readFileSync(toolsFile));
  const toolChanges = addToHistory(o.version, JSON.parse(readFileSync(join(o.work, 'tools-default.json'), 'utf8')).tools);
  registerRelease(o.version, 'corpus');

  const log = existsSync(CHANGELOG) ? parseChangelog(JSON.parse(readFileSync(CHANGELOG, 'utf8'))) : [];
  const priorEntry = o.filter ? log.find((e) => e.version === o.version) : undefined;
  const ran = new Set(scenarios.filter((s) => existsSync(join(recorded, `${s.id}.json`))).map((s) => s.id));
  const recordedCount = same.length + changed.size + fresh.length;
  // Over part of the corpus, an entry already there (perhaps placed by a bisection) keeps its base.
  const entry: ChangelogEntry = priorEntry
    ? {
        ...priorEntry,
        recorded: recordedCount,
        tools: toolChanges,
        behaviours: mergeBehaviours(priorEntry.behaviours, ran, groupBehaviours(new Map([...changed].filter(([id]) => ran.has(id))))),
      }
    : { version: o.version, base, exact: adjacent(base, o.version), recorded: recordedCount, tools: toolChanges, behaviours: groupBehaviours(changed) };
  const next = [...log.filter((e) => e.version !== o.version), entry].sort((a, b) => compareReleases(b.version, a.version));
  writeFileSync(CHANGELOG, `${JSON.stringify(next, null, 1)}\n`);
  const proposal = [
    `# Proposed profile delta for ${o.version} (over ${base}): check each line against the recordings`,
    '',
    `${same.length} scenarios recorded alike, ${changed.size} differ, ${fresh.length} new (${base} has no result to compare). Tool definitions: ${toolChanges.join('; ') || 'unchanged'}.`,
    '',
    ...entry.behaviours.flatMap((g) => [`## ${g.area}: ${g.kind} (${g.scenarios.length})`, '', `- ${g.scenarios.join(', ')}`, `- e.g. ${g.example}`, '']),
  ];
  writeFileSync(join(o.work, 'proposal.md'), proposal.join('\n'));
  step(`${same.length} alike, ${changed.size} differ, ${fresh.length} new; proposal in ${join(o.work, 'proposal.md')}`);
}

main().catch((e: unknown) => {
  console.error(`intake: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
