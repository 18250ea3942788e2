import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createDiskWorkspace } from '../backends/disk';
import { setupWorkspace } from './materialise';
import { parseScenario, ScenarioError } from './schema';

test('a file laid out through a symlink that leaves the root is refused, and nothing lands outside', async () => {
  const outside = mkdtempSync(join(tmpdir(), 'outside-'));
  const ws = createDiskWorkspace();
  try {
    const s = parseScenario({
      files: { '../beside.txt': 'the oracle lays this beside project/', l: { symlink: outside }, 'l/x': 'no' },
      turns: [],
    });
    const message = 'lands outside the workspace or on one of its own folders (only paths inside its root are laid out)';
    await expect(setupWorkspace(ws, s)).rejects.toEqual(
      new ScenarioError(`scenario path "l/x" ${message}`, [{ path: '"l/x"', message }]),
    );
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join(ws.info.root, 'beside.txt'))).toBe(true);
  } finally {
    await ws.dispose();
    rmSync(outside, { recursive: true, force: true });
  }
});

test("a file spec on the workspace's own folders ('', '.', $HOME) is refused before anything is laid out", async () => {
  const { createMemfsWorkspace } = await import('../backends/memfs');
  for (const files of [{ '': { symlink: 'elsewhere' } }, { '.': 'x' }, { $HOME: 'x' }, { '..': { dir: true as const } }]) {
    const ws = createMemfsWorkspace();
    const rel = Object.keys(files)[0] as string;
    await expect(setupWorkspace(ws, parseScenario({ files, turns: [] }))).rejects.toThrow(
      `scenario path ${JSON.stringify(rel)} lands outside the workspace or on one of its own folders (only paths inside its root are laid out)`,
    );
    expect(await ws.fs.readdir(ws.info.cwd)).toEqual([]);
  }
});
