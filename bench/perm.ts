// Grep over a 10,000-file memfs tree under Read deny rules: Grep asks the permission engine
// about every result path (thousands of decisions when denied files are scattered). Reference
// in the same run: the same filter with the engine's caches cleared before every decision (the
// rules parsed and compiled each time), and the same Grep without deny rules.
// Run: npx tsx bench/perm.ts [files] [iterations]
import { createMemfsWorkspace } from '../src/backends/memfs';
import { nodeRipgrepLoader } from '../src/backends/search/loader-node';
import { createMemfsSearch } from '../src/backends/search/memfs';
import { Ledger } from '../src/ledger/ledger';
import { clearPermissionCaches } from '../src/permissions/cache';
import { getProfile } from '../src/profiles';
import { Session } from '../src/session/engine';
import type { SessionPermissions } from '../src/session/permissions';
import { createPermissions } from '../src/session/wiring';
import { grepTool } from '../src/tools/grep';

const FILES = Number(process.argv[2] ?? 10_000);
const ITER = Number(process.argv[3] ?? 5);

const ws = createMemfsWorkspace({ search: (vol) => createMemfsSearch(vol, nodeRipgrepLoader) });
for (let i = 0; i < FILES; i++) {
  const dir = `${ws.info.cwd}/pkg${i % 20}/mod${i % 7}`;
  ws.vol.mkdirSync(dir, { recursive: true });
  ws.vol.writeFileSync(`${dir}/f${i}.${['ts', 'js', 'py', 'md'][i % 4]}`, `const value = ${i};\n`);
}

/** A session whose permission engine has these deny rules; `timer` adds up time spent deciding. */
function session(deny: string[], cleared: boolean, timer: { ms: number; calls: number }): Session {
  const engine = createPermissions({
    scenario: { turns: [], settings: { permissions: { deny } } },
    ws,
    mode: 'bypassPermissions',
    toolsFlag: ['Grep'],
  });
  const permissions: SessionPermissions = {
    ...engine,
    decide: async (req) => {
      const t = performance.now();
      if (cleared) clearPermissionCaches();
      const d = await engine.decide(req);
      timer.ms += performance.now() - t;
      timer.calls++;
      return d;
    },
  };
  return new Session({
    ws,
    profile: getProfile('2.1.273'),
    model: 'claude-opus-5[1m]',
    tools: [grepTool],
    offered: new Set(['Grep']),
    withheld: {},
    permissions,
    ledger: new Ledger(),
    env: {},
  });
}

let callId = 0;
/** One Grep over the whole tree: total ms, ms inside the engine, decisions, the result text. */
async function grep(deny: string[], cleared: boolean) {
  const timer = { ms: 0, calls: 0 };
  const s = session(deny, cleared, timer);
  const t = performance.now();
  const rec = await s.runModelCall([
    { id: `toolu_${callId++}`, name: 'Grep', input: { pattern: 'const value' } },
  ]);
  const total = performance.now() - t;
  const call = rec.calls[0];
  if (!call || call.rendered.is_error) throw new Error(`Grep failed: ${String(call?.rendered.content)}`);
  return { total, filter: timer.ms, calls: timer.calls, content: JSON.stringify(call.rendered.content) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

await grep([], false); // ripgrep's wasm is compiled once per process
const workloads = [
  { name: 'no deny rules', deny: [] },
  { name: 'Read(./secrets/**) (covers no result)', deny: ['Read(./secrets/**)'] },
  { name: 'Read(**/*.md) (1 result in 4)', deny: ['Read(**/*.md)'] },
  {
    name: '4 deny rules, 1 in 4 covered',
    deny: ['Read(./secrets/**)', 'Read(**/*.key)', 'Edit(//etc/**)', 'Read(**/*.md)'],
  },
];
const rows = [
  [
    'workload',
    'decisions',
    'Grep ms',
    'filter ms',
    'filter uncached ms',
    'uncached/cached',
    'Grep/no rules',
    'same result',
  ],
];
const plain: number[] = [];
for (const w of workloads) {
  const cached = { total: [] as number[], filter: [] as number[] };
  const uncached: number[] = [];
  let calls = 0;
  let same = true;
  // Interleaved, so load from other processes falls on both sides alike.
  for (let k = 0; k < ITER; k++) {
    const a = await grep(w.deny, false);
    const b = await grep(w.deny, true);
    const ref = await grep([], false);
    cached.total.push(a.total);
    cached.filter.push(a.filter);
    uncached.push(b.filter);
    plain.push(ref.total);
    calls = a.calls;
    same &&= a.content === b.content;
  }
  const f = median(cached.filter);
  rows.push([
    w.name,
    String(calls),
    median(cached.total).toFixed(0),
    f.toFixed(1),
    median(uncached).toFixed(1),
    `${(median(uncached) / f).toFixed(2)}x`,
    `${(median(cached.total) / median(plain)).toFixed(2)}x`,
    String(same),
  ]);
}
console.log(`Grep 'const value' over ${FILES} files on memfs, bypassPermissions, median of ${ITER}`);
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const r of rows) console.log(r.map((x, c) => x.padEnd(widths[c]!)).join('  '));
