// The conformance ratchet run by `npm test`: the whole public corpus on both backends. A scenario
// outside conformance/known-failures.txt that fails, or one on the list that passes, fails the
// run, so the list only shrinks. `--update` rewrites the list (keeping existing reasons).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { listScenarioFiles, loadExpected, loadScenario } from './corpus';
import { conformOne, type Verdict } from './run';
import { short } from '../session/compare';
import type { CliBackend } from './backends';

const ROOT = join(import.meta.dirname, '../..');
const LIST = join(ROOT, 'conformance/known-failures.txt');
const BACKENDS: CliBackend[] = ['memfs', 'disk'];

interface Known {
  reason: string;
}

function readList(): Map<string, Known> {
  const m = new Map<string, Known>();
  if (!existsSync(LIST)) return m;
  for (const line of readFileSync(LIST, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const match = line.match(/^(memfs|disk)\s+(\S+)\s+(.*)$/);
    if (!match) throw new Error(`known-failures.txt: cannot read line: ${line}`);
    m.set(`${match[1]} ${match[2]}`, { reason: (match[3] as string).trim() });
  }
  return m;
}

function describe(v: Verdict): string {
  if (v.error) return `crashed: ${v.error.split('\n')[0]}`;
  if (!v.first) return 'no recorded result';
  return `${v.first.path}: expected ${short(v.first.expected, 80)}, got ${short(v.first.actual, 80)}`;
}

async function main(): Promise<number> {
  const update = process.argv.includes('--update');
  const only = process.argv.find((a) => a.startsWith('--backend='))?.slice('--backend='.length);
  const known = readList();
  const files = listScenarioFiles([join(ROOT, 'conformance/scenarios')]);
  const scenarios = files.map(loadScenario);
  const unexpected: string[] = [];
  const fixed: string[] = [];
  const next = new Map<string, Known>();
  for (const backend of BACKENDS) {
    if (only && only !== backend) {
      for (const [k, v] of known) if (k.startsWith(`${backend} `)) next.set(k, v);
      continue;
    }
    const t0 = performance.now();
    let passed = 0;
    let failed = 0;
    for (const s of scenarios) {
      const expected = loadExpected(s, join(ROOT, 'conformance/results/2.1.273'));
      const v: Verdict = expected
        ? await conformOne(s, expected, backend)
        : { id: s.id, pass: false, differences: 1, structuredDiffers: true, ms: 0 };
      const key = `${backend} ${s.id}`;
      if (v.pass) passed++;
      else failed++;
      if (!v.pass) {
        next.set(key, known.get(key) ?? { reason: `not yet: ${describe(v)}` });
        if (!known.has(key)) unexpected.push(`${key}: ${describe(v)}`);
      } else if (known.has(key)) fixed.push(key);
    }
    console.log(`${backend}: conformance: ${passed} passed, ${failed} failed (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  if (update) {
    const header = [
      '# Scenarios of the public corpus that do not pass yet, per backend, with the reason.',
      '# Format: <backend> <scenario id> <one-line reason>. `npm run test:conformance` fails when a',
      '# scenario not listed here fails, or when a listed one passes (then delete its line).',
      '# `npx tsx src/cli/ratchet.ts --update` rewrites the list, keeping the reasons already given.',
    ];
    const lines = [...next.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k.replace(' ', ' '.repeat(1))} ${v.reason}`);
    writeFileSync(LIST, header.concat(lines).join('\n') + '\n');
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
