// Work tree / index / HEAD comparison as `git status` sees it, and its two text forms.
import { statusRows, type Repo } from './repo';

export type ChangeKind = 'added' | 'modified' | 'deleted';

export interface StatusEntry {
  /** Repository-relative path. */
  path: string;
  /** Index vs HEAD (`X` of the short form); null when unchanged. */
  staged: ChangeKind | null;
  /** Work tree vs index (`Y`); null when unchanged. */
  unstaged: ChangeKind | null;
}

export interface Status {
  entries: StatusEntry[];
  /** Repository-relative; a wholly untracked directory ends in `/`. */
  untracked: string[];
}

// statusMatrix codes: HEAD 0 absent / 1 present; WORKDIR 0 absent / 1 same as HEAD / 2 differs;
// STAGE 0 absent / 1 same as HEAD / 2 same as WORKDIR / 3 differs from both.
function stagedKind(head: number, stage: number): ChangeKind | null {
  if (head === 0) return stage === 0 ? null : 'added';
  if (stage === 0) return 'deleted';
  return stage === 1 ? null : 'modified';
}

function unstagedKind(head: number, workdir: number, stage: number): ChangeKind | null {
  if (stage === 0) return null;
  if (workdir === 0) return 'deleted';
  if (stage === 2) return null;
  if (stage === 3) return 'modified';
  return workdir === 1 ? null : 'modified';
}

export async function computeStatus(repo: Repo): Promise<Status> {
  const rows = await statusRows(repo);
  const entries: StatusEntry[] = [];
  const untrackedFiles: string[] = [];
  const tracked: string[] = [];
  for (const [path, head, workdir, stage] of rows) {
    if (stage !== 0) tracked.push(path);
    if (head === 0 && stage === 0) {
      if (workdir !== 0) untrackedFiles.push(path);
      continue;
    }
    const staged = stagedKind(head, stage);
    const unstaged = unstagedKind(head, workdir, stage);
    if (staged !== null || unstaged !== null) entries.push({ path, staged, unstaged });
    // Removed from the index but still on disk: git lists it as untracked too.
    if (stage === 0 && workdir !== 0) untrackedFiles.push(path);
  }
  const trackedDirs = new Set<string>();
  for (const t of tracked) {
    const parts = t.split('/');
    for (let i = 1; i < parts.length; i++) trackedDirs.add(parts.slice(0, i).join('/'));
  }
  const untracked = new Set<string>();
  for (const u of untrackedFiles) {
    const parts = u.split('/');
    let shown = u;
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (!trackedDirs.has(dir)) {
        shown = `${dir}/`;
        break;
      }
    }
    untracked.add(shown);
  }
  const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  entries.sort((a, b) => byPath(a.path, b.path));
  return { entries, untracked: [...untracked].sort(byPath) };
}

/** git's C-style quoting of a path (core.quotePath): control characters, `"`, `\` and bytes
 * above 0x7f are escaped, and then the path is put in double quotes. */
export function quotePath(p: string, quoteSpaces = false): string {
  let needs = quoteSpaces && p.includes(' ');
  let out = '';
  for (const byte of new TextEncoder().encode(p)) {
    const c = String.fromCharCode(byte);
    if (byte === 0x22 || byte === 0x5c) {
      out += `\\${c}`;
      needs = true;
    } else if (byte === 0x09) {
      out += '\\t';
      needs = true;
    } else if (byte === 0x0a) {
      out += '\\n';
      needs = true;
    } else if (byte < 0x20 || byte >= 0x7f) {
      out += `\\${byte.toString(8).padStart(3, '0')}`;
      needs = true;
    } else out += c;
  }
  return needs ? `"${out}"` : p;
}

/** A repository-relative path as seen from `prefix` (the cwd's path inside the work tree). */
export function relativeTo(prefix: string, path: string): string {
  if (prefix === '') return path;
  const from = prefix.split('/');
  const to = path.split('/');
  let i = 0;
  while (i < from.length && i < to.length - 1 && from[i] === to[i]) i++;
  const up = from.length - i;
  const rest = to.slice(i).join('/');
  return '../'.repeat(up) + rest;
}

const LETTER: Record<ChangeKind, string> = { added: 'A', modified: 'M', deleted: 'D' };

export function shortStatus(st: Status, show: (path: string) => string): string {
  let out = '';
  for (const e of st.entries) {
    out += `${e.staged ? LETTER[e.staged] : ' '}${e.unstaged ? LETTER[e.unstaged] : ' '} ${quotePath(show(e.path), true)}\n`;
  }
  for (const u of st.untracked) out += `?? ${quotePath(show(u), true)}\n`;
  return out;
}

const LABEL: Record<ChangeKind, string> = {
  added: 'new file:   ',
  modified: 'modified:   ',
  deleted: 'deleted:    ',
};

export interface LongStatusContext {
  branch: string | null;
  headOid: string | null;
  /** `git commit` words the no-commit case "Initial commit" instead of "No commits yet". */
  forCommit: boolean;
}

export function longStatus(st: Status, ctx: LongStatusContext, show: (path: string) => string): string {
  const lines: string[] = [];
  lines.push(ctx.branch === null ? 'Not currently on any branch.' : `On branch ${ctx.branch}`);
  if (ctx.headOid === null) lines.push('', ctx.forCommit ? 'Initial commit' : 'No commits yet', '');
  const staged = st.entries.filter((e) => e.staged !== null);
  const unstaged = st.entries.filter((e) => e.unstaged !== null);
  if (staged.length > 0) {
    lines.push('Changes to be committed:');
    lines.push(
      ctx.headOid === null
        ? '  (use "git rm --cached <file>..." to unstage)'
        : '  (use "git restore --staged <file>..." to unstage)',
    );
    for (const e of staged) if (e.staged) lines.push(`\t${LABEL[e.staged]}${quotePath(show(e.path))}`);
    lines.push('');
  }
  if (unstaged.length > 0) {
    lines.push('Changes not staged for commit:');
    const anyDeleted = unstaged.some((e) => e.unstaged === 'deleted');
    lines.push(
      anyDeleted
        ? '  (use "git add/rm <file>..." to update what will be committed)'
        : '  (use "git add <file>..." to update what will be committed)',
    );
    lines.push('  (use "git restore <file>..." to discard changes in working directory)');
    for (const e of unstaged) if (e.unstaged) lines.push(`\t${LABEL[e.unstaged]}${quotePath(show(e.path))}`);
    lines.push('');
  }
  if (st.untracked.length > 0) {
    lines.push('Untracked files:');
    lines.push('  (use "git add <file>..." to include in what will be committed)');
    for (const u of st.untracked) lines.push(`\t${quotePath(show(u))}`);
    lines.push('');
  }
  if (staged.length === 0) {
    if (unstaged.length > 0) lines.push('no changes added to commit (use "git add" and/or "git commit -a")');
    else if (st.untracked.length > 0)
      lines.push('nothing added to commit but untracked files present (use "git add" to track)');
    else if (ctx.headOid === null)
      lines.push('nothing to commit (create/copy files and use "git add" to track)');
    else lines.push('nothing to commit, working tree clean');
  }
  return lines.join('\n') + '\n';
}
