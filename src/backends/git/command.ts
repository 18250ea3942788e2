// `git` for just-bash on the in-memory workspace: the everyday subcommands (init, status, add,
// commit, log, diff, show, rev-parse, branch, checkout -- paths, stash) over isomorphic-git,
// printing what git 2.39 prints.
import type { ExecResult } from 'just-bash';
import type { Volume } from 'memfs';
import type { Clock } from '../../workspace/types';
import { abbrev, fileDiff, lineStats, type DiffSide } from './diff';
import {
  commitNothing,
  currentBranch,
  findRepo,
  GitError,
  getConfig,
  headFile,
  hashBlob,
  headOid,
  indexFiles,
  init,
  joinPath,
  log,
  readBlob,
  readCommit,
  repoAt,
  resetIndexEntry,
  resolveRevision,
  stage,
  statusRows,
  treeFiles,
  unstage,
  workFile,
  writeCommit,
  type CommitInfo,
  type Identity,
  type Repo,
  type TreeFile,
} from './repo';
import { computeStatus, longStatus, quotePath, relativeTo, shortStatus } from './status';
import { resolveAgainst } from '../../text/paths';
import { checkedOut, cmdWorktree } from './worktree';
import { grep, lsFiles } from './grep';
import { fail, ok, unsupported } from './results';
import { escapeRegExp } from '../../text/regexp';

export interface GitContext {
  vol: Volume;
  clock: Clock;
  cwd: string;
  env: Map<string, string>;
  /** `git -c name=value` settings of this command line (over the repository's config). */
  config?: Map<string, string>;
  /** Hooks this command line already ran (see GitResult.hook): a command asks for each once. */
  hooksDone?: readonly string[];
}

/** A hook git runs through the workspace shell: the command stops and asks for it (the shell
 * runs scripts, git here cannot), then is called again with the hook in `hooksDone` when
 * `rerun`; otherwise the hook runs after it (post-checkout). */
export interface GitHook {
  name: string;
  path: string;
  cwd: string;
  args: string[];
  rerun: boolean;
}

export type GitResult = ExecResult & { hook?: GitHook };

/** The cwd's path inside the work tree ('' at the top). */
function prefixOf(repo: Repo, cwd: string): string {
  if (cwd === repo.dir) return '';
  return cwd.startsWith(repo.dir === '/' ? '/' : `${repo.dir}/`)
    ? cwd.slice(repo.dir.length + (repo.dir === '/' ? 0 : 1))
    : '';
}

/** git's resolve_relative_path for `<rev>:<path>`: only `./` and `../` paths are relative to the
 * directory the command runs in; any other path is taken from the repository's root as given. */
function repoRelative(prefix: string, path: string): string {
  if (!/^\.\.?(\/|$)/.test(path)) return path;
  const segs: string[] = prefix.split('/').filter(Boolean);
  for (const s of path.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') segs.pop();
    else segs.push(s);
  }
  return segs.join('/');
}

function requireRepo(ctx: GitContext): Repo {
  const repo = findRepo(ctx.vol, ctx.cwd);
  if (repo === null)
    throw new GitError('fatal: not a git repository (or any of the parent directories): .git\n');
  return repo;
}

/** `.git/hooks/<name>` when it is there: runnable, or git's hint that it was ignored (git 2.39
 * skips a hook that is not executable and says so on stderr, probed). */
function hookAt(ctx: GitContext, repo: Repo, name: string): { path: string } | { hint: string } | null {
  const path = joinPath(repo.gitdir, `hooks/${name}`);
  if ((ctx.hooksDone ?? []).includes(name) || !ctx.vol.existsSync(path)) return null;
  const st = ctx.vol.statSync(path);
  if (!st.isFile()) return null;
  if ((Number(st.mode) & 0o111) === 0)
    return {
      hint: `hint: The '.git/hooks/${name}' hook was ignored because it's not set as executable.\nhint: You can disable this warning with \`git config advice.ignoredHook false\`.\n`,
    };
  return { path };
}

// ---------------------------------------------------------------- identity and dates

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function tzText(offsetMinutes: number): string {
  // isomorphic-git's offset has the opposite sign of the printed zone.
  const east = -offsetMinutes;
  const sign = east < 0 ? '-' : '+';
  const a = Math.abs(east);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, '0')}${String(a % 60).padStart(2, '0')}`;
}

/** git's default date format: `Tue Nov 14 22:13:20 2023 +0000`, in the author's zone. */
export function gitDate(id: Identity): string {
  const d = new Date((id.timestamp - id.timezoneOffset * 60) * 1000);
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} ${d.getUTCFullYear()} ${tzText(id.timezoneOffset)}`;
}

/** GIT_AUTHOR_DATE forms: `@<secs> <zone>`, `<secs> <zone>`, ISO 8601. */
export function parseGitDate(s: string): { timestamp: number; timezoneOffset: number } | null {
  const raw = /^@?(\d+)(?:\s+([+-])(\d{2}):?(\d{2}))?$/.exec(s.trim());
  if (raw) {
    const off = raw[2] ? (raw[2] === '-' ? 1 : -1) * (Number(raw[3]) * 60 + Number(raw[4])) : 0;
    return { timestamp: Number(raw[1]), timezoneOffset: off };
  }
  const iso = /([+-])(\d{2}):?(\d{2})$/.exec(s.trim());
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) return null;
  const off = iso ? (iso[1] === '-' ? 1 : -1) * (Number(iso[2]) * 60 + Number(iso[3])) : 0;
  return { timestamp: Math.floor(ms / 1000), timezoneOffset: off };
}

function readGlobalConfig(ctx: GitContext, key: 'name' | 'email'): string | undefined {
  const home = ctx.env.get('HOME');
  if (home === undefined) return undefined;
  let text: string;
  try {
    text = String(ctx.vol.readFileSync(joinPath(home, '.gitconfig'), 'utf8'));
  } catch {
    return undefined;
  }
  let section = '';
  for (const line of text.split('\n')) {
    const s = /^\s*\[([^\]]+)\]/.exec(line);
    if (s) {
      section = (s[1] ?? '').trim().toLowerCase();
      continue;
    }
    const kv = /^\s*([A-Za-z]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (section === 'user' && kv && kv[1]?.toLowerCase() === key) return kv[2];
  }
  return undefined;
}

async function identity(ctx: GitContext, repo: Repo, who: 'AUTHOR' | 'COMMITTER'): Promise<Identity> {
  const name =
    ctx.env.get(`GIT_${who}_NAME`) ??
    ctx.config?.get('user.name') ??
    (await getConfig(repo, 'user.name')) ??
    readGlobalConfig(ctx, 'name');
  const email =
    ctx.env.get(`GIT_${who}_EMAIL`) ??
    ctx.env.get('EMAIL') ??
    ctx.config?.get('user.email') ??
    (await getConfig(repo, 'user.email')) ??
    readGlobalConfig(ctx, 'email');
  if (name === undefined || email === undefined) {
    throw new GitError(
      'Author identity unknown\n\n*** Please tell me who you are.\n\nRun\n\n  git config --global user.email "you@example.com"\n  git config --global user.name "Your Name"\n\nto set your account\'s default identity.\nOmit --global to set the identity only in this repository.\n\nfatal: unable to auto-detect email address (got \'user@localhost.(none)\')\n',
    );
  }
  const dateText = ctx.env.get(`GIT_${who}_DATE`);
  const date = dateText !== undefined ? parseGitDate(dateText) : null;
  return { name, email, ...(date ?? { timestamp: Math.floor(ctx.clock.now() / 1000), timezoneOffset: 0 }) };
}

// ---------------------------------------------------------------- subcommands

async function cmdInit(ctx: GitContext, args: string[]): Promise<ExecResult> {
  let quiet = false;
  let branch: string | undefined;
  let dir: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '-q' || a === '--quiet') quiet = true;
    else if (a === '-b' || a === '--initial-branch') branch = args[++i];
    else if (a.startsWith('--initial-branch=')) branch = a.slice('--initial-branch='.length);
    else if (!a.startsWith('-')) dir = a;
  }
  const target = dir === undefined ? ctx.cwd : resolveAgainst(ctx.cwd, dir);
  const existed = ctx.vol.existsSync(joinPath(target, '.git/HEAD'));
  ctx.vol.mkdirSync(target, { recursive: true });
  const repo = repoAt(ctx.vol, target);
  let hint = '';
  if (!existed) {
    if (branch === undefined) {
      branch = 'master';
      hint =
        "hint: Using 'master' as the name for the initial branch. This default branch name\nhint: is subject to change. To configure the initial branch name to use in all\nhint: of your new repositories, which will suppress this warning, call:\nhint: \nhint: \tgit config --global init.defaultBranch <name>\nhint: \nhint: Names commonly chosen instead of 'master' are 'main', 'trunk' and\nhint: 'development'. The just-created branch can be renamed via this command:\nhint: \nhint: \tgit branch -m <name>\n";
    }
    await init(repo, branch, ctx.clock);
  }
  if (quiet) return ok('', hint);
  return ok(
    `${existed ? 'Reinitialized existing' : 'Initialized empty'} Git repository in ${repo.gitdir}/\n`,
    hint,
  );
}

async function cmdStatus(ctx: GitContext, args: string[]): Promise<ExecResult> {
  const repo = requireRepo(ctx);
  let short = false;
  let porcelain = false;
  let branchLine = false;
  for (const a of args) {
    if (a === '-s' || a === '--short') short = true;
    else if (a === '--porcelain' || a === '--porcelain=v1') porcelain = true;
    else if (a === '-b' || a === '--branch') branchLine = true;
    else if (a.startsWith('-') && !a.startsWith('-u') && !a.startsWith('--untracked-files'))
      return unsupported(`status ${a}`);
  }
  const st = await computeStatus(repo);
  const prefix = prefixOf(repo, ctx.cwd);
  const show = porcelain ? (p: string) => p : (p: string) => relativeTo(prefix, p);
  const branch = await currentBranch(repo);
  const head = await headOid(repo);
  if (short || porcelain) {
    let header = '';
    if (branchLine)
      header =
        head === null ? `## No commits yet on ${branch ?? 'HEAD'}\n` : `## ${branch ?? 'HEAD (no branch)'}\n`;
    return ok(header + shortStatus(st, show));
  }
  return ok(longStatus(st, { branch, headOid: head, forCommit: false }, show));
}

/** git's no_wildcard(): an argument with a glob character is a pathspec even when no file has
 * that name (`git show HEAD:f*.txt` is a pathspec that matches nothing, not a missing path). */
function hasWildcard(arg: string): boolean {
  return /[*?[\\]/.test(arg);
}

/** A pathspec's wildcards as git matches them without `:(glob)`: `*` and `?` cross `/`. */
function wildcardRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else if (c === '\\' && i + 1 < pattern.length)
      re += escapeRegExp(pattern[++i] ?? '');
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) re += '\\[';
      else {
        const body = pattern.slice(i + 1, end);
        re += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else re += escapeRegExp(c);
  }
  return new RegExp(`^${re}$`, 's');
}

/** Paths under a pathspec: `.`, a directory or a file, relative to the cwd; a pathspec with
 * wildcards matches the paths its pattern (taken from the cwd) matches. */
function matchesSpec(repo: Repo, ctx: GitContext, spec: string, path: string): boolean {
  const abs = resolveAgainst(ctx.cwd, spec);
  if (abs === repo.dir) return true;
  const rel = abs.slice(repo.dir === '/' ? 1 : repo.dir.length + 1);
  if (path === rel || path.startsWith(`${rel}/`)) return true;
  return hasWildcard(spec) && wildcardRegExp(rel).test(path);
}

async function cmdAdd(ctx: GitContext, args: string[]): Promise<ExecResult> {
  const repo = requireRepo(ctx);
  let all = false;
  let updateOnly = false;
  const specs: string[] = [];
  for (const a of args) {
    if (a === '-A' || a === '--all') all = true;
    else if (a === '-u' || a === '--update') updateOnly = true;
    else if (a === '--') continue;
    else if (a.startsWith('-')) return unsupported(`add ${a}`);
    else specs.push(a);
  }
  if (specs.length === 0 && !all && !updateOnly) {
    return fail(
      'Nothing specified, nothing added.\nhint: Maybe you wanted to say \'git add .\'?\nhint: Turn this message off by running\nhint: "git config advice.addEmptyPathspec false"\n',
      0,
    );
  }
  const rows = await statusRows(repo);
  const chosen = rows.filter(([p]) => specs.length === 0 || specs.some((s) => matchesSpec(repo, ctx, s, p)));
  for (const s of specs) {
    if (
      !rows.some(([p]) => matchesSpec(repo, ctx, s, p)) &&
      !ctx.vol.existsSync(resolveAgainst(ctx.cwd, s))
    ) {
      return fail(`fatal: pathspec '${s}' did not match any files\n`);
    }
  }
  for (const [path, head, workdir, stg] of chosen) {
    const tracked = head !== 0 || stg !== 0;
    if (updateOnly && !tracked) continue;
    if (workdir === 0) {
      if (stg !== 0) await unstage(repo, path);
    } else if (!(head === 1 && workdir === 1 && stg === 1)) {
      await stage(repo, path, ctx.clock);
    }
  }
  return ok('');
}

function pluralize(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

interface FileChange {
  path: string;
  old: TreeFile | null;
  new: TreeFile | null;
}

function changesBetween(a: Map<string, TreeFile>, b: Map<string, TreeFile>): FileChange[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  const out: FileChange[] = [];
  for (const path of [...paths].sort()) {
    const o = a.get(path) ?? null;
    const n = b.get(path) ?? null;
    if (o?.oid === n?.oid && o?.mode === n?.mode) continue;
    out.push({ path, old: o, new: n });
  }
  return out;
}

async function blobOrNull(repo: Repo, f: TreeFile | null): Promise<Uint8Array | null> {
  return f === null ? null : readBlob(repo, f.oid);
}

async function summary(repo: Repo, changes: FileChange[]): Promise<string> {
  let ins = 0;
  let del = 0;
  for (const c of changes) {
    const s = lineStats(await blobOrNull(repo, c.old), await blobOrNull(repo, c.new));
    ins += s.insertions;
    del += s.deletions;
  }
  let out = ` ${pluralize(changes.length, 'file changed', 'files changed')}`;
  if (ins > 0 || del === 0) out += `, ${pluralize(ins, 'insertion(+)', 'insertions(+)')}`;
  if (del > 0 || ins === 0) out += `, ${pluralize(del, 'deletion(-)', 'deletions(-)')}`;
  out += '\n';
  for (const c of changes) {
    if (c.old === null && c.new !== null) out += ` create mode ${c.new.mode} ${quotePath(c.path)}\n`;
    else if (c.new === null && c.old !== null) out += ` delete mode ${c.old.mode} ${quotePath(c.path)}\n`;
    else if (c.old !== null && c.new !== null && c.old.mode !== c.new.mode)
      out += ` mode change ${c.old.mode} => ${c.new.mode} ${quotePath(c.path)}\n`;
  }
  return out;
}

/** `-m` text as git stores it: paragraphs joined by a blank line, trailing blank lines cut. */
function cleanMessage(parts: string[]): string {
  return parts.map((p) => p.replace(/\s+$/, '')).join('\n\n') + '\n';
}

async function cmdCommit(ctx: GitContext, args: string[]): Promise<GitResult> {
  const repo = requireRepo(ctx);
  const messages: string[] = [];
  let all = false;
  let quiet = false;
  let allowEmpty = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '-m' || a === '--message') messages.push(args[++i] ?? '');
    else if (a.startsWith('--message=')) messages.push(a.slice('--message='.length));
    else if (/^-[aqm]+$/.test(a) && a !== '-m') {
      if (a.includes('a')) all = true;
      if (a.includes('q')) quiet = true;
      if (a.endsWith('m')) messages.push(args[++i] ?? '');
    } else if (a.startsWith('-m')) messages.push(a.slice(2));
    else if (a === '--all') all = true;
    else if (a === '--quiet') quiet = true;
    else if (a === '--allow-empty') allowEmpty = true;
    else return unsupported(`commit ${a}`);
  }
  if (messages.length === 0)
    return fail(
      "error: there was a problem with the editor 'vi'\nPlease supply the message using either -m or -F option.\n",
      1,
    );
  if (all) {
    for (const [path, head, workdir, stg] of await statusRows(repo)) {
      if (head === 0 && stg === 0) continue;
      if (workdir === 0 && stg !== 0) await unstage(repo, path);
      else if (workdir === 2 && stg !== 2) await stage(repo, path, ctx.clock);
    }
  }
  // git asks who commits before it runs pre-commit (probed: no hook output before the identity
  // error), and runs the hook before it looks for changes.
  const author = await identity(ctx, repo, 'AUTHOR');
  const committer = await identity(ctx, repo, 'COMMITTER');
  const hook = hookAt(ctx, repo, 'pre-commit');
  if (hook !== null && 'path' in hook)
    return { ...ok(''), hook: { name: 'pre-commit', path: hook.path, cwd: repo.dir, args: [], rerun: true } };
  const hint = hook !== null && 'hint' in hook ? hook.hint : '';
  const head = await headOid(repo);
  const before = await treeFiles(repo, head);
  const index = await indexFiles(repo);
  const changes = changesBetween(before, index);
  const branch = await currentBranch(repo);
  if (changes.length === 0 && !allowEmpty) {
    await commitNothing(repo, cleanMessage(messages), ctx.clock);
    const st = await computeStatus(repo);
    const prefix = prefixOf(repo, ctx.cwd);
    return fail(
      hint,
      1,
      longStatus(st, { branch, headOid: head, forCommit: true }, (p) => relativeTo(prefix, p)),
    );
  }
  const message = cleanMessage(messages);
  const oid = await writeCommit(repo, message, author, committer, ctx.clock);
  if (quiet) return ok('', hint);
  const subject = subjectOf(message);
  const where = `${branch ?? 'detached HEAD'}${head === null ? ' (root-commit)' : ''}`;
  return ok(`[${where} ${abbrev(oid)}] ${subject}\n${await summary(repo, changes)}`, hint);
}

function indentMessage(message: string): string {
  const body = message.replace(/\n+$/, '');
  return body
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}

/** The subject git prints in one-line forms: the first paragraph, its lines joined by spaces. */
function subjectOf(message: string): string {
  const para = message.replace(/^\n+/, '').split(/\n\s*\n/)[0] ?? '';
  return para
    .split('\n')
    .map((l) => l.trim())
    .join(' ')
    .trim();
}

function commitHeader(c: CommitInfo): string {
  return `commit ${c.oid}\n${c.parent.length > 1 ? `Merge: ${c.parent.map(abbrev).join(' ')}\n` : ''}Author: ${c.author.name} <${c.author.email}>\nDate:   ${gitDate(c.author)}\n\n${indentMessage(c.message)}\n`;
}

async function requireHead(repo: Repo, branch: string | null): Promise<string> {
  const head = await headOid(repo);
  if (head === null)
    throw new GitError(`fatal: your current branch '${branch ?? 'HEAD'}' does not have any commits yet\n`);
  return head;
}

async function cmdLog(ctx: GitContext, args: string[]): Promise<ExecResult> {
  const repo = requireRepo(ctx);
  let oneline = false;
  let depth: number | undefined;
  let rev = 'HEAD';
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--oneline') oneline = true;
    else if (a === '-n' || a === '--max-count') depth = Number(args[++i]);
    else if (/^-\d+$/.test(a)) depth = Number(a.slice(1));
    else if (a.startsWith('--max-count=')) depth = Number(a.slice('--max-count='.length));
    else if (/^-n\d+$/.test(a)) depth = Number(a.slice(2));
    else if (a === '--no-decorate' || a === '--no-color') continue;
    else if (a.startsWith('-')) return unsupported(`log ${a}`);
    else rev = a;
  }
  const branch = await currentBranch(repo);
  if (rev === 'HEAD') await requireHead(repo, branch);
  const start = await resolveRevision(repo, rev);
  if (start === null) {
    return fail(
      `fatal: ambiguous argument '${rev}': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'\n`,
    );
  }
  if (depth === 0) return ok('');
  const commits = await log(repo, start, depth);
  if (oneline) return ok(commits.map((c) => `${abbrev(c.oid)} ${subjectOf(c.message)}\n`).join(''));
  return ok(commits.map(commitHeader).join('\n'));
}

async function sideOf(repo: Repo, f: TreeFile | null): Promise<DiffSide> {
  if (f === null) return { bytes: null, mode: null, oid: '' };
  return { bytes: await readBlob(repo, f.oid), mode: f.mode, oid: f.oid };
}

async function workSide(repo: Repo, path: string): Promise<DiffSide> {
  const w = workFile(repo, path);
  if (w === null) return { bytes: null, mode: null, oid: '' };
  return { bytes: w.bytes, mode: w.mode, oid: await hashBlob(w.bytes) };
}

async function cmdDiff(ctx: GitContext, args: string[]): Promise<ExecResult> {
  const repo = requireRepo(ctx);
  let cached = false;
  let nameOnly = false;
  let nameStatus = false;
  let exitCode = false;
  let quiet = false;
  const revs: string[] = [];
  const specs: string[] = [];
  let afterDashes = false;
  for (const a of args) {
    if (afterDashes) specs.push(a);
    else if (a === '--') afterDashes = true;
    else if (a === '--cached' || a === '--staged') cached = true;
    else if (a === '--name-only') nameOnly = true;
    else if (a === '--name-status') nameStatus = true;
    else if (a === '--exit-code') exitCode = true;
    else if (a === '--quiet') quiet = exitCode = true;
    else if (a === '--no-color' || a === '--no-ext-diff') continue;
    else if (a.startsWith('-')) return unsupported(`diff ${a}`);
    else if (ctx.vol.existsSync(resolveAgainst(ctx.cwd, a)) && (await resolveRevision(repo, a)) === null)
      specs.push(a);
    else revs.push(a);
  }
  const inSpec = (p: string) => specs.length === 0 || specs.some((s) => matchesSpec(repo, ctx, s, p));
  const index = await indexFiles(repo);
  const pairs: { path: string; a: DiffSide; b: DiffSide }[] = [];
  if (revs.length > 2) return unsupported('diff with more than two revisions');
  const revOid = async (r: string) => {
    const oid = await resolveRevision(repo, r);
    if (oid === null) {
      throw new GitError(
        `fatal: ambiguous argument '${r}': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'\n`,
      );
    }
    return oid;
  };
  if (revs.length === 2 || (cached && revs.length <= 1)) {
    // Tree vs tree, or tree vs index.
    const from = await treeFiles(
      repo,
      revs.length === 2
        ? await revOid(revs[0] ?? '')
        : revs.length === 1
          ? await revOid(revs[0] ?? '')
          : await headOid(repo),
    );
    const to = revs.length === 2 ? await treeFiles(repo, await revOid(revs[1] ?? '')) : index;
    for (const c of changesBetween(from, to))
      if (inSpec(c.path))
        pairs.push({ path: c.path, a: await sideOf(repo, c.old), b: await sideOf(repo, c.new) });
  } else {
    // Work tree against the index, or against a commit.
    const base = revs.length === 1 ? await treeFiles(repo, await revOid(revs[0] ?? '')) : index;
    const paths = [...base.keys()].sort();
    for (const path of paths) {
      if (!inSpec(path)) continue;
      const a = await sideOf(repo, base.get(path) ?? null);
      const b = await workSide(repo, path);
      if (a.oid === b.oid && a.mode === b.mode) continue;
      pairs.push({ path, a, b });
    }
  }
  const status = pairs.length > 0 && exitCode ? 1 : 0;
  if (quiet) return { stdout: '', stderr: '', exitCode: status };
  const prefix = prefixOf(repo, ctx.cwd);
  if (nameOnly)
    return {
      stdout: pairs.map((p) => `${quotePath(relativeTo(prefix, p.path))}\n`).join(''),
      stderr: '',
      exitCode: status,
    };
  if (nameStatus) {
    const letter = (p: { a: DiffSide; b: DiffSide }) =>
      p.a.bytes === null ? 'A' : p.b.bytes === null ? 'D' : 'M';
    return {
      stdout: pairs.map((p) => `${letter(p)}\t${quotePath(relativeTo(prefix, p.path))}\n`).join(''),
      stderr: '',
      exitCode: status,
    };
  }
  return { stdout: pairs.map((p) => fileDiff(p.path, p.a, p.b)).join(''), stderr: '', exitCode: status };
}

/** Does `<rev>:<path>` name an object (a blob or a tree) of that revision or of the index? */
async function colonResolves(repo: Repo, rev: string): Promise<boolean> {
  const colon = rev.indexOf(':');
  const name = rev.slice(0, colon);
  const oid = name === '' ? null : await resolveRevision(repo, name);
  if (name !== '' && oid === null) return false;
  const files = name === '' ? await indexFiles(repo) : await treeFiles(repo, oid);
  const path = rev.slice(colon + 1).replace(/^\.\/|\/$/g, '');
  return path === '' || [...files.keys()].some((k) => k === path || k.startsWith(`${path}/`));
}

async function cmdShow(ctx: GitContext, args: string[]): Promise<ExecResult> {
  const repo = requireRepo(ctx);
  const dashes = args.indexOf('--');
  const before = dashes < 0 ? args : args.slice(0, dashes);
  const flag = before.find((a) => a.startsWith('-') && a !== '--no-color');
  if (flag !== undefined) return unsupported(`show ${flag}`);
  const words = before.filter((a) => !a.startsWith('-'));
  // git's setup_revisions: the first word that is no revision starts the pathspecs when it has a
  // wildcard or names a file in the work tree (every later word then has to be one too);
  // otherwise git dies naming it (below).
  let split = words.length;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const resolves = w.includes(':')
      ? await colonResolves(repo, w)
      : (await resolveRevision(repo, w)) !== null;
    if (resolves) continue;
    // As lstat sees it: `HEAD:sub/../foo.txt` is no file, since there is no `HEAD:sub`.
    const onDisk = (a: string) =>
      a
        .split('/')
        .every(
          (_, i, parts) =>
            i === 0 ||
            parts[i] !== '..' ||
            ctx.vol.existsSync(resolveAgainst(ctx.cwd, parts.slice(0, i).join('/') || '/')),
        ) && ctx.vol.existsSync(resolveAgainst(ctx.cwd, a));
    const isPath = (a: string) => hasWildcard(a) || onDisk(a);
    if (words.slice(i).every(isPath)) split = i;
    break;
  }
  const revs = words.slice(0, split);
  const specs = [...words.slice(split), ...(dashes < 0 ? [] : args.slice(dashes + 1))];
  const inSpec = (p: string) => specs.length === 0 || specs.some((s) => matchesSpec(repo, ctx, s, p));
  let out = '';
  const branch = await currentBranch(repo);
  for (const rev of revs.length === 0 ? ['HEAD'] : revs) {
    const colon = rev.indexOf(':');
    if (colon >= 0) {
      const name = rev.slice(0, colon);
      const index = name === '';
      const oid = index ? null : await resolveRevision(repo, name);
      if (!index && oid === null) return fail(`fatal: invalid object name '${name}'.\n`);
      const prefix = prefixOf(repo, ctx.cwd);
      const path = repoRelative(prefix, rev.slice(colon + 1));
      const files = index ? await indexFiles(repo) : await treeFiles(repo, oid);
      const f = files.get(path);
      if (f !== undefined) {
        out += new TextDecoder().decode(await readBlob(repo, f.oid));
        continue;
      }
      const dir = path === '' ? '' : `${path}/`;
      const below = [...files.keys()].filter((k) => k.startsWith(dir));
      if (!index && below.length > 0) {
        // A tree: git prints its entries, directories with a trailing slash.
        const entries = [
          ...new Set(
            below.map((k) => {
              const rest = k.slice(dir.length);
              const slash = rest.indexOf('/');
              return slash < 0 ? rest : rest.slice(0, slash + 1);
            }),
          ),
        ].sort((a, b) => (a.replace(/\/$/, '') < b.replace(/\/$/, '') ? -1 : 1));
        out += `tree ${rev}\n\n${entries.join('\n')}\n`;
        continue;
      }
      // git's diagnose_invalid_oid_path / _index_path: the path as resolved, checked on disk
      // from the top of the work tree (git chdirs there first), and (in a subdirectory) under
      // the prefix: `cd sub && git show HEAD:b.txt` hints at 'HEAD:sub/b.txt'.
      const full = prefix === '' ? path : `${prefix}/${path}`;
      const onDisk = ctx.vol.existsSync(resolveAgainst(repo.dir, path));
      if (index) {
        if (prefix !== '' && files.has(full))
          return fail(
            `fatal: path '${full}' is in the index, but not '${path}'\nhint: Did you mean ':0:${full}' aka ':0:./${path}'?\n`,
          );
        if (onDisk) return fail(`fatal: path '${path}' exists on disk, but not in the index\n`);
        return fail(`fatal: path '${path}' does not exist (neither on disk nor in the index)\n`);
      }
      if (onDisk) return fail(`fatal: path '${path}' exists on disk, but not in '${name}'\n`);
      if (prefix !== '' && files.has(full))
        return fail(
          `fatal: path '${full}' exists, but not '${path}'\nhint: Did you mean '${name}:${full}' aka '${name}:./${path}'?\n`,
        );
      return fail(`fatal: path '${path}' does not exist in '${name}'\n`);
    }
    if (rev === 'HEAD') await requireHead(repo, branch);
    const oid = await resolveRevision(repo, rev);
    if (oid === null) {
      return fail(
        `fatal: ambiguous argument '${rev}': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'\n`,
      );
    }
    const c = await readCommit(repo, oid);
    const parent = c.parent[0] ?? null;
    const changes = changesBetween(await treeFiles(repo, parent), await treeFiles(repo, oid)).filter((ch) =>
      inSpec(ch.path),
    );
    // With pathspecs a commit that changes none of their paths is not shown at all.
    if (specs.length > 0 && changes.length === 0) continue;
    let diffs = '';
    for (const ch of changes)
      diffs += fileDiff(ch.path, await sideOf(repo, ch.old), await sideOf(repo, ch.new));
    out += commitHeader(c) + (diffs === '' ? '' : `\n${diffs}`);
  }
  return ok(out);
}

async function cmdRevParse(ctx: GitContext, args: string[]): Promise<ExecResult> {
  let out = '';
  let abbrevRef = false;
  let short = false;
  for (const a of args) {
    if (a === '--abbrev-ref') abbrevRef = true;
    else if (a === '--short') short = true;
    else if (a === '--is-inside-work-tree')
      out += `${findRepo(ctx.vol, ctx.cwd) === null ? 'false' : 'true'}\n`;
    else if (a === '--show-toplevel') out += `${requireRepo(ctx).dir}\n`;
    else if (a === '--git-dir') {
      const repo = requireRepo(ctx);
      out += `${repo.dir === ctx.cwd ? '.git' : repo.gitdir}\n`;
    } else if (a.startsWith('-')) return unsupported(`rev-parse ${a}`);
    else {
      const repo = requireRepo(ctx);
      if (abbrevRef && a === 'HEAD') {
        out += `${(await currentBranch(repo)) ?? 'HEAD'}\n`;
        continue;
      }
      const oid = await resolveRevision(repo, a);
      if (oid === null) {
        return fail(
          `fatal: ambiguous argument '${a}': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'\n`,
          128,
          `${a}\n`,
        );
      }
      out += `${short ? abbrev(oid) : oid}\n`;
    }
  }
  return ok(out);
}

async function cmdBranch(ctx: GitContext, args: string[]): Promise<ExecResult> {
  const repo = requireRepo(ctx);
  const branch = await currentBranch(repo);
  if (args.includes('--show-current')) return ok(branch === null ? '' : `${branch}\n`);
  const del = args.find((a) => a === '-d' || a === '-D' || a === '--delete');
  if (del !== undefined)
    return deleteBranches(
      ctx,
      repo,
      args.filter((a) => !a.startsWith('-')),
    );
  const all = args.filter((a) => a !== '-a' && a !== '--all' && a !== '-l' && a !== '--list');
  if (all.length > 0) return unsupported(`branch ${args.join(' ')}`);
  if ((await headOid(repo)) === null) return ok('');
  const names = ctx.vol.existsSync(joinPath(repo.gitdir, 'refs/heads'))
    ? listRefs(ctx, joinPath(repo.gitdir, 'refs/heads'), '')
    : [];
  // `+`: checked out in another work tree (a linked worktree, or the main one from a linked one).
  const elsewhere = checkedOut(ctx, repo.gitdir);
  return ok(names.map((n) => `${n === branch ? '*' : elsewhere.has(n) ? '+' : ' '} ${n}\n`).join(''));
}

/** Branch names under refs/heads, nested ones (a/b) included, sorted. */
function listRefs(ctx: GitContext, dir: string, prefix: string): string[] {
  return (ctx.vol.readdirSync(dir) as unknown[])
    .map(String)
    .flatMap((n) =>
      ctx.vol.statSync(joinPath(dir, n)).isDirectory()
        ? listRefs(ctx, joinPath(dir, n), `${prefix}${n}/`)
        : [`${prefix}${n}`],
    )
    .sort();
}

async function deleteBranches(ctx: GitContext, repo: Repo, names: string[]): Promise<ExecResult> {
  const elsewhere = checkedOut(ctx, repo.gitdir);
  let out = '';
  for (const n of names) {
    const ref = joinPath(repo.gitdir, `refs/heads/${n}`);
    if (!ctx.vol.existsSync(ref)) return fail(`error: branch '${n}' not found\n`, 1, out);
    const at = elsewhere.get(n);
    if (at !== undefined)
      return fail(`error: cannot delete branch '${n}' used by worktree at '${at}'\n`, 1, out);
    const oid = String(ctx.vol.readFileSync(ref)).trim();
    ctx.vol.unlinkSync(ref);
    out += `Deleted branch ${n} (was ${abbrev(oid)}).\n`;
  }
  return ok(out);
}

/** `checkout [-q] -b <name>` / `switch [-q] -c <name>` (a new branch at HEAD), `checkout`/`switch
 * [-q] <branch>|-` (a branch switch) and `checkout [--] <path>...` (the index's copy back into the
 * work tree). git 2.39, probed: the messages go to stderr and -q silences them; `switch` names an
 * unknown branch "invalid reference" where `checkout` takes it for a path; post-checkout runs
 * after each, with the old and new HEAD and 1 for a branch switch, 0 for paths. */
async function cmdCheckout(ctx: GitContext, argv: string[], create: string): Promise<GitResult> {
  const repo = requireRepo(ctx);
  const quiet = argv.some((a) => a === '-q' || a === '--quiet');
  const args = argv.filter((a) => a !== '-q' && a !== '--quiet');
  const say = (text: string) => (quiet ? '' : text);
  const before = await headOid(repo);
  const at = args.indexOf(create);
  if (at !== -1) {
    const name = args[at + 1];
    if (name === undefined)
      return fail(`error: switch \`${create.replace(/^-/, '')}' requires a value\n`, 129);
    const ref = joinPath(repo.gitdir, `refs/heads/${name}`);
    if (ctx.vol.existsSync(ref)) return fail(`fatal: a branch named '${name}' already exists\n`);
    const from = await currentBranch(repo);
    if (before !== null) {
      ctx.vol.mkdirSync(joinPath(repo.gitdir, 'refs/heads'), { recursive: true });
      ctx.vol.writeFileSync(ref, `${before}\n`);
    }
    ctx.vol.writeFileSync(headFile(repo), `ref: refs/heads/${name}\n`);
    recordMove(ctx, repo, from, name);
    return afterCheckout(ctx, repo, ok('', say(`Switched to a new branch '${name}'\n`)), before, before, '1');
  }
  const target = args.length === 1 ? (args[0] as string) : null;
  if (target !== null && (target === '-' || !target.startsWith('-'))) {
    const name = target === '-' ? previousBranch(ctx, repo) : target;
    if (name !== null && ctx.vol.existsSync(joinPath(repo.gitdir, `refs/heads/${name}`)))
      return switchBranch(ctx, repo, name, say);
    if (create === '-c') return fail(`fatal: invalid reference: ${name ?? '@{-1}'}\n`);
  }
  if (create !== '-b') return unsupported(`switch ${argv.join(' ')}`);
  const r = await cmdCheckoutPaths(ctx, args);
  return r.exitCode === 0 ? afterCheckout(ctx, repo, r, before, before, '0') : r;
}

/** The branch `-` names: the one HEAD left last (git reads it from HEAD's reflog). */
function previousBranch(ctx: GitContext, repo: Repo): string | null {
  const logFile = joinPath(repo.gitdir, 'logs/HEAD');
  if (!ctx.vol.existsSync(logFile)) return null;
  const moves = String(ctx.vol.readFileSync(logFile))
    .split('\n')
    .map((l) => /\tcheckout: moving from (\S+) to \S+$/.exec(l)?.[1])
    .filter((b): b is string => b !== undefined);
  return moves[moves.length - 1] ?? null;
}

/** A line of HEAD's reflog for a branch move, which `checkout -` reads back. */
function recordMove(ctx: GitContext, repo: Repo, from: string | null, to: string): void {
  const logFile = joinPath(repo.gitdir, 'logs/HEAD');
  ctx.vol.mkdirSync(joinPath(repo.gitdir, 'logs'), { recursive: true });
  const t = Math.floor(ctx.clock.now() / 1000);
  ctx.vol.appendFileSync(
    logFile,
    `${'0'.repeat(40)} ${'0'.repeat(40)} - ${t} +0000\tcheckout: moving from ${from ?? 'HEAD'} to ${to}\n`,
  );
}

/** post-checkout after a checkout that worked (its own output follows git's). */
function afterCheckout(
  ctx: GitContext,
  repo: Repo,
  r: ExecResult,
  before: string | null,
  after: string | null,
  flag: string,
): GitResult {
  const hook = hookAt(ctx, repo, 'post-checkout');
  if (hook === null) return r;
  if ('hint' in hook) return { ...r, stderr: r.stderr + hook.hint };
  const zero = '0'.repeat(40);
  return {
    ...r,
    hook: {
      name: 'post-checkout',
      path: hook.path,
      cwd: repo.dir,
      args: [before ?? zero, after ?? zero, flag],
      rerun: false,
    },
  };
}

/** Moves HEAD to `name`: files that differ between the two commits are written or removed, the
 * index follows; local changes to such a file stop it (git's two-way merge), other local
 * changes stay. */
async function switchBranch(
  ctx: GitContext,
  repo: Repo,
  name: string,
  say: (t: string) => string,
): Promise<GitResult> {
  const from = await currentBranch(repo);
  const before = await headOid(repo);
  if (from === name) return ok('', say(`Already on '${name}'\n`));
  const after = await resolveRevision(repo, name);
  const oldTree = await treeFiles(repo, before);
  const newTree = await treeFiles(repo, after);
  const index = await indexFiles(repo);
  const differs = [...new Set([...oldTree.keys(), ...newTree.keys()])]
    .filter(
      (p) => oldTree.get(p)?.oid !== newTree.get(p)?.oid || oldTree.get(p)?.mode !== newTree.get(p)?.mode,
    )
    .sort();
  const local: string[] = [];
  for (const p of differs) {
    const base = oldTree.get(p);
    const staged = index.get(p);
    const work = workFile(repo, p);
    const workOid = work === null ? null : await hashBlob(work.bytes);
    if (staged?.oid !== base?.oid || workOid !== (base?.oid ?? null)) local.push(p);
  }
  if (local.length > 0)
    return fail(
      `error: Your local changes to the following files would be overwritten by checkout:\n${local.map((p) => `\t${p}\n`).join('')}Please commit your changes or stash them before you switch branches.\nAborting\n`,
      1,
    );
  ctx.vol.writeFileSync(headFile(repo), `ref: refs/heads/${name}\n`);
  for (const p of differs) {
    await resetIndexEntry(repo, p);
    const file = newTree.get(p);
    if (file !== undefined) await restoreFile(ctx, repo, p, file);
    else removeTracked(ctx, repo, p);
  }
  recordMove(ctx, repo, from, name);
  return afterCheckout(ctx, repo, ok('', say(`Switched to branch '${name}'\n`)), before, after, '1');
}

/** A tracked file the new HEAD lacks, and the directories it leaves empty. */
function removeTracked(ctx: GitContext, repo: Repo, path: string): void {
  ctx.vol.rmSync(joinPath(repo.dir, path), { force: true });
  for (let dir = path.replace(/\/?[^/]*$/, ''); dir !== ''; dir = dir.replace(/\/?[^/]*$/, '')) {
    const abs = joinPath(repo.dir, dir);
    if (!ctx.vol.existsSync(abs) || (ctx.vol.readdirSync(abs) as unknown[]).length > 0) break;
    ctx.vol.rmdirSync(abs);
  }
}

async function cmdRebase(ctx: GitContext, args: string[]): Promise<ExecResult> {
  const repo = requireRepo(ctx);
  const upstream = args.find((a) => !a.startsWith('-'));
  if (upstream !== undefined && (await resolveRevision(repo, upstream)) === null)
    return fail(`fatal: invalid upstream '${upstream}'\n`);
  return unsupported('rebase');
}

/** Writes `file`'s blob over the work-tree file when its bytes or mode differ (git leaves an
 * unchanged file, and its mtime, alone); stamped with the workspace clock. */
async function restoreFile(ctx: GitContext, repo: Repo, path: string, file: TreeFile): Promise<void> {
  const bytes = await readBlob(repo, file.oid);
  const now = workFile(repo, path);
  if (now !== null && now.mode === file.mode && (await hashBlob(now.bytes)) === file.oid) return;
  const abs = joinPath(repo.dir, path);
  ctx.vol.mkdirSync(abs.slice(0, abs.lastIndexOf('/')) || '/', { recursive: true });
  ctx.vol.writeFileSync(abs, bytes);
  ctx.vol.chmodSync(abs, file.mode === '100755' ? 0o755 : 0o644);
  const t = ctx.clock.now() / 1000;
  ctx.vol.utimesSync(abs, t, t);
}

/** `git checkout [--] <path>...`: work-tree files back to the index; silent, as git 2.39 is
 * without a terminal. Switching branches is not supported. */
async function cmdCheckoutPaths(ctx: GitContext, args: string[]): Promise<ExecResult> {
  const repo = requireRepo(ctx);
  const dash = args.indexOf('--');
  const specs = dash >= 0 ? args.slice(dash + 1) : args;
  const opts = dash >= 0 ? args.slice(0, dash) : [];
  if (opts.length > 0 || specs.length === 0 || (dash < 0 && specs.some((s) => s.startsWith('-'))))
    return unsupported(`checkout ${args.join(' ')}`);
  const index = await indexFiles(repo);
  for (const s of specs) {
    const paths = [...index.keys()].filter((p) => matchesSpec(repo, ctx, s, p));
    if (paths.length === 0) return fail(`error: pathspec '${s}' did not match any file(s) known to git\n`, 1);
    for (const p of paths) await restoreFile(ctx, repo, p, index.get(p) as TreeFile);
  }
  return ok('');
}

/** `git stash [push] [-q]`: tracked changes (index and work tree) go back to HEAD, files only
 * staged are removed, untracked files stay. The stash itself is not kept (no list, pop or
 * apply). */
async function cmdStash(ctx: GitContext, args: string[]): Promise<ExecResult> {
  const repo = requireRepo(ctx);
  const rest = args[0] === 'push' ? args.slice(1) : args;
  const quiet = rest.includes('-q') || rest.includes('--quiet');
  if (rest.some((a) => a !== '-q' && a !== '--quiet')) return unsupported(`stash ${args.join(' ')}`);
  const head = await treeFiles(repo, await headOid(repo));
  const changed = (await statusRows(repo)).filter(
    ([, h, w, s]) => !(h === 1 && w === 1 && s === 1) && (h !== 0 || s !== 0),
  );
  if (changed.length === 0) return ok(quiet ? '' : 'No local changes to save\n');
  for (const [path] of changed) {
    await resetIndexEntry(repo, path);
    const file = head.get(path);
    if (file !== undefined) await restoreFile(ctx, repo, path, file);
    else ctx.vol.rmSync(joinPath(repo.dir, path), { force: true });
  }
  return stashSaved(quiet);
}

/** What `git stash` prints after saving: it names the stash commit, which is not kept here. */
function stashSaved(quiet: boolean): ExecResult {
  return ok(
    quiet ? '' : "Saved working directory and index state (not kept by the in-memory workspace's git)\n",
  );
}

/** ls-files and grep: over the index's paths under the working directory. */
function searchTracked(ctx: GitContext, args: string[], run: typeof grep): Promise<ExecResult> {
  const repo = requireRepo(ctx);
  return run(repo, prefixOf(repo, ctx.cwd), args, (spec, path) => matchesSpec(repo, ctx, spec, path));
}

const SUBCOMMANDS = new Map<string, (ctx: GitContext, args: string[]) => Promise<GitResult>>(
  Object.entries({
    init: cmdInit,
    status: cmdStatus,
    add: cmdAdd,
    commit: cmdCommit,
    log: cmdLog,
    diff: cmdDiff,
    show: cmdShow,
    'rev-parse': cmdRevParse,
    branch: cmdBranch,
    rebase: cmdRebase,
    checkout: (ctx: GitContext, args: string[]) => cmdCheckout(ctx, args, '-b'),
    switch: (ctx: GitContext, args: string[]) => cmdCheckout(ctx, args, '-c'),
    stash: cmdStash,
    worktree: (ctx: GitContext, args: string[]) => cmdWorktree(ctx, requireRepo(ctx), args),
    'ls-files': (ctx: GitContext, args: string[]) => searchTracked(ctx, args, lsFiles),
    grep: (ctx: GitContext, args: string[]) => searchTracked(ctx, args, grep),
  }),
);

const KNOWN_ELSEWHERE = new Set([
  'restore',
  'reset',
  'merge',
  'tag',
  'fetch',
  'pull',
  'push',
  'clone',
  'rm',
  'mv',
  'config',
  'remote',
  'cherry-pick',
  'revert',
  'blame',
]);

export async function runGit(ctx: GitContext, argv: string[]): Promise<GitResult> {
  const args = [...argv];
  while (args.length > 0) {
    const a = args[0] ?? '';
    if (a === '-C') {
      ctx = { ...ctx, cwd: resolveAgainst(ctx.cwd, args[1] ?? '.') };
      args.splice(0, 2);
    } else if (a === '-c') {
      const [k, ...v] = (args[1] ?? '').split('=');
      ctx = { ...ctx, config: new Map([...(ctx.config ?? []), [(k ?? '').toLowerCase(), v.join('=')]]) };
      args.splice(0, 2);
    } else if (a === '--no-pager' || a === '-P' || a === '--no-optional-locks') args.shift();
    else break;
  }
  const sub = args.shift();
  if (sub === undefined)
    return fail('usage: git [--version] [--help] [-C <path>] [-c <name>=<value>] <command> [<args>]\n', 1);
  if (sub === '--version' || sub === 'version') return ok('git version 2.39.5\n');
  const run = SUBCOMMANDS.get(sub);
  if (run === undefined) {
    if (KNOWN_ELSEWHERE.has(sub)) return unsupported(sub);
    return fail(`git: '${sub}' is not a git command. See 'git --help'.\n`, 1);
  }
  try {
    return await run(ctx, args);
  } catch (e) {
    if (e instanceof GitError) return fail(e.message, e.exitCode);
    throw e;
  }
}
