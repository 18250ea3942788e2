// The changelog of the tool layer as the page shows it: per release, the behaviours the intake
// measured as changed (conformance/changelog.json, each with the scenarios that show it) and the
// tool definitions that changed (the profiles' tool history). The intake's format grows (older
// releases, bisection's change points), so the reader takes what it knows of each entry and
// ignores the rest; anything malformed is skipped, never rendered as markup.
import { compareReleases } from '../../profiles/releases';
import type { ToolDefinition } from '../../profiles/types';

export interface ChangedBehaviour {
  /** The tool layer's part (read, bash, sandbox, …). */
  area: string;
  /** What changed in it (what the model sees, permission denials, files left, …). */
  kind: string;
  scenarios: string[];
  /** One difference, as the intake worded it. */
  example?: string;
  /** A person's one-line name for it, once checked. */
  summary?: string;
  /** The release bisection found it first in, when it is not the entry's own. */
  since?: string;
}

export interface ToolChange {
  tool: string;
  change: 'added' | 'changed' | 'removed';
  /** The fields of its definition that changed. */
  fields: string[];
}

export interface ChangelogEntry {
  version: string;
  /** The release it was compared with. */
  base?: string;
  /** Scenarios recorded on it (0: only its tool definitions were dumped). */
  recorded?: number;
  /** Whether no release of the registry lies between `base` and it (the change point is found);
   * absent where the entry does not say. */
  exact?: boolean;
  behaviours: ChangedBehaviour[];
  tools: ToolChange[];
  /** The tool order changed. */
  reordered: boolean;
}

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap((x) => (typeof x === 'string' ? [x] : (str(obj(x)?.id) ?? str(obj(x)?.scenario) ?? []))) : [];
const isRelease = (v: string | undefined): v is string => !!v && /^\d+\.\d+\.\d+$/.test(v);

function behaviourOf(v: unknown): ChangedBehaviour | undefined {
  const b = obj(v);
  if (!b) return undefined;
  const scenarios = strs(b.scenarios ?? b.scenario);
  const area = str(b.area) ?? str(b.tool) ?? 'other';
  const kind = str(b.kind) ?? str(b.what) ?? str(b.behaviour) ?? 'changed';
  if (scenarios.length === 0 && !str(b.example) && !str(b.kind)) return undefined;
  const since = str(b.since) ?? str(b.first) ?? str(b.firstRelease);
  return {
    area,
    kind,
    scenarios,
    ...(str(b.example) ? { example: str(b.example) } : {}),
    ...(str(b.summary) ? { summary: str(b.summary) } : {}),
    ...(isRelease(since) ? { since } : {}),
  };
}

/** Entries of conformance/changelog.json: an array of releases, or an object holding one
 * (`entries`, `releases`), or keyed by release. */
function rawEntries(json: unknown): Record<string, unknown>[] {
  const o = obj(json);
  const list = Array.isArray(json)
    ? json
    : Array.isArray(o?.entries)
      ? o.entries
      : Array.isArray(o?.releases)
        ? o.releases
        : o
          ? Object.entries(o).map(([version, e]) => ({ version, ...obj(e) }))
          : [];
  return (list as unknown[]).flatMap((e) => (obj(e) ? [obj(e) as Record<string, unknown>] : []));
}

/** What changed in the tool definitions from one release's default set to the next's. */
export function toolChanges(
  before: readonly ToolDefinition[],
  after: readonly ToolDefinition[],
): { tools: ToolChange[]; reordered: boolean } {
  const old = new Map(before.map((d) => [d.name, d]));
  const tools: ToolChange[] = [];
  for (const d of after) {
    const o = old.get(d.name);
    if (!o) tools.push({ tool: d.name, change: 'added', fields: [] });
    else {
      const keys = [...new Set([...Object.keys(o), ...Object.keys(d)])];
      const fields = keys.filter(
        (k) => JSON.stringify((o as unknown as Record<string, unknown>)[k]) !== JSON.stringify((d as unknown as Record<string, unknown>)[k]),
      );
      if (fields.length) tools.push({ tool: d.name, change: 'changed', fields });
    }
  }
  for (const d of before) if (!after.some((a) => a.name === d.name)) tools.push({ tool: d.name, change: 'removed', fields: [] });
  const kept = after.map((d) => d.name).filter((n) => old.has(n));
  const wasKept = before.map((d) => d.name).filter((n) => after.some((a) => a.name === n));
  return { tools, reordered: JSON.stringify(kept) !== JSON.stringify(wasKept) };
}

/** `json`: conformance/changelog.json; `sets`: every dumped release's default tool set. */
export function readChangelog(json: unknown, sets?: ReadonlyMap<string, readonly ToolDefinition[]>): ChangelogEntry[] {
  const byVersion = new Map<string, ChangelogEntry>();
  const entry = (version: string): ChangelogEntry => {
    let e = byVersion.get(version);
    if (!e) byVersion.set(version, (e = { version, behaviours: [], tools: [], reordered: false }));
    return e;
  };
  for (const raw of rawEntries(json)) {
    const version = str(raw.version) ?? str(raw.release);
    if (!isRelease(version)) continue;
    const e = entry(version);
    const base = str(raw.base);
    if (isRelease(base)) e.base = base;
    if (typeof raw.recorded === 'number') e.recorded = raw.recorded;
    if (typeof raw.exact === 'boolean') e.exact = raw.exact;
    // Tool changes as the intake words them: `<Tool>: <field>, <field>`, `<Tool>: added|removed`, `order`.
    for (const t of Array.isArray(raw.tools) ? raw.tools : []) {
      if (typeof t !== 'string') continue;
      if (t === 'order') e.reordered = true;
      const m = /^([^:]+):\s*(.*)$/.exec(t);
      if (!m) continue;
      const [tool, rest] = [m[1] as string, m[2] as string];
      const change = rest === 'added' || rest === 'removed' ? rest : 'changed';
      e.tools.push({ tool, change, fields: change === 'changed' ? rest.split(/,\s*/).filter(Boolean) : [] });
    }
    // Its behaviours, and the change points bisection placed at it (listed like the others).
    for (const list of [raw.behaviours ?? raw.behaviors ?? raw.changes, raw.changePoints ?? raw.change_points ?? raw.bisected])
      if (Array.isArray(list)) e.behaviours.push(...list.flatMap((b) => behaviourOf(b) ?? []));
  }
  // Tool definitions: each dumped release against the one before it (oldest first).
  const dumped = [...(sets?.keys() ?? [])].sort(compareReleases);
  for (const [i, version] of dumped.entries()) {
    const prev = dumped[i - 1];
    if (!prev) continue;
    const changes = toolChanges(sets?.get(prev) ?? [], sets?.get(version) ?? []);
    if (changes.tools.length === 0 && !changes.reordered) continue;
    const e = entry(version);
    // The entry's own list, where it has one, is the same measurement.
    if (e.tools.length || e.reordered) continue;
    e.base ??= prev;
    e.tools = changes.tools;
    e.reordered = changes.reordered;
  }
  return [...byVersion.values()].sort((a, b) => compareReleases(b.version, a.version));
}

