// The conformance ratchet run by `npm test`: the public corpus of every recorded version, on the
// CLI backends (memfs-worker is the page's Bash path). A scenario outside
// conformance/known-failures.txt that fails, or one on the list that passes, fails the run, so the
// list only shrinks. `--update` rewrites the list (keeping existing reasons). `--backend=<name>`
// and `--version=<v>` run a part (the rest of the list is kept as it is).
import { readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  listScenarioFiles,
  loadExpected,
  loadScenario,
  parseKnownFailures,
  type KnownFailure,
} from './corpus';
import { conformOne, describeVerdict, inProcess, type Verdict } from './run';
import { CLI_BACKENDS } from './backend-names';

const ROOT = join(import.meta.dirname, '../..');
const LIST = join(ROOT, 'conformance/known-failures.txt');
const RESULTS = join(ROOT, 'conformance/results');
/** Every recorded version, oldest first (a folder per version under conformance/results). */
const VERSIONS = readdirSync(RESULTS).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

const HEADER = [
  '# Scenarios of the public corpus that do not pass yet, per recorded version and backend (memfs-worker:',
  '# memfs with Bash run as the page runs it), with the reason.',
  '# Format: <version> <backend> <scenario id> <one-line reason>. <version> names the folder of',
  '# conformance/results the scenario is compared with (and the profile it is replayed under).',
  '# `npm run test:conformance` fails when a scenario not listed here fails, or when a listed one',
  '# passes (then delete its line). Scenarios a version did not record are counted and named by',
  '# the run ("no recorded result"), not listed here.',
  '# `npx tsx src/cli/ratchet.ts --update` rewrites the list, keeping the reasons already given.',
];

const describe = (v: Verdict) => describeVerdict(v, 80);

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function main(): Promise<number> {
  const update = process.argv.includes('--update');
  const onlyBackend = option('backend');
  const onlyVersion = option('version');
  const known = existsSync(LIST)
    ? parseKnownFailures(readFileSync(LIST, 'utf8'))
    : new Map<string, KnownFailure>();
  const scenarios = listScenarioFiles([join(ROOT, 'conformance/scenarios')]).map(loadScenario);
  const unexpected: string[] = [];
  const fixed: string[] = [];
  const next = new Map<string, KnownFailure>();
  for (const version of VERSIONS) {
    // The same for every backend: named once per version.
    let unrecordedNamed = false;
    for (const backend of CLI_BACKENDS) {
      const part = `${version} ${backend}`;
      if ((onlyBackend && onlyBackend !== backend) || (onlyVersion && onlyVersion !== version)) {
        for (const [k, v] of known) if (k.startsWith(`${part} `)) next.set(k, v);
        continue;
      }
      const t0 = performance.now();
      let passed = 0;
      let failed = 0;
      const unrecorded: string[] = [];
      for (const s of scenarios) {
        const expected = loadExpected(s, join(RESULTS, version));
        if (!expected) {
          unrecorded.push(s.id);
          continue;
        }
        const v = await conformOne(s, expected, inProcess(backend));
        const key = `${part} ${s.id}`;
        if (v.pass) passed++;
        else failed++;
        if (!v.pass) {
          next.set(key, known.get(key) ?? { reason: `not yet: ${describe(v)}` });
          if (!known.has(key)) unexpected.push(`${key}: ${describe(v)}`);
        } else if (known.has(key)) fixed.push(key);
      }
      console.log(
        `${version} ${backend}: conformance: ${passed} passed, ${failed} failed, ${unrecorded.length} no recorded result (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
      );
      if (unrecorded.length && !unrecordedNamed)
        console.log(`${version}: no recorded result (every backend): ${unrecorded.join(' ')}`);
      unrecordedNamed = true;
    }
  }
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

main().then(
  (c) => process.exit(c),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
