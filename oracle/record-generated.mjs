#!/usr/bin/env node
// Records the generated corpus with the real binary, resumably:
//   node oracle/record-generated.mjs --bin PATH [--jobs N] [--chunk N] [--limit N] [family ...]
// For each family, the scenarios of conformance/generated/<family>.scenarios.jsonl that have no
// line yet in <family>.<version>.jsonl are written to a temporary folder in chunks, recorded by
// run.mjs, and merged into that file (sorted by id, one compact result per line). Stopping it
// loses at most the chunk in flight.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const GEN = path.join(HERE, '../conformance/generated');

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return dflt;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const bin = path.resolve(opt('bin', process.env.CLAUDE_BIN ?? ''));
const jobs = opt('jobs', '2');
const chunk = Number(opt('chunk', '40'));
const limit = Number(opt('limit', 'Infinity'));
const timeout = opt('timeout', '60');
if (!fs.existsSync(bin)) {
  console.error('record-generated: pass --bin PATH (the claude binary)');
  process.exit(2);
}
const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).match(/\d+\.\d+\.\d+/)[0];
const families = args.length
  ? args
  : fs.readdirSync(GEN).filter((f) => f.endsWith('.scenarios.jsonl')).map((f) => f.replace('.scenarios.jsonl', '')).sort();

const readJsonl = (f) =>
  fs.existsSync(f) ? fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
// A result remembers the scenario line it was recorded from; when the generator changes that
// scenario, the result is stale and recorded again.
const sha = (line) => createHash('sha256').update(line).digest('hex');

for (const family of families) {
  const lines = fs.readFileSync(path.join(GEN, `${family}.scenarios.jsonl`), 'utf8').split('\n').filter(Boolean);
  const scenarios = lines.map((l) => JSON.parse(l));
  const shas = new Map(scenarios.map((s, i) => [s.id, sha(lines[i])]));
  const resultsFile = path.join(GEN, `${family}.${version}.jsonl`);
  const results = new Map(readJsonl(resultsFile).map((r) => [r.scenario, r]));
  const known = new Set(scenarios.map((s) => s.id));
  // Results of scenarios the generator no longer yields are dropped.
  for (const [id, r] of [...results]) if (!known.has(id) || (r.scenario_sha256 && r.scenario_sha256 !== shas.get(id))) results.delete(id);
  const todo = scenarios.filter((s) => !results.has(s.id)).slice(0, limit);
  console.log(`${family} ${version}: ${results.size} recorded, ${todo.length} to record`);
  for (let i = 0; i < todo.length; i += chunk) {
    const part = todo.slice(i, i + chunk);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-rec-'));
    const inDir = path.join(dir, 'in');
    const outDir = path.join(dir, 'out');
    fs.mkdirSync(inDir);
    for (const s of part) fs.writeFileSync(path.join(inDir, `${s.id}.json`), JSON.stringify(s));
    const t0 = Date.now();
    spawnSync(process.execPath, [path.join(HERE, 'run.mjs'), '--bin', bin, '--jobs', jobs, '--timeout', timeout, '--out', outDir, inDir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    let got = 0;
    for (const s of part) {
      const f = path.join(outDir, `${s.id}.json`);
      if (!fs.existsSync(f)) continue;
      results.set(s.id, { ...JSON.parse(fs.readFileSync(f, 'utf8')), scenario_sha256: shas.get(s.id) });
      got++;
    }
    const lines = [...results.values()].sort((a, b) => (a.scenario < b.scenario ? -1 : 1)).map((r) => JSON.stringify(r));
    fs.writeFileSync(resultsFile + '.tmp', lines.join('\n') + '\n');
    fs.renameSync(resultsFile + '.tmp', resultsFile);
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(`${family} ${version}: +${got} (${results.size}/${scenarios.length}) in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
}
