// Which paths of an imported tree git would leave out: every .gitignore applies to the paths
// under its folder, a folder that is ignored hides everything in it (git cannot re-include a
// file inside an ignored folder), and `.git` itself is never part of the tree.
import ignore, { type Ignore } from 'ignore';

export class GitignoreRules {
  /** Folder ('' = the root) -> its .gitignore's rules. */
  private readonly rules = new Map<string, Ignore>();
  private readonly dirVerdicts = new Map<string, boolean>();

  /** The text of `<dir>/.gitignore` (dir relative, '' for the root). */
  add(dir: string, text: string): void {
    this.rules.set(dir, ignore({ allowRelativePaths: true }).add(text));
    this.dirVerdicts.clear();
  }

  private matches(rel: string, isDir: boolean): boolean {
    const segs = rel.split('/');
    for (let i = segs.length - 1; i >= 0; i--) {
      const dir = segs.slice(0, i).join('/');
      const ig = this.rules.get(dir);
      if (!ig) continue;
      const sub = segs.slice(i).join('/') + (isDir ? '/' : '');
      const r = ig.test(sub);
      // The nearest .gitignore that speaks decides (a deeper `!x` re-includes).
      if (r.ignored) return true;
      if (r.unignored) return false;
    }
    return false;
  }

  /** A folder (relative, no trailing slash) is left out. */
  dirIgnored(rel: string): boolean {
    if (rel === '') return false;
    const known = this.dirVerdicts.get(rel);
    if (known !== undefined) return known;
    const slash = rel.lastIndexOf('/');
    const name = rel.slice(slash + 1);
    const v =
      name === '.git' || this.dirIgnored(slash < 0 ? '' : rel.slice(0, slash)) || this.matches(rel, true);
    this.dirVerdicts.set(rel, v);
    return v;
  }

  /** A file (relative) is left out. */
  fileIgnored(rel: string): boolean {
    const slash = rel.lastIndexOf('/');
    return this.dirIgnored(slash < 0 ? '' : rel.slice(0, slash)) || this.matches(rel, false);
  }
}
