// A real folder as import entries (the CLI's --workspace, the scale bench): walked with .gitignore
// applied as it goes, so an ignored node_modules is never listed, let alone read.
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { GitignoreRules } from './gitignore';
import type { FilteredSource, ImportEntry } from './import';

export function diskEntries(root: string, opts: { includeIgnored?: boolean } = {}): FilteredSource {
  const rules = new GitignoreRules();
  const entries: ImportEntry[] = [];
  const source: FilteredSource = { filtered: true, entries, skipped: 0 };
  const walk = (rel: string): void => {
    const abs = rel ? join(root, rel) : root;
    const names = readdirSync(abs).sort();
    if (!opts.includeIgnored && names.includes('.gitignore'))
      rules.add(rel, readFileSync(join(abs, '.gitignore'), 'utf8'));
    for (const name of names) {
      const r = rel ? `${rel}/${name}` : name;
      const st = lstatSync(join(root, r));
      if (st.isDirectory()) {
        if (!opts.includeIgnored && rules.dirIgnored(r)) source.skipped++;
        else walk(r);
      } else if (!opts.includeIgnored && rules.fileIgnored(r)) source.skipped++;
      else if (st.isSymbolicLink())
        entries.push({
          path: r,
          size: 0,
          symlink: readlinkSync(join(root, r)),
          read: () => new Uint8Array(),
        });
      else if (st.isFile())
        entries.push({
          path: r,
          size: st.size,
          executable: (st.mode & 0o111) !== 0,
          read: () => readFileSync(join(root, r)),
        });
    }
  };
  walk('');
  return source;
}
