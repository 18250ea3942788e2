// Search over a memfs Volume: ripgrep's wasm through our WASI shim, reading the same volume the
// other tools write (one filesystem, never a copy).
//
// The SyncFs walks the volume's inode tree (`vol._core`, typed public API) instead of calling
// Volume.openSync/statSync/readSync: those recompute the caller's uid and gid (two syscalls in
// Node) and allocate Dates and Error stacks on every call, which made a 10,000-file search 4x
// slower than native rg. Walking the tree ourselves also means no fd in memfs' own table. Like
// native rg running as root, permission bits are not checked; reads do not touch atime.

import type { Volume } from 'memfs';
import type { Search } from '../../workspace/types';
import { browserRipgrepLoader } from './loader';
import { runRipgrep, type RipgrepModuleLoader } from './run';
import {
  FT_CHARACTER_DEVICE,
  FT_DIRECTORY,
  FT_REGULAR_FILE,
  FT_SYMBOLIC_LINK,
  FT_UNKNOWN,
  type SyncDirent,
  type SyncFs,
  type SyncStat,
} from './syncfs';
import { resolvePosix } from './wasi';

type Link = Volume['_core']['root'];
type INode = ReturnType<Link['getNode']>;

/** Thrown like a Node fs error (only `code` is read); no stack trace to capture. */
class CodeError {
  constructor(readonly code: string) {}
}

const MAX_SYMLINK_HOPS = 40;

function filetype(n: INode): number {
  if (n.isFile()) return FT_REGULAR_FILE;
  if (n.isDirectory()) return FT_DIRECTORY;
  if (n.isSymlink()) return FT_SYMBOLIC_LINK;
  if (n.isCharacterDevice()) return FT_CHARACTER_DEVICE;
  return FT_UNKNOWN;
}

function statOf(n: INode): SyncStat {
  return {
    filetype: filetype(n),
    size: n.getSize(),
    mtimeMs: n.mtime.getTime(),
    ino: n.ino,
    dev: 0,
    nlink: n.nlink,
  };
}

/** One run's view of the volume (a run is synchronous: nothing changes the volume meanwhile). */
export function memfsSyncFs(vol: Volume): SyncFs {
  const core = vol._core;
  const open = new Map<number, INode>();
  let nextFd = 1;
  /** Directories already resolved this run, by path: ripgrep opens each file by its full path,
   * and walking every path from the root was most of an open's time. */
  const dirs = new Map<string, Link>();

  /** Resolves an absolute path to its link; follows symlinks in the middle, and at the end if asked. */
  const walk = (path: string, followLast: boolean): Link => {
    const slash = path.lastIndexOf('/');
    const name = path.slice(slash + 1);
    if (slash > 0 && name !== '' && name !== '.' && name !== '..') {
      const parentPath = path.slice(0, slash);
      let parent = dirs.get(parentPath);
      if (!parent) {
        parent = walkFromRoot(parentPath, true);
        if (!parent.getNode().isDirectory()) throw new CodeError('ENOTDIR');
        dirs.set(parentPath, parent);
      }
      const child = parent.children.get(name);
      if (!child) throw new CodeError('ENOENT');
      if (!followLast || !child.getNode().isSymlink()) return child;
    }
    return walkFromRoot(path, followLast);
  };
  const walkFromRoot = (path: string, followLast: boolean): Link => {
    let steps = path.split('/').filter((s) => s !== '');
    let link = core.root;
    let hops = 0;
    for (let i = 0; i < steps.length; i++) {
      if (!link.getNode().isDirectory()) throw new CodeError('ENOTDIR');
      const child = link.children.get(steps[i]!);
      if (!child) throw new CodeError('ENOENT');
      const node = child.getNode();
      if (node.isSymlink() && (followLast || i < steps.length - 1)) {
        if (++hops > MAX_SYMLINK_HOPS) throw new CodeError('ELOOP');
        const parent = `/${steps.slice(0, i).join('/')}`;
        const target = resolvePosix(parent, node.symlink);
        steps = [...target.split('/').filter((s) => s !== ''), ...steps.slice(i + 1)];
        link = core.root;
        i = -1;
        continue;
      }
      link = child;
    }
    return link;
  };
  const fdNode = (fd: number): INode => {
    const n = open.get(fd);
    if (!n) throw new CodeError('EBADF');
    return n;
  };

  return {
    openRead(p) {
      const fd = nextFd++;
      open.set(fd, walk(p, true).getNode());
      return fd;
    },
    read(fd, buf, off, len, pos) {
      const node = fdNode(fd);
      if (node.isDirectory()) throw new CodeError('EISDIR');
      const size = node.getSize();
      const at = pos ?? 0;
      if (at >= size) return 0;
      const n = Math.min(len, size - at);
      buf.set(node.buf.subarray(at, at + n), off);
      return n;
    },
    contents(fd) {
      const node = fdNode(fd);
      if (node.isDirectory()) throw new CodeError('EISDIR');
      const buf = node.buf;
      const size = node.getSize();
      // Usually the whole buffer; a Buffer's own subarray is several times slower to make.
      return size === buf.length ? buf : new Uint8Array(buf.buffer, buf.byteOffset, size);
    },
    close(fd) {
      if (!open.delete(fd)) throw new CodeError('EBADF');
    },
    fstat: (fd) => statOf(fdNode(fd)),
    stat: (p) => statOf(walk(p, true).getNode()),
    lstat: (p) => statOf(walk(p, false).getNode()),
    readdir(p) {
      const link = walk(p, true);
      if (!link.getNode().isDirectory()) throw new CodeError('ENOTDIR');
      const out: SyncDirent[] = [];
      for (const [name, child] of link.children) {
        if (!child || name === '.' || name === '..') continue;
        out.push({ name, filetype: filetype(child.getNode()) });
      }
      // Volume.readdirSync's order (by code unit), which Vfs.readdir also promises.
      return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    readlink(p) {
      const node = walk(p, false).getNode();
      if (!node.isSymlink()) throw new CodeError('EINVAL');
      return node.symlink;
    },
  };
}

/** The loader defaults to the browser's (this backend's home); Node callers pass
 * nodeRipgrepLoader from loader-node.ts. */
export function createMemfsSearch(vol: Volume, loader: RipgrepModuleLoader = browserRipgrepLoader): Search {
  return {
    async run(args, opts) {
      return runRipgrep(await loader(), memfsSyncFs(vol), args, opts);
    },
  };
}
