// Search over a memfs Volume: ripgrep's wasm through our WASI shim, reading the same volume the
// other tools write (one filesystem, never a copy).

import type { Volume } from 'memfs';
import type { Search } from '../../workspace/types';
import { defaultRipgrepLoader } from './loader';
import { runRipgrep, type RipgrepModuleLoader } from './run';
import { fromNodeDirents, fromNodeStats, type NodeLikeDirent, type SyncFs } from './syncfs';

export function memfsSyncFs(vol: Volume): SyncFs {
  return {
    openRead: (p) => vol.openSync(p, 'r'),
    read: (fd, buf, off, len, pos) => vol.readSync(fd, buf, off, len, pos),
    close: (fd) => vol.closeSync(fd),
    fstat: (fd) => fromNodeStats(vol.fstatSync(fd)),
    stat: (p) => fromNodeStats(vol.statSync(p)),
    lstat: (p) => fromNodeStats(vol.lstatSync(p)),
    readdir: (p) => fromNodeDirents(vol.readdirSync(p, { withFileTypes: true }) as NodeLikeDirent[]),
    readlink: (p) => String(vol.readlinkSync(p)),
  };
}

export function createMemfsSearch(vol: Volume, loader: RipgrepModuleLoader = defaultRipgrepLoader()): Search {
  const fs = memfsSyncFs(vol);
  return {
    async run(args, opts) {
      return runRipgrep(await loader(), fs, args, opts);
    },
  };
}
