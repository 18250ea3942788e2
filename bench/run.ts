// `npm run bench -- <name>...`: runs bench/<name>.ts for each name (all when none given).
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const here = import.meta.dirname;
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_') && !f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -3))
  .sort();
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !available.includes(a));
if (unknown.length) {
  console.error(`unknown benchmark: ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const name of asked.length ? asked : available) {
  console.log(`\n## bench ${name}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, `${name}.ts`)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
