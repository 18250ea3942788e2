import { Volume } from 'memfs';
import { expect, it } from 'vitest';
import { nodeRipgrepLoader } from './loader-node';
import { memfsSyncFs } from './memfs';
import { runRipgrep } from './run';

it('keeps only the first bytes of a run whose output passes the cap, and still reports the exit code', async () => {
  const vol = new Volume();
  vol.mkdirSync('/p', { recursive: true });
  for (let i = 0; i < 50; i++) vol.writeFileSync(`/p/f${String(i).padStart(2, '0')}.txt`, 'hit\n');
  const r = await runRipgrep(await nodeRipgrepLoader(), memfsSyncFs(vol), ['--files', '--sort', 'path'], {
    cwd: '/p',
    outputCapBytes: 20,
  });
  expect(r).toEqual({ stdout: 'f00.txt\nf01.txt\nf02.', stderr: '', code: 0 });
});
