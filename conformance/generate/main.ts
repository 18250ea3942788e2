// Writes the generated corpus: `npx tsx conformance/generate/main.ts [family ...]` rewrites
// conformance/generated/<family>.scenarios.jsonl for the named families (all by default).
// The seed is fixed, so the same code always yields the same scenarios; recorded results
// (<family>.<version>.jsonl) are matched to scenarios by id.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenario } from '../../src/scenario/schema';
import { Rng, seedOf } from './rng';
import { FAMILIES } from './families';

const SEED = 20261201;
const OUT = join(import.meta.dirname, '../generated');

const wanted = process.argv.slice(2);
mkdirSync(OUT, { recursive: true });
for (const family of FAMILIES) {
  if (wanted.length && !wanted.includes(family.name)) continue;
  const scenarios = family.build(new Rng(seedOf(family.name, SEED)), family.count);
  const ids = new Set<string>();
  for (const s of scenarios) {
    if (ids.has(s.id)) throw new Error(`${family.name}: duplicate id ${s.id}`);
    ids.add(s.id);
    parseScenario(s, s.id);
  }
  writeFileSync(join(OUT, `${family.name}.scenarios.jsonl`), scenarios.map((s) => JSON.stringify(s)).join('\n') + '\n');
  console.log(`${family.name}: ${scenarios.length} scenarios`);
}
