// Removing a temp tree however deep it is: Node's rm -r goes down a 2,000-level directory by
// recursion (the stack overflows) and by paths longer than PATH_MAX (ENAMETOOLONG), and leaves
// the tree behind.
import { readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Subtrees are moved up past this path length: paths stay far under PATH_MAX (4096) and rm's
 * recursion a few hundred levels deep. */
const MOVE_UP_AT = 512;

export function removeTree(root: string): void {
  try {
    rmSync(root, { recursive: true, force: true });
    return;
  } catch (e) {
    if ((e as { code?: unknown }).code !== 'ENAMETOOLONG' && !(e instanceof RangeError)) throw e;
  }
  flatten(root);
  rmSync(root, { recursive: true, force: true });
}

/** Moves every directory whose path grows past MOVE_UP_AT to the top of `root`. */
function flatten(root: string): void {
  let moved = 0;
  const stack = [root];
  for (let dir = stack.pop(); dir !== undefined; dir = stack.pop()) {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      if (!d.isDirectory()) continue;
      let p = join(dir, d.name);
      if (p.length > MOVE_UP_AT) {
        const up = join(root, `.deep-${moved++}`);
        renameSync(p, up);
        p = up;
      }
      stack.push(p);
    }
  }
}
