import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createDiskWorkspace } from './index';

/** 2,000 levels below `dir`, built 200 at a time from the bottom: no path handed to the system is
 * longer than PATH_MAX, though the deepest one is. */
function deepTree(dir: string): void {
  const chain = 'd/'.repeat(200);
  let below: string | undefined;
  for (let i = 0; i < 10; i++) {
    const top = join(dir, `c${i}`);
    mkdirSync(join(top, chain), { recursive: true });
    if (below === undefined) writeFileSync(join(top, chain, 'f'), 'x');
    else renameSync(below, join(top, chain, 'next'));
    below = top;
  }
}

test('a workspace with a 2,000-level deep directory is disposed of, folder and all', { timeout: 120_000 }, async () => {
  const ws = createDiskWorkspace();
  deepTree(ws.info.cwd);
  await ws.dispose();
  expect(existsSync(ws.info.root)).toBe(false);
});
