// Copy-on-write history for time travel. Instead of a copy of the tree after every model call,
// the journal keeps, for each path a change ever touched, its state before the first touch and
// its state at each checkpoint where it differed; every other path never changed, so its state
// at any checkpoint is the live one. Memory grows with what changed, not with the project.
import type { ChangeFeed, FileEntry } from '../workspace/types';

/** Files and symlinks by absolute path, as history shows them. A Map is one (a full copy); a
 * journal's view reads untouched files from the live workspace on demand. */
export type FileSnapshot = ReadonlyMap<string, FileEntry>;

interface Version {
  checkpoint: number;
  state: FileEntry | null;
}

export function sameEntry(a: FileEntry | null | undefined, b: FileEntry | null | undefined): boolean {
  if (a === b) return true;
  if (a == null || b == null) return false;
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  if (!(a instanceof Uint8Array) && !(b instanceof Uint8Array)) return a.symlink === b.symlink;
  return false;
}

/** The snapshot's rule for what history shows: a `.git` folder anywhere is left out. */
function tracked(root: string, path: string): boolean {
  if (!path.startsWith(root + '/')) return false;
  const segs = path.slice(root.length + 1).split('/');
  for (let i = 0; i < segs.length - 1; i++) if (segs[i] === '.git') return false;
  return true;
}

export class TreeJournal {
  /** Each touched path's state before its first touch (null: absent). */
  private readonly base = new Map<string, FileEntry | null>();
  /** Each touched path's states at the checkpoints where it changed, oldest first. */
  private readonly versions = new Map<string, Version[]>();
  /** Paths touched since the last checkpoint. */
  private readonly pending = new Set<string>();
  private count = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly root: string,
  ) {
    this.unsubscribe = feed.subscribe((p) => this.touch(p));
  }

  private touch(path: string): void {
    if (!tracked(this.root, path)) return;
    if (!this.base.has(path)) this.base.set(path, this.feed.readSync(path) ?? null);
    this.pending.add(path);
  }

  /** The state of a touched path at a checkpoint. */
  private stateAt(path: string, checkpoint: number): FileEntry | null {
    const vs = this.versions.get(path);
    if (vs)
      for (let i = vs.length - 1; i >= 0; i--) {
        const v = vs[i] as Version;
        if (v.checkpoint <= checkpoint) return v.state;
      }
    return this.base.get(path) ?? null;
  }

  /** Records the paths touched since the last checkpoint as they are now; returns its number. */
  checkpoint(): number {
    const n = this.count++;
    for (const p of this.pending) {
      const now = this.feed.readSync(p) ?? null;
      if (sameEntry(now, this.stateAt(p, n - 1))) continue;
      let vs = this.versions.get(p);
      if (!vs) this.versions.set(p, (vs = []));
      vs.push({ checkpoint: n, state: now });
    }
    this.pending.clear();
    return n;
  }

  /** The tree at a checkpoint. */
  treeAt(checkpoint: number): JournalTree {
    return new JournalTree(this, checkpoint);
  }

  /** The tree as it is now (outside edits since the last checkpoint included). */
  live(): JournalTree {
    return new JournalTree(this, Infinity);
  }

  /** Bytes history holds: every kept state, each counted once. */
  heldBytes(): number {
    const seen = new Set<FileEntry>();
    let n = 0;
    const add = (s: FileEntry | null) => {
      if (s === null || seen.has(s)) return;
      seen.add(s);
      n += s instanceof Uint8Array ? s.byteLength : s.symlink.length;
    };
    for (const s of this.base.values()) add(s);
    for (const vs of this.versions.values()) for (const v of vs) add(v.state);
    return n;
  }

  dispose(): void {
    this.unsubscribe();
  }

  /** @internal */
  read(path: string, checkpoint: number): FileEntry | undefined {
    if (checkpoint === Infinity || !this.base.has(path)) return this.feed.readSync(path);
    return this.stateAt(path, checkpoint) ?? undefined;
  }

  /** @internal Every path that exists at the checkpoint. */
  paths(checkpoint: number): string[] {
    const live = this.feed.listSync(this.root);
    if (checkpoint === Infinity) return live;
    const out = new Set<string>();
    for (const p of live) if (!this.base.has(p)) out.add(p);
    for (const p of this.base.keys()) if (this.stateAt(p, checkpoint) !== null) out.add(p);
    return [...out];
  }

  /** @internal Paths whose state may differ between two checkpoints (a superset is fine: the
   * caller compares the states). */
  touchedBetween(a: number, b: number): string[] {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    const out = new Set<string>();
    for (const [p, vs] of this.versions)
      if (vs.some((v) => v.checkpoint > lo && v.checkpoint <= hi)) out.add(p);
    if (hi === Infinity) for (const p of this.pending) out.add(p);
    return [...out];
  }
}

/** One checkpoint's tree, read on demand: a ReadonlyMap, so the panes take it as they take a
 * copy. The path list is made on first use and kept. */
export class JournalTree implements ReadonlyMap<string, FileEntry> {
  private list?: string[];
  private set?: Set<string>;
  constructor(
    readonly journal: TreeJournal,
    readonly checkpoint: number,
  ) {}

  private all(): string[] {
    if (!this.list) {
      this.list = this.journal.paths(this.checkpoint);
      this.set = new Set(this.list);
    }
    return this.list;
  }
  get size(): number {
    return this.all().length;
  }
  has(path: string): boolean {
    this.all();
    return this.set?.has(path) ?? false;
  }
  get(path: string): FileEntry | undefined {
    return this.has(path) ? this.journal.read(path, this.checkpoint) : undefined;
  }
  keys(): MapIterator<string> {
    return this.all()[Symbol.iterator]() as MapIterator<string>;
  }
  *values(): MapIterator<FileEntry> {
    for (const p of this.all()) yield this.journal.read(p, this.checkpoint) as FileEntry;
  }
  *entries(): MapIterator<[string, FileEntry]> {
    for (const p of this.all()) yield [p, this.journal.read(p, this.checkpoint) as FileEntry];
  }
  [Symbol.iterator](): MapIterator<[string, FileEntry]> {
    return this.entries();
  }
  forEach(cb: (value: FileEntry, key: string, map: ReadonlyMap<string, FileEntry>) => void): void {
    for (const [k, v] of this.entries()) cb(v, k, this);
  }
  /** Paths that differ between this tree and another of the same journal (added, modified,
   * deleted), without reading the files nobody touched. */
  changedAgainst(other: JournalTree): string[] | undefined {
    if (other.journal !== this.journal) return undefined;
    return this.journal
      .touchedBetween(this.checkpoint, other.checkpoint)
      .filter((p) => !sameEntry(this.get(p), other.get(p)));
  }
}

/** One journal per change feed, started on first use (the session's, and the page's "now"). */
const journals = new WeakMap<ChangeFeed, TreeJournal>();
export function journalFor(feed: ChangeFeed, root: string): TreeJournal {
  let j = journals.get(feed);
  if (!j) journals.set(feed, (j = new TreeJournal(feed, root)));
  return j;
}
