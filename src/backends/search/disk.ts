// Search over the real filesystem (Node): the same ripgrep wasm and WASI shim as memfs, over
// node:fs, so the disk backend and the in-memory one behave alike.

import * as nfs from 'node:fs';
import type { Search } from '../../workspace/types';
import { nodeRipgrepLoader } from './loader-node';
import { runRipgrep, type RipgrepModuleLoader } from './run';
import { fromNodeDirents, fromNodeStats, type SyncFs } from './syncfs';

/** A missing path is the common case (ripgrep probes .gitignore, .ignore, .git... in every
 * directory): ask Node not to build an exception with a stack for it. */
const ENOENT = { code: 'ENOENT' };
function found<T>(v: T | undefined): T {
  if (v === undefined) throw ENOENT;
  return v;
}

export const nodeSyncFs: SyncFs = {
  openRead: (p) => nfs.openSync(p, 'r'),
  read: (fd, buf, off, len, pos) => nfs.readSync(fd, buf, off, len, pos),
  close: (fd) => nfs.closeSync(fd),
  fstat: (fd) => fromNodeStats(nfs.fstatSync(fd)),
  stat: (p) => fromNodeStats(found(nfs.statSync(p, { throwIfNoEntry: false }))),
  lstat: (p) => fromNodeStats(found(nfs.lstatSync(p, { throwIfNoEntry: false }))),
  readdir: (p) => fromNodeDirents(nfs.readdirSync(p, { withFileTypes: true })),
  readlink: (p) => nfs.readlinkSync(p),
};

export function createDiskSearch(loader: RipgrepModuleLoader = nodeRipgrepLoader): Search {
  return {
    async run(args, opts) {
      return runRipgrep(await loader(), nodeSyncFs, args, opts);
    },
  };
}
