// `npm run intake -- VERSION [--bin PATH] [--jobs N] [--filter REGEX] [--work DIR]`: takes a
// release in. Fetches the platform package (npm pack; or uses --bin), dumps its default tool
// definitions, records the hand-written corpus with the oracle (resuming: what the work folder
// holds already is not recorded again), compares each result with the nearest release already
// in, and writes
//   conformance/results/<v>/   the results that differ, `_base.json` naming the rest as recorded
//                              alike, `_tools.json` (the --tools definitions) when they changed
//   <work>/proposal.md         the profile changes the differences suggest, for a person to check
//   conformance/changelog.json the release's entry: each changed behaviour with its scenarios
// and deletes the download. The tool definitions join src/profiles/tool-history.json.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadExpected, loadScenario, listScenarioFiles } from './corpus';
import { compareResults, type Difference } from '../session/compare';
import { parseResult, type ScenarioResult } from '../scenario/schema';
import { compareReleases } from '../profiles/releases';
import { parseChangelog, type ChangelogEntry } from '../profiles/changelog';
import { addToHistory, registerRelease } from './intake-tools';

const ROOT = join(import.meta.dirname, '../..');
const RESULTS = join(ROOT, 'conformance/results');
const SCENARIOS = join(ROOT, 'conformance/scenarios');
const CHANGELOG = join(ROOT, 'conformance/changelog.json');
const REGISTRY = join(ROOT, 'src/profiles/releases.json');

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

/** The binary: --bin, or the platform package fetched with npm pack into the work folder. */
function binary(o: Options): { bin: string; cleanup: () => void } {
  if (o.bin) return { bin: o.bin, cleanup: () => {} };
  const dl = join(o.work, 'download');
  mkdirSync(dl, { recursive: true });
  step(`npm pack @anthropic-ai/claude-code-linux-x64@${o.version}`);
  const tgz = execFileSync('npm', ['pack', '--silent', `@anthropic-ai/claude-code-linux-x64@${o.version}`], { cwd: dl, encoding: 'utf8' }).trim();
  execFileSync('tar', ['xzf', tgz, 'package/claude'], { cwd: dl });
  rmSync(join(dl, tgz));
  return { bin: join(dl, 'package/claude'), cleanup: () => rmSync(dl, { recursive: true, force: true }) };
}

function oracle(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', [join(ROOT, 'oracle/run.mjs'), ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`oracle exited with ${code}`))));
  });
}

/** The release already in that is nearest below `version` (the newest, for a newer one). */
function nearestIn(version: string): string {
  const ins = readdirSync(RESULTS).filter((v) => v !== version && compareReleases(v, version) < 0);
  const near = ins.sort(compareReleases).at(-1);
  if (!near) throw new Error(`no release below ${version} is in conformance/results`);
  return near;
}

/** No release of the registry (as releases.json lists it now) lies between the two. */
function adjacent(base: string, version: string): boolean {
  const r = JSON.parse(readFileSync(REGISTRY, 'utf8')) as { corpus: string[]; tools: string[] };
  return ![...r.corpus, ...r.tools].some((v) => compareReleases(v, base) > 0 && compareReleases(v, version) < 0);
}

/** What the model sees and the SDK-side objects, as the ratchet compares them. */
const differences = (a: ScenarioResult, b: ScenarioResult): Difference[] => [
  ...compareResults(a, b, 'model'),
  ...compareResults(a, b, 'structured').map((d) => ({ ...d, path: `structured${d.path}` })),
];

/** A difference's kind, for grouping: what the model sees, the permission engine's denials, the
 * files left behind, or the SDK-side objects. */
function kindOf(d: Difference): ChangelogEntry['behaviours'][number]['kind'] {
  if (d.path.startsWith('structured')) return 'structured result';
  if (/permission_denials/.test(d.path)) return 'permission denials';
  if (/^\/files/.test(d.path)) return 'files left';
  if (/^\/model/.test(d.path)) return 'default model';
  return 'what the model sees';
}

async function main(): Promise<void> {
  const o = parse(process.argv.slice(2));
  const recorded = join(o.work, 'recorded');
  mkdirSync(recorded, { recursive: true });
  const { bin, cleanup } = binary(o);
  try {
    const dump = join(o.work, 'tools-default.json');
    if (!existsSync(dump)) {
      step('dumping the default tool definitions');
      await oracle(['--bin', bin, '--tools-dump', dump]);
    }
    const files = listScenarioFiles([SCENARIOS]).filter((f) => !o.filter || o.filter.test(f));
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
  const same: string[] = [];
  const changed = new Map<string, { area: string; diffs: Difference[] }>();
  for (const f of listScenarioFiles([SCENARIOS])) {
    const s = loadScenario(f);
    const file = join(recorded, `${s.id}.json`);
    if (!existsSync(file)) continue;
    const mine = parseResult(JSON.parse(readFileSync(file, 'utf8')), file);
    const theirs = loadExpected(s, join(RESULTS, base), true);
    const diffs = theirs ? differences(theirs, { ...mine, version: base }) : [{ path: '', expected: undefined, actual: 'recorded' }];
    if (diffs.length === 0) same.push(s.id);
    else {
      changed.set(s.id, { area: s.scenario.area ?? s.id.split('-')[0] ?? 'other', diffs });
      writeFileSync(join(out, `${s.id}.json`), readFileSync(file));
    }
  }
  writeFileSync(join(out, '_base.json'), `${JSON.stringify({ base, same }, null, 1)}\n`);
  const toolsFile = join(recorded, '_tools.json');
  const baseTools = join(RESULTS, base, '_tools.json');
  if (existsSync(toolsFile) && (!existsSync(baseTools) || JSON.stringify(JSON.parse(readFileSync(toolsFile, 'utf8')).tools) !== JSON.stringify(JSON.parse(readFileSync(baseTools, 'utf8')).tools)))
    writeFileSync(join(out, '_tools.json'), readFileSync(toolsFile));
  const toolChanges = addToHistory(o.version, JSON.parse(readFileSync(join(o.work, 'tools-default.json'), 'utf8')).tools);
  registerRelease(o.version, 'corpus');

  // Grouped by area and kind: one line per behaviour for a person to name.
  const groups = new Map<string, ChangelogEntry['behaviours'][number]>();
  for (const [id, { area, diffs }] of changed) {
    const kinds = [...new Set(diffs.map(kindOf))];
    for (const kind of kinds) {
      const key = `${area}\u0000${kind}`;
      const d = diffs.find((x) => kindOf(x) === kind) as Difference;
      const g = groups.get(key) ?? { area, kind, scenarios: [], example: `${id} ${d.path}: ${JSON.stringify(d.expected)?.slice(0, 120)} → ${JSON.stringify(d.actual)?.slice(0, 120)}` };
      g.scenarios.push(id);
      groups.set(key, g);
    }
  }
  const entry: ChangelogEntry = {
    version: o.version,
    base,
    exact: adjacent(base, o.version),
    recorded: same.length + changed.size,
    tools: toolChanges,
    behaviours: [...groups.values()].sort((a, b) => a.area.localeCompare(b.area) || a.kind.localeCompare(b.kind)),
  };
  const log = existsSync(CHANGELOG) ? parseChangelog(JSON.parse(readFileSync(CHANGELOG, 'utf8'))) : [];
  const next = [...log.filter((e) => e.version !== o.version), entry].sort((a, b) => compareReleases(b.version, a.version));
  writeFileSync(CHANGELOG, `${JSON.stringify(next, null, 1)}\n`);
  const proposal = [
    `# Proposed profile delta for ${o.version} (over ${base}): check each line against the recordings`,
    '',
    `${same.length} scenarios recorded alike, ${changed.size} differ. Tool definitions: ${toolChanges.join('; ') || 'unchanged'}.`,
    '',
    ...entry.behaviours.flatMap((g) => [`## ${g.area}: ${g.kind} (${g.scenarios.length})`, '', `- ${g.scenarios.join(', ')}`, `- e.g. ${g.example}`, '']),
  ];
  writeFileSync(join(o.work, 'proposal.md'), proposal.join('\n'));
  step(`${same.length} alike, ${changed.size} differ; proposal in ${join(o.work, 'proposal.md')}`);
}

main().catch((e: unknown) => {
  console.error(`intake: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
