import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../memfs';
import { deterministicClock } from '../clock';
import { createJustBashShell } from './justbash';
import { humanSize, lsDate } from './ls-long';
import { channelWorker } from './testing';
import { createWorkerShell } from './worker/host';

const START = Date.UTC(2027, 0, 15, 8, 0, 0);
const OLD = Date.UTC(2023, 10, 14, 22, 13, 20) / 1000;

/** A workspace laid out as a scenario lays it out: old files, a folder, a link; then the shell. */
async function workspace(inWorker: boolean) {
  const ws = createMemfsWorkspace({
    clock: deterministicClock(START),
    shell: (vol, clock) =>
      inWorker ? createWorkerShell(vol, clock, { spawn: channelWorker }) : createJustBashShell(vol, clock),
  });
  const cwd = ws.info.cwd;
  const enc = new TextEncoder();
  await ws.fs.writeFile(`${cwd}/a.txt`, enc.encode('hi\n'));
  await ws.fs.mkdir(`${cwd}/d`);
  await ws.fs.writeFile(`${cwd}/d/x`, enc.encode('x'));
  await ws.fs.writeFile(`${cwd}/big.txt`, enc.encode('ab'.repeat(3000)));
  for (const f of ['a.txt', 'd/x', 'big.txt']) ws.vol.utimesSync(`${cwd}/${f}`, OLD, OLD);
  await ws.fs.symlink('a.txt', `${cwd}/l`);
  const opts = { cwd, env: { HOME: ws.info.home }, timeoutMs: 10_000 };
  return { ws, opts };
}

describe('ls -l and date on the in-memory workspace tell the workspace clock’s time', () => {
  for (const inWorker of [false, true]) {
    it(`lists as GNU ls does, dated against the workspace clock (${inWorker ? 'worker' : 'in process'})`, async () => {
      const { ws, opts } = await workspace(inWorker);
      const r = await ws.shell.run(
        'touch n.txt; mkdir m; ls -la; ls -lh d l; ls -ld d; date; date -u +%Y',
        opts,
      );
      await ws.dispose();
      expect(r.stderr).toEqual('');
      expect(r.stdout).toEqual(
        [
          'total 28',
          'drwxr-xr-x 4 root root 4096 Jan 15 08:00 .',
          'drwx------ 5 root root 4096 Jan 15 08:00 ..',
          '-rw-r--r-- 1 root root    3 Nov 14  2023 a.txt',
          '-rw-r--r-- 1 root root 6000 Nov 14  2023 big.txt',
          'drwxr-xr-x 2 root root 4096 Jan 15 08:00 d',
          'lrwxrwxrwx 1 root root    5 Jan 15 08:00 l -> a.txt',
          'drwxr-xr-x 2 root root 4096 Jan 15 08:00 m',
          '-rw-r--r-- 1 root root    0 Jan 15 08:00 n.txt',
          'lrwxrwxrwx 1 root root 5 Jan 15 08:00 l -> a.txt',
          '',
          'd:',
          'total 4.0K',
          '-rw-r--r-- 1 root root 1 Nov 14  2023 x',
          'drwxr-xr-x 2 root root 4096 Jan 15 08:00 d',
          'Fri Jan 15 08:00:00 UTC 2027',
          '2027',
          '',
        ].join('\n'),
      );
    });
  }

  it('stamps a folder whose entries change with the clock, not the real time', async () => {
    const { ws, opts } = await workspace(false);
    ws.vol.utimesSync(`${ws.info.cwd}/d`, OLD, OLD);
    await ws.shell.run('rm d/x', opts);
    const mtime = Number(ws.vol.statSync(`${ws.info.cwd}/d`).mtimeMs);
    await ws.dispose();
    expect(mtime >= START && mtime < START + 1000).toBe(true);
  });

  it('formats sizes and dates as GNU does', () => {
    expect([0, 1023, 1024, 1536, 4096, 10_240, 10_241, 1_048_576, 5_000_000_000].map(humanSize)).toEqual([
      '0',
      '1023',
      '1.0K',
      '1.5K',
      '4.0K',
      '10K',
      '11K',
      '1.0M',
      '4.7G',
    ]);
    const now = Date.UTC(2027, 0, 15, 8, 0);
    expect(
      [now, now - 100 * 86_400_000, now - 200 * 86_400_000, now + 60_000, Date.UTC(2026, 0, 5, 9, 7)].map(
        (t) => lsDate(t, now),
      ),
    ).toEqual(['Jan 15 08:00', 'Oct  7 08:00', 'Jun 29  2026', 'Jan 15  2027', 'Jan  5  2026']);
  });
});
