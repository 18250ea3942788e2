import { describe, expect, it } from 'vitest';
import { Volume } from 'memfs';
import { deterministicClock } from '../backends/clock';
import { MemfsVfs } from '../backends/memfs/vfs';
import { collectTree, snapshotFiles } from './tree';

describe('collectTree', () => {
  it('records a file or folder it may not read (chmod 000) as unreadable instead of failing', async () => {
    const vol = new Volume();
    vol.mkdirSync('/p/d', { recursive: true });
    vol.writeFileSync('/p/a.txt', 'hi\n');
    vol.writeFileSync('/p/b.txt', 'ok\n');
    vol.writeFileSync('/p/d/c.txt', 'x\n');
    vol.chmodSync('/p/a.txt', 0);
    vol.chmodSync('/p/d', 0);
    const fs = new MemfsVfs(vol, deterministicClock());
    const tree = await collectTree(fs, '/p', () => false);
    const snapshot = await snapshotFiles(fs, '/p');
    expect([{ ...tree }, [...snapshot.keys()]]).toEqual([
      { 'a.txt': { unreadable: 'EACCES' }, 'b.txt': 'ok\n', 'd/': { unreadable: 'EACCES' } },
      ['/p/b.txt'],
    ]);
  });
});
