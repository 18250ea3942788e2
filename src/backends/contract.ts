// The Workspace contract (DESIGN §3.1): one suite, run against every backend that can start.
import { describe, expect, it, beforeEach, afterEach } from 'vitest';
import { FsError, isFsError, type Workspace } from '../workspace/types';

const bytes = (...b: number[]) => new Uint8Array(b);
const enc = (s: string) => new TextEncoder().encode(s);

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return isFsError(e) ? `${e.code} ${e.syscall}` : `not an FsError: ${String(e)}`;
  }
}

export function workspaceContract(name: string, make: () => Workspace | Promise<Workspace>): void {
  describe(`Workspace contract: ${name}`, () => {
    let ws: Workspace;
    beforeEach(async () => {
      ws = await make();
    });
    afterEach(async () => {
      await ws.dispose();
    });

    it('lays out project, home and tmp under one root', async () => {
      const { root, cwd, home, tmp } = ws.info;
      expect([cwd, home, tmp]).toEqual([`${root}/project`, `${root}/home`, `${root}/tmp`]);
      for (const d of [cwd, home, tmp]) expect((await ws.fs.stat(d)).type).toBe('dir');
    });

    it('keeps bytes exact: binary, BOM, CRLF, UTF-16LE', async () => {
      const cases: [string, Uint8Array][] = [
        ['bin', bytes(0, 1, 2, 255, 254, 0, 10, 13)],
        ['bom.txt', bytes(0xef, 0xbb, 0xbf, 0x61, 0x0a)],
        ['crlf.txt', enc('a\r\nb\r\n')],
        ['utf16.txt', bytes(0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00)],
        ['empty', bytes()],
      ];
      for (const [n, b] of cases) await ws.fs.writeFile(`${ws.info.cwd}/${n}`, b);
      for (const [n, b] of cases) expect(Array.from(await ws.fs.readFile(`${ws.info.cwd}/${n}`))).toEqual(Array.from(b));
      expect((await ws.fs.stat(`${ws.info.cwd}/bin`)).size).toBe(8);
    });

    it('sets and reads mtimes in milliseconds', async () => {
      const f = `${ws.info.cwd}/m.txt`;
      await ws.fs.writeFile(f, enc('x'));
      await ws.fs.utimes(f, 1_700_000_060_000);
      expect((await ws.fs.stat(f)).mtimeMs).toBe(1_700_000_060_000);
      const before = ws.clock.now();
      await ws.fs.writeFile(f, enc('y'));
      expect((await ws.fs.stat(f)).mtimeMs).toBeGreaterThanOrEqual(Math.floor(before) - 1000);
    });

    it('keeps a mode across rewrites and sets one on request', async () => {
      const f = `${ws.info.cwd}/x.sh`;
      await ws.fs.writeFile(f, enc('#!/bin/sh\n'), { mode: 0o755 });
      expect((await ws.fs.stat(f)).mode).toBe(0o755);
      await ws.fs.writeFile(f, enc('#!/bin/sh\necho\n'));
      expect((await ws.fs.stat(f)).mode).toBe(0o755);
      await ws.fs.chmod(f, 0o600);
      expect((await ws.fs.stat(f)).mode).toBe(0o600);
    });

    it('follows symlinks in stat and readFile but not in lstat', async () => {
      const { cwd } = ws.info;
      await ws.fs.writeFile(`${cwd}/target.txt`, enc('t'));
      await ws.fs.symlink('target.txt', `${cwd}/link`);
      await ws.fs.symlink('missing.txt', `${cwd}/dangling`);
      expect((await ws.fs.lstat(`${cwd}/link`)).type).toBe('symlink');
      expect((await ws.fs.stat(`${cwd}/link`)).type).toBe('file');
      expect(await ws.fs.readlink(`${cwd}/link`)).toBe('target.txt');
      expect(await ws.fs.realpath(`${cwd}/link`)).toBe(`${cwd}/target.txt`);
      expect(new TextDecoder().decode(await ws.fs.readFile(`${cwd}/link`))).toBe('t');
      expect(await code(ws.fs.stat(`${cwd}/dangling`))).toBe('ENOENT stat');
      expect((await ws.fs.lstat(`${cwd}/dangling`)).type).toBe('symlink');
    });

    it('creates, lists, renames and removes directories', async () => {
      const { cwd } = ws.info;
      await ws.fs.mkdir(`${cwd}/a/b/c`, { recursive: true });
      await ws.fs.writeFile(`${cwd}/a/b/z.txt`, enc('z'));
      await ws.fs.writeFile(`${cwd}/a/b/A.txt`, enc('A'));
      expect(await ws.fs.readdir(`${cwd}/a/b`)).toEqual(['A.txt', 'c', 'z.txt']);
      await ws.fs.rename(`${cwd}/a/b/z.txt`, `${cwd}/a/z.txt`);
      expect(await ws.fs.readdir(`${cwd}/a`)).toEqual(['b', 'z.txt']);
      expect(await ws.fs.exists(`${cwd}/a/b/z.txt`)).toBe(false);
      expect(await code(ws.fs.rm(`${cwd}/a`))).not.toBe('ok');
      await ws.fs.rm(`${cwd}/a`, { recursive: true });
      expect(await ws.fs.exists(`${cwd}/a`)).toBe(false);
    });

    it('reports errors with codes', async () => {
      const { cwd } = ws.info;
      await ws.fs.writeFile(`${cwd}/f`, enc('f'));
      await ws.fs.mkdir(`${cwd}/d`);
      expect(await code(ws.fs.readFile(`${cwd}/nope`))).toBe('ENOENT read');
      expect(await code(ws.fs.readFile(`${cwd}/d`))).toBe('EISDIR read');
      expect(await code(ws.fs.readdir(`${cwd}/f`))).toBe('ENOTDIR scandir');
      expect(await code(ws.fs.mkdir(`${cwd}/d`))).toBe('EEXIST mkdir');
      expect(await code(ws.fs.writeFile(`${cwd}/nope/x`, enc('')))).toBe('ENOENT open');
      expect(await code(ws.fs.unlink(`${cwd}/nope`))).toBe('ENOENT unlink');
      const e = new FsError('EISDIR', 'read', '/x');
      expect(e.message).toBe("EISDIR: illegal operation on a directory, read '/x'");
    });
  });
}
