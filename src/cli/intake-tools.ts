// The tool definitions of releases taken in: src/profiles/tool-history.json (deltas between
// neighbouring releases, rebuilt whole so each step's base is its neighbour towards the root)
// and src/profiles/releases.json. Run alone, it takes in a folder of --tools-dump files
// (`npx tsx src/cli/intake-tools.ts DIR`) as releases with tool definitions only.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareReleases, type Recorded } from '../profiles/releases';
import { diffSets, toolSetsOf, type ToolHistory, type ToolStep } from '../profiles/tool-history';
import type { ToolDefinition } from '../profiles/types';
import { parseChangelog } from '../profiles/changelog';

const PROFILES = join(import.meta.dirname, '../profiles');
const HISTORY = join(PROFILES, 'tool-history.json');
const RELEASES = join(PROFILES, 'releases.json');
const CHANGELOG = join(import.meta.dirname, '../../conformance/changelog.json');

const readJson = <T>(f: string): T => JSON.parse(readFileSync(f, 'utf8')) as T;

/** Adds (or replaces) releases' default sets; returns, per release added, what changed over
 * its neighbour towards the root. */
export function addSets(sets: ReadonlyMap<string, readonly ToolDefinition[]>): Map<string, string[]> {
  const h = readJson<ToolHistory>(HISTORY);
  const all = toolSetsOf(h);
  // The root's set is its profile's own file.
  for (const [v, s] of sets) if (v !== h.root) all.set(v, [...s]);
  const order = [...all.keys()].sort(compareReleases);
  const at = order.indexOf(h.root);
  // Outwards from the root, so each base comes before the step built on it.
  const outwards = [...order.slice(at + 1), ...order.slice(0, at).reverse()];
  const steps = outwards.map((v) => {
    const i = order.indexOf(v);
    const base = order[i > at ? i - 1 : i + 1] as string;
    return diffSets(v, base, all.get(base) as ToolDefinition[], all.get(v) as ToolDefinition[]);
  });
  writeFileSync(HISTORY, `${JSON.stringify({ root: h.root, steps }, null, 1)}\n`);
  const out = new Map<string, string[]>();
  for (const v of sets.keys()) out.set(v, describeStep(steps.find((x) => x.version === v), all.get(steps.find((x) => x.version === v)?.base ?? '')));
  return out;
}

/** A step's changes as the changelog words them: `<Tool>: <fields>`, `<Tool>: added|removed`,
 * `order`. */
function describeStep(s: ToolStep | undefined, base: readonly ToolDefinition[] | undefined): string[] {
  const isNew = (name: string) => !base?.some((d) => d.name === name);
  return [
    ...(s?.changed ?? []).map((c) => `${c.name}: ${isNew(c.name) ? 'added' : Object.keys(c).filter((k) => k !== 'name').join(', ')}`),
    ...(s?.removed ?? []).map((n) => `${n}: removed`),
    ...(s?.order ? ['order'] : []),
  ];
}

/** What a release's default tool set changed over the release before it (empty for one not
 * dumped, or the oldest). */
export function toolChangesOf(version: string, sets: Map<string, ToolDefinition[]> = toolSetsOf(readJson<ToolHistory>(HISTORY))): string[] {
  const order = [...sets.keys()].sort(compareReleases);
  const prev = order[order.indexOf(version) - 1];
  const mine = sets.get(version);
  if (!prev || !mine) return [];
  const base = sets.get(prev) as ToolDefinition[];
  return describeStep(diffSets(version, prev, base, mine), base);
}

/** Every dumped release's tool changes in the changelog: entries added for releases that changed
 * only their tool definitions, `tools` refreshed in the others. */
export function syncChangelogTools(): void {
  const sets = toolSetsOf(readJson<ToolHistory>(HISTORY));
  const entries = new Map(parseChangelog(readJson(CHANGELOG)).map((e) => [e.version, e]));
  const order = [...sets.keys()].sort(compareReleases);
  order.forEach((v, i) => {
    const tools = toolChangesOf(v, sets);
    const e = entries.get(v);
    if (e) e.tools = tools;
    else if (tools.length && i > 0) entries.set(v, { version: v, base: order[i - 1] as string, exact: true, recorded: 0, tools, behaviours: [] });
  });
  const next = [...entries.values()].sort((a, b) => compareReleases(b.version, a.version));
  writeFileSync(CHANGELOG, `${JSON.stringify(next, null, 1)}\n`);
}

export const addToHistory = (version: string, tools: readonly ToolDefinition[]): string[] =>
  addSets(new Map([[version, tools]])).get(version) ?? [];

/** Lists a release in releases.json (a corpus recording outranks tool definitions only). */
export function registerRelease(version: string, recorded: Recorded): void {
  const r = readJson<{ root: string; pinned: string[]; corpus: string[]; tools: string[] }>(RELEASES);
  if (recorded === 'corpus') {
    r.corpus = [...new Set([...r.corpus, version])].sort(compareReleases);
    r.tools = r.tools.filter((v) => v !== version);
  } else if (!r.corpus.includes(version)) r.tools = [...new Set([...r.tools, version])].sort(compareReleases);
  writeFileSync(RELEASES, `${JSON.stringify(r, null, 1)}\n`);
}

if (process.argv[1] === import.meta.filename) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: npx tsx src/cli/intake-tools.ts DIR (of <version>.json tool dumps)');
  const sets = new Map<string, ToolDefinition[]>();
  for (const f of readdirSync(dir).filter((n) => /^\d+\.\d+\.\d+\.json$/.test(n)))
    sets.set(f.slice(0, -5), readJson<{ tools: ToolDefinition[] }>(join(dir, f)).tools);
  const changes = addSets(sets);
  for (const v of sets.keys()) registerRelease(v, 'tools');
  syncChangelogTools();
  for (const [v, c] of [...changes].sort((a, b) => compareReleases(a[0], b[0])))
    console.log(`${v}: ${c.join('; ') || 'unchanged'}`);
}
