import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createDiskWorkspace } from '../backends/disk';
import { setupWorkspace } from './materialise';
import { parseScenario } from './schema';

test('a file laid out through a symlink that leaves the root is refused, and nothing lands outside', async () => {
  const outside = mkdtempSync(join(tmpdir(), 'outside-'));
  const ws = createDiskWorkspace();
  try {
    const s = parseScenario({
      files: { '../beside.txt': 'the oracle lays this beside project/', l: { symlink: outside }, 'l/x': 'no' },
      turns: [],
    });
    await expect(setupWorkspace(ws, s)).rejects.toEqual(
      new Error('scenario path "l/x" lands outside the workspace (only paths inside its root are laid out)'),
    );
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join(ws.info.root, 'beside.txt'))).toBe(true);
  } finally {
    await ws.dispose();
    rmSync(outside, { recursive: true, force: true });
  }
});
