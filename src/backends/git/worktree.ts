// `git worktree add | list | remove | prune` for the in-memory git: a linked worktree is a
// directory with a `.git` file naming `.git/worktrees/<id>`, which holds its HEAD and index
// (repo.ts redirects them), as git lays it out.
import type { ExecResult } from 'just-bash';
import { resolveAgainst } from '../../text/paths';
import { abbrev } from './diff';
import type { GitContext } from './command';
import {
  checkoutLinked,
  findRepo,
  GitError,
  joinPath,
  linkedRepoAt,
  readCommit,
  resolveRevision,
  type Repo,
} from './repo';
import { computeStatus } from './status';
import { fail, ok } from './results';

const base = (p: string): string => p.slice(p.lastIndexOf('/') + 1);

interface Linked {
  id: string;
  /** The worktree's directory. */
  dir: string;
  /** Its own git directory (.git/worktrees/<id>). */
  own: string;
}

/** The linked worktrees registered in the shared git directory. */
export function linkedWorktrees(ctx: GitContext, common: string): Linked[] {
  const root = joinPath(common, 'worktrees');
  if (!ctx.vol.existsSync(root)) return [];
  return (ctx.vol.readdirSync(root) as unknown[])
    .map(String)
    .sort()
    .flatMap((id) => {
      const own = joinPath(root, id);
      try {
        const gitdirFile = String(ctx.vol.readFileSync(joinPath(own, 'gitdir'))).trim();
        return [{ id, own, dir: gitdirFile.replace(/\/\.git$/, '') }];
      } catch {
        return [];
      }
    });
}

/** The branch a HEAD file points at (null: detached or unreadable). */
function branchOf(ctx: GitContext, headFile: string): string | null {
  try {
    const m = /^ref: refs\/heads\/(.+)$/m.exec(String(ctx.vol.readFileSync(headFile)));
    return m?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Branches checked out in any work tree of the repository (the main one and linked ones). */
export function checkedOut(ctx: GitContext, common: string): Map<string, string> {
  const out = new Map<string, string>();
  const main = branchOf(ctx, joinPath(common, 'HEAD'));
  if (main !== null) out.set(main, common.replace(/\/\.git$/, ''));
  for (const w of linkedWorktrees(ctx, common)) {
    const b = branchOf(ctx, joinPath(w.own, 'HEAD'));
    if (b !== null) out.set(b, w.dir);
  }
  return out;
}

async function add(ctx: GitContext, repo: Repo, args: string[]): Promise<ExecResult> {
  let branch: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '-b' || a === '-B') branch = args[++i];
    else if (a === '--') continue;
    else if (a.startsWith('-')) continue;
    else rest.push(a);
  }
  const [path, commitish = 'HEAD'] = rest;
  if (path === undefined) return fail('usage: git worktree add [<options>] <path> [<commit-ish>]\n', 129);
  const dir = resolveAgainst(ctx.cwd, path);
  const name = branch ?? base(dir);
  const preparing = `Preparing worktree (new branch '${name}')\n`;
  if (ctx.vol.existsSync(dir) && (ctx.vol.readdirSync(dir) as unknown[]).length > 0)
    return fail(`${preparing}fatal: '${dir}' already exists\n`);
  const common = repo.gitdir;
  const ref = joinPath(common, `refs/heads/${name}`);
  if (ctx.vol.existsSync(ref)) return fail(`fatal: a branch named '${name}' already exists\n`);
  const oid = await resolveRevision(repo, commitish);
  if (oid === null) return fail(`fatal: invalid reference: ${commitish}\n`);
  ctx.vol.mkdirSync(joinPath(common, 'refs/heads'), { recursive: true });
  ctx.vol.mkdirSync(ref.slice(0, ref.lastIndexOf('/')), { recursive: true });
  ctx.vol.writeFileSync(ref, `${oid}\n`);
  // git's id is the directory's name with a leading dot made a dash (worktree-names-dots).
  const stem = base(dir).replace(/^\./, '-');
  let id = stem;
  for (let n = 1; ctx.vol.existsSync(joinPath(common, `worktrees/${id}`)); n++) id = `${stem}${n}`;
  const own = joinPath(common, `worktrees/${id}`);
  ctx.vol.mkdirSync(own, { recursive: true });
  ctx.vol.writeFileSync(joinPath(own, 'HEAD'), `ref: refs/heads/${name}\n`);
  ctx.vol.writeFileSync(joinPath(own, 'commondir'), '../..\n');
  ctx.vol.writeFileSync(joinPath(own, 'gitdir'), `${dir}/.git\n`);
  ctx.vol.mkdirSync(dir, { recursive: true });
  ctx.vol.writeFileSync(joinPath(dir, '.git'), `gitdir: ${own}\n`);
  await checkoutLinked(linkedRepoAt(ctx.vol, dir, own), name);
  const c = await readCommit(repo, oid);
  return ok(`HEAD is now at ${abbrev(oid)} ${c.message.split('\n')[0] ?? ''}\n`, preparing);
}

async function list(ctx: GitContext, repo: Repo): Promise<ExecResult> {
  const common = repo.gitdir;
  const rows: [string, string, string][] = [];
  const describe = async (dir: string, headFile: string, suffix: string): Promise<void> => {
    const r = findRepo(ctx.vol, dir);
    const oid = r === null ? null : await resolveRevision(r, 'HEAD');
    const b = branchOf(ctx, headFile);
    rows.push([
      dir,
      oid === null ? '0000000' : abbrev(oid),
      (b === null ? '(detached HEAD)' : `[${b}]`) + suffix,
    ]);
  };
  await describe(common.replace(/\/\.git$/, ''), joinPath(common, 'HEAD'), '');
  for (const w of linkedWorktrees(ctx, common))
    await describe(
      w.dir,
      joinPath(w.own, 'HEAD'),
      ctx.vol.existsSync(joinPath(w.own, 'locked')) ? ' locked' : '',
    );
  const width = Math.max(...rows.map((r) => r[0].length));
  return ok(rows.map(([d, o, b]) => `${d.padEnd(width)} ${o} ${b}\n`).join(''));
}

async function remove(ctx: GitContext, repo: Repo, args: string[]): Promise<ExecResult> {
  const force = args.some((a) => a === '-f' || a === '--force');
  const path = args.find((a) => !a.startsWith('-'));
  if (path === undefined) return fail('usage: git worktree remove [<options>] <worktree>\n', 129);
  const dir = resolveAgainst(ctx.cwd, path);
  const w = linkedWorktrees(ctx, repo.gitdir).find((x) => x.dir === dir);
  if (w === undefined) return fail(`fatal: '${path}' is not a working tree\n`);
  if (!force) {
    const st = await computeStatus(linkedRepoAt(ctx.vol, w.dir, w.own));
    if (st.entries.length > 0 || st.untracked.length > 0)
      return fail(`fatal: '${path}' contains modified or untracked files, use --force to delete it\n`);
  }
  ctx.vol.rmSync(w.dir, { recursive: true, force: true });
  ctx.vol.rmSync(w.own, { recursive: true, force: true });
  return ok('');
}

export async function cmdWorktree(ctx: GitContext, repo: Repo, args: string[]): Promise<ExecResult> {
  const [sub, ...rest] = args;
  try {
    if (sub === 'add') return await add(ctx, repo, rest);
    if (sub === 'list') return await list(ctx, repo);
    if (sub === 'remove') return await remove(ctx, repo, rest);
    if (sub === 'prune') return ok('');
  } catch (e) {
    if (e instanceof GitError) return fail(e.message, e.exitCode);
    throw e;
  }
  return fail(
    'usage: git worktree add [<options>] <path> [<commit-ish>]\n   or: git worktree list [<options>]\n   or: git worktree remove [<options>] <worktree>\n',
    129,
  );
}
