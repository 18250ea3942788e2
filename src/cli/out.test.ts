import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { makeOutDir, OutError, writeOutFile } from './out';

test('--out under /proc or /sys is refused at once (Node’s own recursive mkdir loops there for good)', () => {
  const proc = new OutError(`--out: /proc/${process.pid} is on a kernel filesystem, not a place for results`);
  expect(() => makeOutDir('/proc/self/x')).toThrow(proc);
  expect(() => makeOutDir('/proc/self')).toThrow(proc);
  expect(() => makeOutDir('/sys/kernel')).toThrow(new OutError('--out: /sys/kernel is on a kernel filesystem, not a place for results'));
});

test('a result file that is a FIFO, a link or a folder is refused without waiting; a regular one is replaced', () => {
  const dir = mkdtempSync(join(tmpdir(), 'out-'));
  makeOutDir(join(dir, 'a/b'));
  execFileSync('mkfifo', [join(dir, 'fifo.json')]);
  symlinkSync(join(dir, 'elsewhere.json'), join(dir, 'link.json'));
  makeOutDir(join(dir, 'folder.json'));
  writeFileSync(join(dir, 'old.json'), 'a much longer old text\n');
  expect(() => writeOutFile(dir, 'fifo.json', '{}')).toThrow(
    new OutError(`cannot write ${dir}/fifo.json: ENXIO: no such device or address, open '${dir}/fifo.json'`),
  );
  expect(() => writeOutFile(dir, 'link.json', '{}')).toThrow(
    new OutError(`cannot write ${dir}/link.json: ELOOP: too many symbolic links encountered, open '${dir}/link.json'`),
  );
  expect(() => writeOutFile(dir, 'folder.json', '{}')).toThrow(
    new OutError(`cannot write ${dir}/folder.json: EISDIR: illegal operation on a directory, open '${dir}/folder.json'`),
  );
  writeOutFile(dir, 'old.json', '{}\n');
  writeOutFile(join(dir, 'a/b'), 'new.json', '[]\n');
  expect([readFileSync(join(dir, 'old.json'), 'utf8'), readFileSync(join(dir, 'a/b/new.json'), 'utf8')]).toEqual(['{}\n', '[]\n']);
});
