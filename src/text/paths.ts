// Path handling shared by the tools: `~` expansion and resolution against the cwd, as Claude
// Code does before it touches a file.
import { isAbsolute, normalize, resolve } from 'pathe';

export function expandPath(p: string, cwd: string, home: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/')) return normalize(`${home}/${p.slice(2)}`);
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
