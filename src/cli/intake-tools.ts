// The tool definitions of releases taken in: src/profiles/tool-history.json (deltas between
// neighbouring releases, rebuilt whole so each step's base is its neighbour towards the root)
// and src/profiles/releases.json. Run alone, it takes in a folder of --tools-dump files
// (`npx tsx src/cli/intake-tools.ts DIR`) as releases with tool definitions only.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareReleases, type Recorded } from '../profiles/releases';
import { diffSets, toolSetsOf, type ToolHistory } from '../profiles/tool-history';
import type { ToolDefinition } from '../profiles/types';

const PROFILES = join(import.meta.dirname, '../profiles');
const HISTORY = join(PROFILES, 'tool-history.json');
const RELEASES = join(PROFILES, 'releases.json');

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
  for (const v of sets.keys()) {
    const s = steps.find((x) => x.version === v);
    out.set(v, [
      ...(s?.changed ?? []).map((c) => `${c.name}: ${Object.keys(c).filter((k) => k !== 'name').join(', ') || 'added'}`),
      ...(s?.removed ?? []).map((n) => `${n}: removed`),
      ...(s?.order ? ['order'] : []),
    ]);
  }
  return out;
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
  for (const [v, c] of [...changes].sort((a, b) => compareReleases(a[0], b[0])))
    console.log(`${v}: ${c.join('; ') || 'unchanged'}`);
}
