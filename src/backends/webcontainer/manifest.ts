// The container's tree as guest/sync.mjs lists it, and what changed between two listings.

export type EntryType = 'f' | 'd' | 'l' | 'o';

export interface ManifestEntry {
  path: string;
  type: EntryType;
  mode: number;
  size: number;
  mtimeMs: number;
  /** Symlink target; '' otherwise. */
  link: string;
}

export type Manifest = Map<string, ManifestEntry>;

type Row = [string, EntryType, number, number, number, string];

export function parseManifest(json: string): Manifest {
  const rows = JSON.parse(json) as Row[];
  return new Map(rows.map(([path, type, mode, size, mtimeMs, link]) => [path, { path, type, mode, size, mtimeMs, link }]));
}

export interface ManifestDiff {
  /** Gone paths, deepest first (a removed directory comes after its children). */
  removed: string[];
  /** New or different entries, parents first. */
  changed: ManifestEntry[];
}

const same = (a: ManifestEntry, b: ManifestEntry) =>
  a.type === b.type && a.mode === b.mode && a.size === b.size && a.mtimeMs === b.mtimeMs && a.link === b.link;

const depth = (p: string) => p.split('/').length;

export function diffManifests(before: Manifest, after: Manifest): ManifestDiff {
  const removed = [...before.keys()].filter((p) => !after.has(p)).sort((a, b) => depth(b) - depth(a) || (a < b ? -1 : 1));
  const changed = [...after.values()]
    .filter((e) => {
      const old = before.get(e.path);
      return !old || !same(old, e);
    })
    .sort((a, b) => depth(a.path) - depth(b.path) || (a.path < b.path ? -1 : 1));
  return { removed, changed };
}
