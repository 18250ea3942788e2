// Grep over a 10,000-file memfs tree under Read deny rules: Grep asks the permission engine
// about its result paths (one decision per path when denied files are scattered). Also timed:
// the same Grep with the probe's batch form (readDeniedPaths, which the session does not offer
// yet). Reference in the same run: the probe with the engine's caches cleared before every
// decision (the rules parsed and compiled each time), and the same Grep without deny rules.
// Run: npx tsx bench/perm.ts [files] [iterations]
import { TaskRegistry } from '../src/tools/background/registry';
import { createMemfsWorkspace } from '../src/backends/memfs';
import { nodeRipgrepLoader } from '../src/backends/search/loader-node';
import { createMemfsSearch } from '../src/backends/search/memfs';
import { Ledger } from '../src/ledger/ledger';
import { clearPermissionCaches } from '../src/permissions/cache';
import { readDeniedPaths, type ReadBatch } from '../src/permissions/filter';
import { getProfile } from '../src/profiles';
import { Session } from '../src/session/engine';
import type { SessionPermissions } from '../src/session/permissions';
import { createPermissions, permissionContext } from '../src/session/wiring';
import { grepTool } from '../src/tools/grep';
import type { Conversation, PermissionRequest, ToolContext } from '../src/tools/types';

const FILES = Number(process.argv[2] ?? 10_000);
const ITER = Number(process.argv[3] ?? 5);

const ws = createMemfsWorkspace({ search: (vol) => createMemfsSearch(vol, nodeRipgrepLoader) });
for (let i = 0; i < FILES; i++) {
  const dir = `${ws.info.cwd}/pkg${i % 20}/mod${i % 7}`;
  ws.vol.mkdirSync(dir, { recursive: true });
  ws.vol.writeFileSync(`${dir}/f${i}.${['ts', 'js', 'py', 'md'][i % 4]}`, `const value = ${i};\n`);
}

/** A session whose permission engine has these deny rules; `timer` adds up time spent deciding. */
const setup = (deny: string[]) => ({
  scenario: { turns: [], settings: { permissions: { deny } } },
  ws,
  mode: 'bypassPermissions' as const,
  toolsFlag: ['Grep'],
});

function session(deny: string[], cleared: boolean, timer: { ms: number; calls: number }): Session {
  const engine = createPermissions(setup(deny));
  // Named members only: these rows time the probe's one-request-per-path form even once the
  // session's permissions offer the batch form.
  const permissions: SessionPermissions = {
    mode: engine.mode,
    offered: engine.offered,
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

/** The same Grep called as the session calls it, but with the probe's batch form wired to
 * readDeniedPaths: total ms, ms inside the batch, the result text. */
async function grepBatched(deny: string[]) {
  const engine = createPermissions(setup(deny));
  const pctx = permissionContext(setup(deny));
  let filter = 0;
  const conversation: Conversation = {
    cwd: ws.info.cwd,
    env: {},
    pending: [],
    background: [],
    tasks: new TaskRegistry(ws.clock),
    nextId: (kind) => `${kind}1`,
    state: new Map(),
  };
  const permissions = {
    wouldAllow: async (req: PermissionRequest) => (await engine.decide(req)).behavior === 'allow',
    readDenied: async (batch: ReadBatch) => {
      const s = performance.now();
      const out = await readDeniedPaths(batch, pctx);
      filter += performance.now() - s;
      return out;
    },
  };
  const input = { pattern: 'const value' };
  const t = performance.now();
  const ctx: ToolContext = {
    ws,
    ledger: new Ledger(),
    profile: getProfile('2.1.273'),
    model: 'claude-opus-5[1m]',
    conversation,
    callId: `toolu_${callId++}`,
    offered: new Set(['Grep']),
    siblings: [],
    permissions,
  };
  const parsed = grepTool.schema.parse(input);
  if ((await engine.decide(grepTool.permissionRequest(parsed, ctx))).behavior !== 'allow')
    throw new Error('Grep refused');
  const rendered = grepTool.render(await grepTool.call(parsed, ctx), ctx);
  return { total: performance.now() - t, filter, content: JSON.stringify(rendered.content) };
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
    'batch: filter ms',
    'Grep ms',
    'same result',
  ],
];
const plain: number[] = [];
for (const w of workloads) {
  const cached = { total: [] as number[], filter: [] as number[] };
  const uncached: number[] = [];
  const batched = { total: [] as number[], filter: [] as number[] };
  let calls = 0;
  let same = true;
  // Interleaved, so load from other processes falls on both sides alike.
  for (let k = 0; k < ITER; k++) {
    const a = await grep(w.deny, false);
    const b = await grep(w.deny, true);
    const c = await grepBatched(w.deny);
    const ref = await grep([], false);
    batched.total.push(c.total);
    batched.filter.push(c.filter);
    cached.total.push(a.total);
    cached.filter.push(a.filter);
    uncached.push(b.filter);
    plain.push(ref.total);
    calls = a.calls;
    same &&= a.content === b.content && a.content === c.content;
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
    median(batched.filter).toFixed(1),
    median(batched.total).toFixed(0),
    String(same),
  ]);
}
console.log(`Grep 'const value' over ${FILES} files on memfs, bypassPermissions, median of ${ITER}`);
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const r of rows) console.log(r.map((x, c) => x.padEnd(widths[c]!)).join('  '));
