// `npx tsx src/cli/bisect.ts FROM TO [--jobs N] [--filter REGEX on ids] [--bins DIR] [--max N] [--work DIR]`:
// for each scenario whose result differs between two releases that are in, records it on the
// releases of the registry between them (npm pack, deleted after use; or `--bins DIR` holding
// <v>/package/claude) at midpoints, until the first release with the new result is found, so each
// changelog behaviour sits at the release where it happened. A result that matches neither side
// is a third behaviour: both changes are bisected. A change found at the first release after FROM
// is confirmed by recording FROM again: when that no longer gives FROM's stored result, the
// difference is the host's or a race's, not a release's, and is left out of the changelog.
// Writes conformance/results/<midpoint>/ (the results that differ from FROM's, `_base.json` naming
// the rest), the midpoints in src/profiles/releases.json (`bisected`) and conformance/changelog.json.
// Resumes: what the work folder holds is not recorded again. `--max` bounds the midpoints recorded.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { listScenarioFiles, loadExpected, loadScenario, type LoadedScenario } from './corpus';
import { alike, differences, groupBehaviours } from './changes';
import { CHANGELOG, REGISTRY, RESULTS, ROOT, SCENARIOS, oracle, releaseBinary } from './oracle-bin';
import { parseResult, type ScenarioResult } from '../scenario/schema';
import { compareReleases } from '../profiles/releases';
import { parseChangelog, type ChangelogEntry } from '../profiles/changelog';
import { toolChangesOf } from './intake-tools';
import type { Difference } from '../session/compare';


interface Options {
  from: string;
  to: string;
  jobs: number;
  filter?: RegExp;
  bins?: string;
  max: number;
  work: string;
}

const USAGE = 'usage: npx tsx src/cli/bisect.ts FROM TO [--jobs N] [--filter REGEX] [--bins DIR] [--max N] [--work DIR]';

function parse(argv: string[]): Options {
  const [from, to, ...rest] = argv;
  const release = /^\d+\.\d+\.\d+$/;
  if (!from || !to || !release.test(from) || !release.test(to) || compareReleases(from, to) >= 0) throw new Error(USAGE);
  const o: Options = { from, to, jobs: 1, max: Infinity, work: join(ROOT, 'out/bisect') };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i] as string;
    const value = rest[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--jobs') o.jobs = Math.max(1, Math.min(4, Number(value) || 1));
    else if (flag === '--filter') o.filter = new RegExp(value);
    else if (flag === '--bins') o.bins = value;
    else if (flag === '--max') o.max = Math.max(0, Number(value) || 0);
    else if (flag === '--work') o.work = value;
    else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  return o;
}

const step = (text: string) => console.error(`bisect: ${text}`);
const readJson = <T>(f: string): T => JSON.parse(readFileSync(f, 'utf8')) as T;

interface Registry {
  root: string;
  pinned: string[];
  corpus: string[];
  tools: string[];
  bisected?: string[];
}

/** A scenario's open span: `lo` recorded the old result, `hi` the new one. */
interface Span {
  s: LoadedScenario;
  lo: string;
  hi: string;
  old: ScenarioResult;
  next: ScenarioResult;
}

/** Records `scenarios` on `version` (resuming) and returns their results. */
async function recordOn(version: string, scenarios: LoadedScenario[], o: Options): Promise<Map<string, ScenarioResult>> {
  const dir = join(o.work, version);
  mkdirSync(dir, { recursive: true });
  const file = (s: LoadedScenario) => join(dir, `${s.id}.json`);
  const left = scenarios.filter((s) => !existsSync(file(s)));
  if (left.length) {
    step(`${version}: recording ${left.length} of ${scenarios.length}`);
    const { bin, cleanup } = releaseBinary(version, join(o.work, 'download'), { bins: o.bins, log: step });
    try {
      await oracle(['--bin', bin, '--jobs', String(o.jobs), '--out', dir, ...left.map((s) => s.file)]);
    } finally {
      cleanup();
    }
  }
  const out = new Map<string, ScenarioResult>();
  for (const s of scenarios) if (existsSync(file(s))) out.set(s.id, parseResult(readJson(file(s)), file(s)));
  return out;
}

async function main(): Promise<void> {
  const o = parse(process.argv.slice(2));
  const reg = readJson<Registry>(REGISTRY);
  const known = [...new Set([...reg.corpus, ...reg.tools])].sort(compareReleases);
  const between = (a: string, b: string) => known.filter((v) => compareReleases(v, a) > 0 && compareReleases(v, b) < 0);
  const scenarios = listScenarioFiles([SCENARIOS])
    .filter((f) => !o.filter || o.filter.test(basename(f, '.json')))
    .map(loadScenario);
  let open: Span[] = [];
  for (const s of scenarios) {
    const old = loadExpected(s, join(RESULTS, o.from), true);
    const next = loadExpected(s, join(RESULTS, o.to), true);
    if (old && next && !alike(old, next)) open.push({ s, lo: o.from, hi: o.to, old, next });
  }
  step(`${open.length} scenarios differ between ${o.from} and ${o.to}; ${between(o.from, o.to).length} releases between`);
  const done: Span[] = [];
  const recorded = new Map<string, Map<string, ScenarioResult>>();
  let midpoints = 0;
  for (;;) {
    done.push(...open.filter((x) => between(x.lo, x.hi).length === 0));
    open = open.filter((x) => between(x.lo, x.hi).length > 0);
    if (!open.length || midpoints >= o.max) break;
    // The middle of the first open span; every span that holds it is recorded there too.
    const inner = between(open[0]!.lo, open[0]!.hi);
    const mid = inner[Math.floor((inner.length - 1) / 2)] as string;
    const here = open.filter((x) => compareReleases(x.lo, mid) < 0 && compareReleases(mid, x.hi) < 0);
    const results = await recordOn(mid, here.map((x) => x.s), o);
    recorded.set(mid, new Map([...(recorded.get(mid) ?? []), ...results]));
    midpoints++;
    const split: Span[] = [];
    for (const x of here) {
      const r = results.get(x.s.id);
      if (!r) continue;
      if (alike(x.old, r)) x.lo = mid;
      else if (alike(x.next, r)) x.hi = mid;
      else {
        // A third result: the change old → r lies below mid, r → next above it.
        split.push({ ...x, lo: mid, old: r });
        x.hi = mid;
        x.next = r;
      }
    }
    open.push(...split);
  }
  if (open.length) step(`${open.length} spans left open after ${midpoints} midpoints (--max)`);

  // A change right after FROM is confirmed by FROM recorded again.
  const atFrom = done.filter((x) => x.lo === o.from);
  const control = atFrom.length ? await recordControl(o, atFrom.map((x) => x.s)) : new Map<string, ScenarioResult>();
  const noise = new Set(atFrom.filter((x) => { const r = control.get(x.s.id); return !r || !alike(x.old, r); }).map((x) => x.s.id));
  if (noise.size) step(`not reproducible on ${o.from} recorded again (host or race, left out): ${[...noise].join(', ')}`);

  // Read again: an intake run meanwhile may have registered a release.
  writeMidpoints(o, recorded, readJson<Registry>(REGISTRY));
  writeChangelog(o, [...done, ...open].filter((x) => !noise.has(x.s.id)), noise, between, recorded);
  for (const x of [...done, ...open].filter((y) => !noise.has(y.s.id)).sort((a, b) => compareReleases(a.hi, b.hi)))
    console.log(`${x.s.id}\t${between(x.lo, x.hi).length ? `${x.lo}..${x.hi}` : x.hi}`);
}

/** FROM recorded again, in its own folder. */
function recordControl(o: Options, scenarios: LoadedScenario[]): Promise<Map<string, ScenarioResult>> {
  return recordOn(o.from, scenarios, { ...o, work: join(o.work, 'again') });
}

/** As the corpus lists them: by file name (`a-b.json` before `a.json`). */
const byFile = (a: string, b: string) => (`${a}.json` < `${b}.json` ? -1 : 1);

/** Each midpoint's folder: its results that differ from its base's, `_base.json` naming the rest.
 * A folder already in keeps its base (a release with its whole corpus in is stored against its
 * predecessor), so what it holds is added to, never replaced. Lower releases are written first:
 * a higher one's base may be among them. */
function writeMidpoints(o: Options, recorded: Map<string, Map<string, ScenarioResult>>, reg: Registry): void {
  for (const version of [...recorded.keys()].sort(compareReleases)) {
    const results = recorded.get(version) as Map<string, ScenarioResult>;
    const out = join(RESULTS, version);
    mkdirSync(out, { recursive: true });
    const prior = existsSync(join(out, '_base.json')) ? readJson<{ base: string; same: string[] }>(join(out, '_base.json')) : undefined;
    const base = prior?.base ?? o.from;
    const same = new Set(prior?.same ?? []);
    for (const [id, r] of results) {
      const s = loadScenario(join(SCENARIOS, `${id}.json`));
      const expected = loadExpected(s, join(RESULTS, base), true);
      if (expected && alike(expected, r)) {
        same.add(id);
        rmSync(join(out, `${id}.json`), { force: true });
      } else {
        same.delete(id);
        writeFileSync(join(out, `${id}.json`), `${JSON.stringify(r, null, 1)}\n`);
      }
    }
    writeFileSync(join(out, '_base.json'), `${JSON.stringify({ base, same: [...same].sort(byFile) }, null, 1)}\n`);
    if (!reg.corpus.includes(version)) reg.bisected = [...new Set([...(reg.bisected ?? []), version])].sort(compareReleases);
  }
  writeFileSync(REGISTRY, `${JSON.stringify(reg, null, 1)}\n`);
}

/** The changelog with the spans' behaviours moved to the release where each was found: the
 * scenarios are taken out of the entries after FROM up to TO, then put at their change points. */
function writeChangelog(
  o: Options,
  spans: Span[],
  noise: Set<string>,
  between: (a: string, b: string) => string[],
  recorded: Map<string, Map<string, ScenarioResult>>,
): void {
  const moved = new Set([...spans.map((x) => x.s.id), ...noise]);
  const inRange = (v: string) => compareReleases(v, o.from) > 0 && compareReleases(v, o.to) <= 0;
  const log = existsSync(CHANGELOG) ? parseChangelog(readJson(CHANGELOG)) : [];
  const entries = new Map<string, ChangelogEntry>(log.map((e) => [e.version, e]));
  for (const e of entries.values())
    if (inRange(e.version))
      e.behaviours = e.behaviours.map((b) => ({ ...b, scenarios: b.scenarios.filter((id) => !moved.has(id)) })).filter((b) => b.scenarios.length > 0);
  const byVersion = new Map<string, Span[]>();
  for (const x of spans) byVersion.set(x.hi, [...(byVersion.get(x.hi) ?? []), x]);
  for (const [version, xs] of byVersion) {
    // Not found exactly: the widest span said, so the entry never claims more than was recorded.
    const base = xs.map((x) => x.lo).sort(compareReleases)[0] as string;
    const changed = new Map<string, { area: string; diffs: Difference[] }>(
      xs.map((x) => [x.s.id, { area: x.s.scenario.area ?? x.s.id.split('-')[0] ?? 'other', diffs: differences(x.old, { ...x.next, version: x.old.version }) }]),
    );
    // An entry left with behaviours of its own keeps its base; one emptied is rebuilt from the spans.
    const kept = entries.get(version);
    const prior = kept?.behaviours.length ? kept : undefined;
    const behaviours = [...(prior?.behaviours ?? [])];
    for (const b of groupBehaviours(changed)) {
      const same = behaviours.find((y) => y.area === b.area && y.kind === b.kind);
      if (same) same.scenarios = [...new Set([...same.scenarios, ...b.scenarios])];
      else behaviours.push(b);
    }
    entries.set(version, {
      version,
      base: prior && compareReleases(prior.base, base) < 0 ? prior.base : base,
      exact: between(base, version).length === 0 && (!prior || prior.base === base || prior.exact),
      recorded: kept?.recorded ?? recorded.get(version)?.size ?? xs.length,
      tools: kept?.tools ?? toolChangesOf(version),
      behaviours: behaviours.sort((a, b) => a.area.localeCompare(b.area) || a.kind.localeCompare(b.kind)),
    });
  }
  const next = [...entries.values()]
    .filter((e) => !inRange(e.version) || e.behaviours.length || e.tools.length || e.recorded)
    .sort((a, b) => compareReleases(b.version, a.version));
  writeFileSync(CHANGELOG, `${JSON.stringify(next, null, 1)}\n`);
}

main().catch((e: unknown) => {
  console.error(`bisect: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
