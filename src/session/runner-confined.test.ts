import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createDiskWorkspace } from '../backends/disk';
import { setupWorkspace } from '../scenario/materialise';
import { parseScenario, ScenarioError, type Action } from '../scenario/schema';
import { performAction } from './replay';

const message = 'lands outside the workspace or on one of its own folders (only paths inside its root are laid out)';
const refused = (rel: string) => new ScenarioError(`scenario path ${JSON.stringify(rel)} ${message}`, [{ path: JSON.stringify(rel), message }]);

test('runner touch, append and mtime-keeping touch through a scenario symlink to an outside file are refused; nothing outside changes', async () => {
  const outside = mkdtempSync(join(tmpdir(), 'outside-'));
  const victim = join(outside, 'victim.txt');
  writeFileSync(victim, 'before\n');
  utimesSync(victim, 1_600_000_000, 1_600_000_000);
  const missing = join(outside, 'made.txt');
  const ws = createDiskWorkspace();
  try {
    const s = parseScenario({
      files: { out: { symlink: victim }, hop: { symlink: 'out' }, gone: { symlink: missing }, 'in.txt': 'inside\n', ok: { symlink: 'in.txt' } },
      turns: [],
    });
    await setupWorkspace(ws, s);
    const actions: [string, Action][] = [
      ['out', { touch: 'out' }],
      ['out', { touch: 'out', keepMtime: true }],
      ['out', { touch: 'out', content: 'after\n' }],
      ['out', { append: 'out', content: 'more\n' }],
      ['hop', { append: 'hop', content: 'more\n' }],
      ['gone', { touch: 'gone' }],
      ['gone', { touch: 'gone', content: 'x' }],
    ];
    for (const [rel, act] of actions) await expect(performAction(ws, act, [])).rejects.toEqual(refused(rel));
    expect(readFileSync(victim, 'utf8')).toBe('before\n');
    expect(statSync(victim).mtimeMs).toBe(1_600_000_000_000);
    expect(existsSync(missing)).toBe(false);
    expect(readdirSync(outside)).toEqual(['victim.txt']);
    // A link that stays inside still works, and deleting an outside link removes only the link.
    const log: Record<string, unknown>[] = [];
    await performAction(ws, { append: 'ok', content: 'more\n' }, log);
    await performAction(ws, { delete: 'out' }, log);
    expect(readFileSync(join(ws.info.cwd, 'in.txt'), 'utf8')).toBe('inside\nmore\n');
    expect(existsSync(join(ws.info.cwd, 'out'))).toBe(false);
    expect(readFileSync(victim, 'utf8')).toBe('before\n');
    expect(log).toEqual([
      { action: 'append', path: 'ok' },
      { action: 'delete', path: 'out' },
    ]);
  } finally {
    await ws.dispose();
    rmSync(outside, { recursive: true, force: true });
  }
});
