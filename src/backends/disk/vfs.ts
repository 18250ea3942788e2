// Vfs over the real filesystem (Node only: the CLI, tests and benchmarks).
import { promises as fsp, constants } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { toFsError, type Clock, type Vfs } from '../../workspace/types';
import { statFromNode } from '../memfs/vfs';

const run = promisify(execFile);

async function wrap<T>(syscall: string, path: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw toFsError(e, syscall, path);
  }
}

export class DiskVfs implements Vfs {
  constructor(private readonly clock: Clock) {}

  stat(path: string) {
    return wrap('stat', path, async () => statFromNode(await fsp.stat(path)));
  }
  lstat(path: string) {
    return wrap('lstat', path, async () => statFromNode(await fsp.lstat(path)));
  }
  async exists(path: string) {
    try {
      await fsp.access(path, constants.F_OK);
      return true;
    } catch {
      return false;
    }
  }
  readFile(path: string) {
    return wrap('read', path, async () => {
      const b = await fsp.readFile(path);
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    });
  }
  writeFile(path: string, data: Uint8Array, opts?: { mode?: number }) {
    return wrap('open', path, async () => {
      await fsp.writeFile(path, data);
      if (opts?.mode !== undefined) await fsp.chmod(path, opts.mode);
      const t = this.clock.now() / 1000;
      await fsp.utimes(path, t, t);
    });
  }
  mkdir(path: string, opts?: { recursive?: boolean }) {
    return wrap('mkdir', path, async () => {
      await fsp.mkdir(path, { recursive: opts?.recursive ?? false });
    });
  }
  readdir(path: string) {
    return wrap('scandir', path, async () => (await fsp.readdir(path)).sort());
  }
  rename(from: string, to: string) {
    return wrap('rename', from, () => fsp.rename(from, to));
  }
  unlink(path: string) {
    return wrap('unlink', path, () => fsp.unlink(path));
  }
  rm(path: string, opts?: { recursive?: boolean }) {
    return wrap('rm', path, () => fsp.rm(path, { recursive: opts?.recursive ?? false }));
  }
  realpath(path: string) {
    return wrap('realpath', path, () => fsp.realpath(path));
  }
  symlink(target: string, path: string) {
    return wrap('symlink', path, () => fsp.symlink(target, path));
  }
  readlink(path: string) {
    return wrap('readlink', path, () => fsp.readlink(path));
  }
  chmod(path: string, mode: number) {
    return wrap('chmod', path, () => fsp.chmod(path, mode));
  }
  utimes(path: string, mtimeMs: number) {
    return wrap('utime', path, () => fsp.utimes(path, mtimeMs / 1000, mtimeMs / 1000));
  }
  mkfifo(path: string) {
    return wrap('mkfifo', path, async () => {
      await run('mkfifo', [path]);
    });
  }
}
