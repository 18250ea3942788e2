// `npx tsx src/cli/store-release.ts VERSION BASE DIR`: stores what the oracle recorded on a release
// in DIR (a bisection's anchor, such as the oldest release recorded on the covering scenarios
// before bisecting back from the root) as conformance/results/VERSION/: the results that differ
// from BASE's, `_base.json` naming the ones recorded alike, and lists VERSION in releases.json's
// `bisected`. Prints how many differ.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadExpected, loadScenario } from './corpus';
import { alike } from './changes';
import { REGISTRY, RESULTS, SCENARIOS } from './oracle-bin';
import { parseResult } from '../scenario/schema';
import { compareReleases } from '../profiles/releases';

const [version, base, dir] = process.argv.slice(2);
if (!version || !base || !dir) throw new Error('usage: npx tsx src/cli/store-release.ts VERSION BASE DIR');
const out = join(RESULTS, version);
mkdirSync(out, { recursive: true });
const same: string[] = [];
const differ: string[] = [];
for (const f of readdirSync(dir).filter((x) => x.endsWith('.json') && !x.startsWith('_'))) {
  const id = f.slice(0, -'.json'.length);
  const scenario = join(SCENARIOS, f);
  if (!existsSync(scenario)) continue;
  const mine = parseResult(JSON.parse(readFileSync(join(dir, f), 'utf8')), f);
  const theirs = loadExpected(loadScenario(scenario), join(RESULTS, base), true);
  if (theirs && alike(theirs, mine)) same.push(id);
  else {
    differ.push(id);
    writeFileSync(join(out, f), `${JSON.stringify(mine, null, 1)}\n`);
  }
}
writeFileSync(join(out, '_base.json'), `${JSON.stringify({ base, same: same.sort() }, null, 1)}\n`);
const reg = JSON.parse(readFileSync(REGISTRY, 'utf8')) as { bisected?: string[] };
reg.bisected = [...new Set([...(reg.bisected ?? []), version])].sort(compareReleases);
writeFileSync(REGISTRY, `${JSON.stringify(reg, null, 1)}\n`);
console.log(`${version}: ${same.length} alike ${base}, ${differ.length} differ: ${differ.join(' ')}`);
