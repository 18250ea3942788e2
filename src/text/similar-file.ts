// The "Did you mean …?" hints Claude Code adds when a file to edit does not exist: a path that
// dropped the project directory (…/src/app.ts for <cwd>/src/app.ts), else a sibling with the
// same stem and another extension (app.js for app.ts).
import { basename, dirname, extname, join, relative } from 'pathe';
import type { Vfs } from '../workspace/types';

/** A path outside the working directory but beside it, whose twin under the working directory
 * exists. */
export async function suggestPathUnderCwd(fs: Vfs, path: string, cwd: string): Promise<string | undefined> {
  const parent = dirname(cwd);
  let resolved = path;
  try {
    resolved = join(await fs.realpath(dirname(path)), basename(path));
  } catch {
    // The directory does not exist either: compare the path as given.
  }
  const prefix = parent === '/' ? '/' : `${parent}/`;
  if (!resolved.startsWith(prefix) || resolved.startsWith(`${cwd}/`) || resolved === cwd) return undefined;
  const corrected = join(cwd, relative(parent, resolved));
  return (await fs.exists(corrected)) ? corrected : undefined;
}

/** The first sibling (readdir order) with the same name but another extension. */
export async function findSimilarFile(fs: Vfs, path: string): Promise<string | undefined> {
  const dir = dirname(path);
  const stem = basename(path, extname(path));
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return undefined;
  }
  return names.find((n) => basename(n, extname(n)) === stem && join(dir, n) !== path);
}

export async function missingFileHint(fs: Vfs, path: string, cwd: string): Promise<string | undefined> {
  return (await suggestPathUnderCwd(fs, path, cwd)) ?? (await findSimilarFile(fs, path));
}
