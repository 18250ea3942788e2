// The workspace's Vfs on WebContainer: a memfs mirror of the container's workdir. WebContainer's
// fs API has no stat, lstat, symlink, readlink, chmod or utimes, and every call is a message to
// another thread, so the tools read and write the mirror (the same MemfsVfs as the memfs backend:
// the same FsError codes, bytes exact) and the mirror records what it changed; the shell and
// search push those paths into the container before they run and pull the container's changes
// back after a command.
import type { Volume } from 'memfs';
import type { Clock, Vfs } from '../../workspace/types';
import { MemfsVfs } from '../memfs/vfs';

export class MirrorVfs implements Vfs {
  readonly inner: MemfsVfs;
  /** Paths whose subtree differs from the container (pushed before the next command). */
  readonly dirty = new Set<string>();

  constructor(
    readonly vol: Volume,
    clock: Clock,
  ) {
    this.inner = new MemfsVfs(vol, clock);
  }

  private async mark<T>(op: Promise<T>, ...paths: string[]): Promise<T> {
    const r = await op;
    for (const p of paths) this.dirty.add(p);
    return r;
  }

  stat(path: string) {
    return this.inner.stat(path);
  }
  lstat(path: string) {
    return this.inner.lstat(path);
  }
  exists(path: string) {
    return this.inner.exists(path);
  }
  readFile(path: string) {
    return this.inner.readFile(path);
  }
  readdir(path: string) {
    return this.inner.readdir(path);
  }
  realpath(path: string) {
    return this.inner.realpath(path);
  }
  readlink(path: string) {
    return this.inner.readlink(path);
  }
  writeFile(path: string, data: Uint8Array, opts?: { mode?: number }) {
    return this.mark(this.inner.writeFile(path, data, opts), path);
  }
  async mkdir(path: string, opts?: { recursive?: boolean }) {
    // Only what did not exist: `mkdir -p` of an existing tree must not re-push the tree.
    let top = path;
    for (let p = path; p !== '/' && !this.vol.existsSync(p); p = p.slice(0, p.lastIndexOf('/')) || '/') top = p;
    const created = !this.vol.existsSync(path);
    await this.inner.mkdir(path, opts);
    if (created) this.dirty.add(top);
  }
  rename(from: string, to: string) {
    return this.mark(this.inner.rename(from, to), from, to);
  }
  unlink(path: string) {
    return this.mark(this.inner.unlink(path), path);
  }
  rm(path: string, opts?: { recursive?: boolean }) {
    return this.mark(this.inner.rm(path, opts), path);
  }
  symlink(target: string, path: string) {
    return this.mark(this.inner.symlink(target, path), path);
  }
  chmod(path: string, mode: number) {
    return this.mark(this.inner.chmod(path, mode), path);
  }
  utimes(path: string, mtimeMs: number) {
    return this.mark(this.inner.utimes(path, mtimeMs), path);
  }
  mkfifo(path: string) {
    return this.inner.mkfifo(path);
  }
}
