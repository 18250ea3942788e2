// Path handling shared by the tools: `~` expansion and resolution against the cwd, as Claude
// Code does before it touches a file.
import { isAbsolute, normalize, resolve } from 'pathe';

export function expandPath(raw: string, cwd: string, home: string): string {
  // Surrounding whitespace is dropped first: Read of " a.txt", "a.txt\n" or "\t$CWD/a.txt" reads
  // a.txt, and " " is the cwd (O probe of issue 13). An absolute path keeps a trailing slash, a
  // relative one is resolved without it, and "~/" is home itself (as Node's normalize, resolve
  // and join treat them; EISDIR texts show it).
  const p = raw.trim();
  if (p === '~') return home;
  if (p.startsWith('~/')) return p === '~/' ? home : normalize(`${home}/${p.slice(2)}`);
  return isAbsolute(p) ? normalize(p) : resolve(cwd, p);
}

/** Resolves `.` and `..` in an absolute POSIX path and drops a trailing slash (`..` above the
 * root stays at the root), without touching the filesystem. */
export function normalizePath(p: string): string {
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return '/' + out.join('/');
}

/** `p` against the directory `base` (both POSIX; `p` may be absolute), normalised as above: the
 * shell's and git's path resolution, which never expands `~`. */
export function resolveAgainst(base: string, p: string): string {
  return normalizePath(p.startsWith('/') ? p : `${base}/${p}`);
}

/** Node's path.extname, which Claude Code uses: a leading dot belongs to the name, so `.ipynb`
 * and `.bashrc` have no extension (pathe's extname gives them one). */
export function nodeExtname(p: string): string {
  const base = p.slice(p.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && !/^\.+$/.test(base) ? base.slice(dot) : '';
}
