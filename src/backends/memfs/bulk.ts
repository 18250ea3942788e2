// Writing many new files fast (an import): straight into the Volume's inode tree, one buffer
// copy per file, instead of the fd-based write path (open, grow, copy, stamp) that costs several
// look-ups and allocations a file. Only for paths that do not exist yet, into folders that do;
// the change feed is not told, so it is for a workspace no session watches yet.
import type { Volume } from 'memfs';
import type { Clock } from '../../workspace/types';

type Link = Volume['_core']['root'];

export function newFileWriter(
  vol: Volume,
  clock: Clock,
): {
  write(abs: string, bytes: Uint8Array, mode: number): boolean;
  /** Stamps the folders written into with the clock (adding an entry moved their mtime). */
  finish(): void;
} {
  const core = vol._core;
  const dirs = new Map<string, Link>();
  const t = new Date(clock.now());
  return {
    write(abs, bytes, mode) {
      const slash = abs.lastIndexOf('/');
      const dirPath = abs.slice(0, slash) || '/';
      let dir = dirs.get(dirPath);
      if (!dir) {
        const found = core.getResolvedLink(dirPath);
        if (!found || !found.getNode().isDirectory()) return false;
        dirs.set(dirPath, (dir = found));
      }
      const name = abs.slice(slash + 1);
      if (dir.children.has(name)) return false;
      const link = core.createLink(dir, name, false, mode);
      const node = link.getNode();
      // Bytes that fill their whole buffer were read for this import alone (ImportEntry.read's
      // contract): the file takes them over instead of copying them.
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      if (whole) (node as unknown as { _setBuf(b: Buffer): void })._setBuf(buf);
      else node.setBuffer(buf);
      node.atime = t;
      node.mtime = t;
      return true;
    },
    finish() {
      for (const d of dirs.values()) {
        const node = d.getNode();
        node.atime = t;
        node.mtime = t;
      }
    },
  };
}
