// isomorphic-git over the workspace's memfs Volume: the repository model the `git` command and
// scenario setup share. Everything here returns data; git-style text lives in format.ts.
import git from 'isomorphic-git';
import type { Volume } from 'memfs';
import type { Clock } from '../../workspace/types';

export type GitFs = { promises: Volume['promises'] };

export interface Repo {
  fs: GitFs;
  vol: Volume;
  /** The work tree (the directory holding .git). */
  dir: string;
  gitdir: string;
  /** One object cache per command: isomorphic-git re-reads packs otherwise. */
  cache: object;
  /** A linked worktree's own git directory (`.git/worktrees/<id>`): its HEAD and index live
   * there, everything else in `gitdir` (the main repository's .git, shared). */
  own?: string;
}

export interface Identity {
  name: string;
  email: string;
  /** Seconds since the epoch. */
  timestamp: number;
  /** Minutes, with isomorphic-git's sign (UTC+1 is -60). */
  timezoneOffset: number;
}

export class GitError extends Error {
  constructor(
    message: string,
    readonly exitCode = 128,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

export function repoAt(vol: Volume, dir: string): Repo {
  return { fs: { promises: vol.promises }, vol, dir, gitdir: joinPath(dir, '.git'), cache: {} };
}

export function joinPath(a: string, b: string): string {
  if (b === '' || b === '.') return a;
  return a === '/' ? `/${b}` : `${a}/${b}`;
}

/** What a linked worktree keeps to itself; every other path of the git directory is shared. */
const PER_WORKTREE = ['HEAD', 'index', 'ORIG_HEAD', 'COMMIT_EDITMSG', 'logs/HEAD'];

/** isomorphic-git has no linked worktrees: it is given the shared git directory through a file
 * system that sends the per-worktree files to the worktree's own directory. */
function linkedFs(vol: Volume, common: string, own: string): GitFs {
  const redirect = new Map(PER_WORKTREE.map((r) => [joinPath(common, r), joinPath(own, r)]));
  const map = (p: unknown): unknown => (typeof p === 'string' ? (redirect.get(p) ?? p) : p);
  const inner = vol.promises as unknown as Record<string, unknown>;
  const promises = new Proxy(inner, {
    get(target, key) {
      const f = target[key as string];
      if (typeof f !== 'function') return f;
      return (...args: unknown[]) =>
        (f as (...a: unknown[]) => unknown).apply(
          target,
          key === 'rename' || key === 'symlink' || key === 'copyFile'
            ? [map(args[0]), map(args[1]), ...args.slice(2)]
            : [map(args[0]), ...args.slice(1)],
        );
    },
  });
  return { promises: promises as unknown as Volume['promises'] };
}

/** The repository of a linked worktree at `dir` whose `.git` file names `own`. */
export function linkedRepoAt(vol: Volume, dir: string, own: string): Repo {
  let common = joinPath(own, '../..');
  try {
    const rel = String(vol.readFileSync(joinPath(own, 'commondir'))).trim();
    common = rel.startsWith('/') ? rel : joinPath(own, rel);
  } catch {
    // no commondir file: git's layout (.git/worktrees/<id>) is assumed
  }
  common = normalisePath(common);
  return { fs: linkedFs(vol, common, own), vol, dir, gitdir: common, own, cache: {} };
}

function normalisePath(p: string): string {
  const out: string[] = [];
  for (const s of p.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  return `/${out.join('/')}`;
}

/** Where the repository's HEAD file is (a linked worktree has its own). */
export function headFile(repo: Repo): string {
  return joinPath(repo.own ?? repo.gitdir, 'HEAD');
}

/** Checks `ref` out into a new linked worktree (files, index, HEAD), as `git worktree add`. */
export async function checkoutLinked(repo: Repo, ref: string): Promise<void> {
  await git.checkout({
    fs: repo.fs,
    dir: repo.dir,
    gitdir: repo.gitdir,
    ref,
    force: true,
    cache: repo.cache,
  });
}

/** The repository whose work tree holds `cwd`, like git's discovery (walks up to /); a `.git`
 * file (`gitdir: …`) makes its directory a linked worktree. */
export function findRepo(vol: Volume, cwd: string): Repo | null {
  let d = cwd;
  for (;;) {
    const gitdir = joinPath(d, '.git');
    if (vol.existsSync(joinPath(gitdir, 'HEAD'))) return repoAt(vol, d);
    if (vol.existsSync(gitdir) && vol.statSync(gitdir).isFile()) {
      const m = /^gitdir: (.+)$/m.exec(String(vol.readFileSync(gitdir)));
      if (m?.[1] !== undefined) return linkedRepoAt(vol, d, normalisePath(m[1].trim()));
    }
    if (d === '/') return null;
    d = d.slice(0, d.lastIndexOf('/')) || '/';
  }
}

export async function headOid(repo: Repo): Promise<string | null> {
  try {
    return await git.resolveRef({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, ref: 'HEAD' });
  } catch {
    return null;
  }
}

/** The branch HEAD names, even before its first commit; null when detached. */
export async function currentBranch(repo: Repo): Promise<string | null> {
  const b = await git.currentBranch({
    fs: repo.fs,
    dir: repo.dir,
    gitdir: repo.gitdir,
    fullname: false,
    test: false,
  });
  return b ?? null;
}

/** `HEAD`, `HEAD~2`, `HEAD^`, branch and tag names, full or abbreviated object ids. */
export async function resolveRevision(repo: Repo, rev: string): Promise<string | null> {
  const m = /^(.*?)((?:[~^]\d*)*)$/.exec(rev);
  const base = m?.[1] ?? rev;
  const suffix = m?.[2] ?? '';
  let oid: string | null = null;
  try {
    oid = await git.resolveRef({
      fs: repo.fs,
      dir: repo.dir,
      gitdir: repo.gitdir,
      ref: base === '' ? 'HEAD' : base,
    });
  } catch {
    if (/^[0-9a-f]{4,40}$/.test(base)) {
      try {
        oid = await git.expandOid({
          fs: repo.fs,
          dir: repo.dir,
          gitdir: repo.gitdir,
          oid: base,
          cache: repo.cache,
        });
      } catch {
        oid = null;
      }
    }
  }
  if (oid === null) return null;
  for (const step of suffix.match(/[~^]\d*/g) ?? []) {
    const n = step.length > 1 ? Number(step.slice(1)) : 1;
    if (step[0] === '^') {
      if (n === 0) continue;
      const c = await readCommit(repo, oid);
      const p = c.parent[n - 1];
      if (p === undefined) return null;
      oid = p;
    } else {
      for (let i = 0; i < n; i++) {
        const c = await readCommit(repo, oid);
        const p = c.parent[0];
        if (p === undefined) return null;
        oid = p;
      }
    }
  }
  return oid;
}

export interface CommitInfo {
  oid: string;
  message: string;
  parent: string[];
  tree: string;
  author: Identity;
  committer: Identity;
}

export async function readCommit(repo: Repo, oid: string): Promise<CommitInfo> {
  const r = await git.readCommit({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, oid, cache: repo.cache });
  return {
    oid: r.oid,
    message: r.commit.message,
    parent: r.commit.parent,
    tree: r.commit.tree,
    author: r.commit.author,
    committer: r.commit.committer,
  };
}

export async function log(repo: Repo, ref: string, depth?: number): Promise<CommitInfo[]> {
  const entries = await git.log({
    fs: repo.fs,
    dir: repo.dir,
    gitdir: repo.gitdir,
    ref,
    depth,
    cache: repo.cache,
  });
  return entries.map((r) => ({
    oid: r.oid,
    message: r.commit.message,
    parent: r.commit.parent,
    tree: r.commit.tree,
    author: r.commit.author,
    committer: r.commit.committer,
  }));
}

export interface TreeFile {
  oid: string;
  /** Octal string, e.g. "100644". */
  mode: string;
}

/** Every blob in a commit's tree, by repository-relative path. */
export async function treeFiles(repo: Repo, commitOid: string | null): Promise<Map<string, TreeFile>> {
  const out = new Map<string, TreeFile>();
  if (commitOid === null) return out;
  const c = await readCommit(repo, commitOid);
  const walkTree = async (treeOid: string, prefix: string): Promise<void> => {
    for (const e of await treeEntries(repo, treeOid)) {
      const p = prefix === '' ? e.path : `${prefix}/${e.path}`;
      if (e.type === 'tree') await walkTree(e.oid, p);
      else if (e.type === 'blob') out.set(p, { oid: e.oid, mode: e.mode });
    }
  };
  await walkTree(c.tree, '');
  return out;
}

/** The index: path -> staged blob. */
export async function indexFiles(repo: Repo): Promise<Map<string, TreeFile>> {
  const out = new Map<string, TreeFile>();
  await git.walk({
    fs: repo.fs,
    dir: repo.dir,
    gitdir: repo.gitdir,
    cache: repo.cache,
    trees: [git.STAGE()],
    map: async (filepath, entries) => {
      const e = entries[0];
      if (e === null || e === undefined || filepath === '.') return true;
      if ((await e.type()) === 'blob') {
        const oid = await e.oid();
        const mode = await e.mode();
        out.set(filepath, { oid, mode: mode.toString(8) });
      }
      return true;
    },
  });
  return out;
}

export async function readBlob(repo: Repo, oid: string): Promise<Uint8Array> {
  const r = await git.readBlob({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, oid, cache: repo.cache });
  return r.blob;
}

export async function hashBlob(bytes: Uint8Array): Promise<string> {
  return (await git.hashBlob({ object: bytes })).oid;
}

export type StatusRow = [path: string, head: number, workdir: number, stage: number];

export async function statusRows(repo: Repo): Promise<StatusRow[]> {
  return git.statusMatrix({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, cache: repo.cache });
}

/** A work-tree file's bytes and git mode, or null when it is absent. */
export function workFile(repo: Repo, path: string): { bytes: Uint8Array; mode: string } | null {
  const abs = joinPath(repo.dir, path);
  try {
    const st = repo.vol.lstatSync(abs);
    if (st.isSymbolicLink()) {
      return { bytes: new TextEncoder().encode(String(repo.vol.readlinkSync(abs))), mode: '120000' };
    }
    if (!st.isFile()) return null;
    const b = repo.vol.readFileSync(abs) as Uint8Array;
    const mode = (Number(st.mode) & 0o111) !== 0 ? '100755' : '100644';
    return { bytes: new Uint8Array(b.buffer, b.byteOffset, b.byteLength), mode };
  } catch {
    return null;
  }
}

/** What git 2.39's default template puts in a new repository, written first as `git init` copies
 * the template first, in the order git 2.39 copied it on the machine the corpus was recorded on
 * (the hooks in that directory's order, readspecial Glob listings of .git). */
const TEMPLATE_FILES: readonly [string, string][] = [
  ['description', "Unnamed repository; edit this file 'description' to name the repository.\n"],
];

/** The hook samples of git's template. Their real contents are git's GPL-2.0 scripts and are not
 * embedded: each file holds a placeholder that says so, so names, order and modes match and a
 * Read of one differs. */
export const HOOK_SAMPLES: readonly string[] = [
  'pre-applypatch',
  'pre-push',
  'fsmonitor-watchman',
  'commit-msg',
  'post-update',
  'update',
  'pre-commit',
  'pre-rebase',
  'prepare-commit-msg',
  'push-to-checkout',
  'pre-merge-commit',
  'pre-receive',
  'applypatch-msg',
];

export function hookPlaceholder(name: string): string {
  return `#!/bin/sh\n# Placeholder for git's sample hook "${name}": git's sample hooks are GPL-2.0 scripts and this playground does not embed their content.\n`;
}

const INFO_EXCLUDE =
  "# git ls-files --others --exclude-from=.git/info/exclude\n# Lines that start with '#' are comments.\n# For a project mostly in C, the following would be a good set of\n# exclude patterns (uncomment them if you want to use them):\n# *.[oa]\n# *~\n";

const TEMPLATE: readonly [string, string, number][] = [
  ...TEMPLATE_FILES.map(([rel, text]): [string, string, number] => [rel, text, 0o644]),
  ...HOOK_SAMPLES.map((h): [string, string, number] => [`hooks/${h}.sample`, hookPlaceholder(h), 0o755]),
  ['info/exclude', INFO_EXCLUDE, 0o644],
];

/**
 * Gives `rels` (paths in the git directory) strictly increasing mtimes from `clock`, in the
 * order real git writes them. Glob lists files oldest first, and isomorphic-git neither writes
 * in git's order nor (with millisecond mtimes) writes them at distinct times. Without a clock
 * (a caller that does not care about times) nothing changes.
 */
function stamp(repo: Repo, clock: Clock | undefined, rels: readonly string[]): void {
  if (!clock) return;
  for (const rel of rels) {
    const f = joinPath(repo.gitdir, rel);
    if (!repo.vol.existsSync(f)) continue;
    const t = clock.now() / 1000;
    repo.vol.utimesSync(f, t, t);
  }
}

/** The loose object files (`objects/xx/yyyy…`, relative to the git directory). */
function looseObjects(repo: Repo): Set<string> {
  const out = new Set<string>();
  const dir = joinPath(repo.gitdir, 'objects');
  if (!repo.vol.existsSync(dir)) return out;
  for (const d of repo.vol.readdirSync(dir) as string[]) {
    if (!/^[0-9a-f]{2}$/.test(d)) continue;
    for (const f of repo.vol.readdirSync(joinPath(dir, d)) as string[]) out.add(`objects/${d}/${f}`);
  }
  return out;
}

const objectPath = (oid: string) => `objects/${oid.slice(0, 2)}/${oid.slice(2)}`;

async function treeEntries(repo: Repo, oid: string) {
  return (await git.readTree({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, oid, cache: repo.cache }))
    .tree;
}

/** The trees of `treeOid` children first (git writes a directory's tree after its subtrees). */
async function treesPostOrder(repo: Repo, treeOid: string, out: string[]): Promise<void> {
  for (const e of await treeEntries(repo, treeOid))
    if (e.type === 'tree') await treesPostOrder(repo, e.oid, out);
  out.push(treeOid);
}

export async function init(repo: Repo, defaultBranch: string, clock?: Clock): Promise<void> {
  if (!repo.vol.existsSync(joinPath(repo.gitdir, 'HEAD')))
    for (const [rel, text, mode] of TEMPLATE) {
      const f = joinPath(repo.gitdir, rel);
      repo.vol.mkdirSync(f.slice(0, f.lastIndexOf('/')), { recursive: true });
      if (!repo.vol.existsSync(f)) repo.vol.writeFileSync(f, text, { mode });
    }
  await git.init({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, defaultBranch });
  stamp(repo, clock, [...TEMPLATE.map(([rel]) => rel), 'HEAD', 'config']);
}

/** git's `+hhmm` for isomorphic-git's offset (minutes, UTC+1 is -60). */
function tz(offset: number): string {
  const m = Math.abs(offset);
  return `${offset <= 0 ? '+' : '-'}${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;
}

/** What `git commit` leaves besides the objects: COMMIT_EDITMSG and the reflogs of HEAD and
 * the branch (`commit (initial): <subject>` for a root commit). */
function afterCommit(
  repo: Repo,
  message: string,
  committer: Identity,
  oldOid: string | null,
  oid: string,
  branch: string | null,
): void {
  repo.vol.writeFileSync(joinPath(repo.gitdir, 'COMMIT_EDITMSG'), message);
  const subject = message.split('\n')[0] ?? '';
  const line = `${oldOid ?? '0'.repeat(40)} ${oid} ${committer.name} <${committer.email}> ${committer.timestamp} ${tz(committer.timezoneOffset)}\t${oldOid === null ? 'commit (initial)' : 'commit'}: ${subject}\n`;
  for (const rel of ['logs/HEAD', ...(branch === null ? [] : [`logs/refs/heads/${branch}`])]) {
    const f = joinPath(repo.gitdir, rel);
    repo.vol.mkdirSync(f.slice(0, f.lastIndexOf('/')), { recursive: true });
    repo.vol.appendFileSync(f, line);
  }
}

export async function stage(repo: Repo, path: string, clock?: Clock): Promise<void> {
  const before = clock ? looseObjects(repo) : undefined;
  await git.add({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, filepath: path, cache: repo.cache });
  if (before) stamp(repo, clock, [...[...looseObjects(repo)].filter((o) => !before.has(o)), 'index']);
}

/** The index entry of `path` set back to HEAD's (dropped when HEAD has no such file). */
export async function resetIndexEntry(repo: Repo, path: string): Promise<void> {
  await git.resetIndex({
    fs: repo.fs,
    dir: repo.dir,
    gitdir: repo.gitdir,
    filepath: path,
    cache: repo.cache,
  });
}

export async function unstage(repo: Repo, path: string): Promise<void> {
  await git.remove({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, filepath: path, cache: repo.cache });
}

/** The index git writes when a commit finds nothing to commit in a repository that has none:
 * no entries, and the cache-tree extension naming the empty tree (git 2.39, byte for byte). */
const EMPTY_INDEX =
  '4449524300000002000000005452454500000019003020300a4b825dc642cb6eb9a060e54bf8d69288fbee490472d53f787d86a932a25a8537cee236d81846a8f1';

/** What `git commit` leaves when there is nothing to commit: the message in COMMIT_EDITMSG and,
 * in a repository without an index, an empty one and the empty tree (probed: `git init; git
 * commit -m init` in an empty folder). */
export async function commitNothing(repo: Repo, message: string, clock?: Clock): Promise<void> {
  const index = joinPath(repo.gitdir, 'index');
  const written: string[] = [];
  if (!repo.vol.existsSync(index)) {
    const tree = await git.writeTree({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, tree: [] });
    repo.vol.writeFileSync(
      index,
      Uint8Array.from(EMPTY_INDEX.match(/../g) ?? [], (h) => parseInt(h, 16)),
    );
    written.push(objectPath(tree), 'index');
  }
  repo.vol.writeFileSync(joinPath(repo.gitdir, 'COMMIT_EDITMSG'), message);
  stamp(repo, clock, [...written, 'COMMIT_EDITMSG']);
}

export async function writeCommit(
  repo: Repo,
  message: string,
  author: Identity,
  committer: Identity,
  clock?: Clock,
): Promise<string> {
  const oldOid = await headOid(repo);
  const branch = await currentBranch(repo);
  const before = clock ? looseObjects(repo) : undefined;
  const oid = await git.commit({
    fs: repo.fs,
    dir: repo.dir,
    gitdir: repo.gitdir,
    message,
    author,
    committer,
    cache: repo.cache,
  });
  afterCommit(repo, message, committer, oldOid, oid, branch);
  if (before) {
    // git commit writes the new trees, rewrites the index (its cache-tree), then writes the
    // commit, COMMIT_EDITMSG, the branch and the reflogs.
    const trees: string[] = [];
    await treesPostOrder(repo, (await readCommit(repo, oid)).tree, trees);
    const newTrees = trees.map(objectPath).filter((o) => !before.has(o));
    const refs = branch === null ? ['HEAD'] : [`refs/heads/${branch}`];
    const logs = ['logs/HEAD', ...(branch === null ? [] : [`logs/refs/heads/${branch}`])];
    stamp(repo, clock, [...newTrees, 'index', objectPath(oid), 'COMMIT_EDITMSG', ...refs, ...logs]);
  }
  return oid;
}

export async function getConfig(repo: Repo, path: string): Promise<string | undefined> {
  const v: unknown = await git.getConfig({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, path });
  return typeof v === 'string' ? v : undefined;
}
