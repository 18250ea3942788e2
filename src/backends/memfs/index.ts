import { Volume } from 'memfs';
import type { Clock, Search, Shell, Workspace } from '../../workspace/types';
import { busySearch, busyShell, deterministicClock } from '../clock';
import { unavailableSearch, unavailableShell } from '../unavailable';
import { newFileWriter } from './bulk';
import { volumeChangeFeed } from './changes';
import { DIR_MODE, MemfsVfs } from './vfs';

export const MEMFS_ROOT = '/workspace';

export interface MemfsWorkspace extends Workspace {
  fs: MemfsVfs;
  vol: Volume;
  /** Writes an import's new files straight into the volume (bulk.ts). */
  newFileWriter: () => ReturnType<typeof newFileWriter>;
}

export interface MemfsOptions {
  clock?: Clock;
  /** Ports are plugged in by the entry point (browser or CLI), which knows how to load them. */
  shell?: (vol: Volume, clock: Clock) => Shell;
  search?: (vol: Volume) => Search;
  /** Where the workspace lives (default MEMFS_ROOT). */
  root?: string;
}

/** The host process as the volume sees it, with its user and group read once: the volume asks
 * for them on every path it walks (two system calls each time in Node), and they do not change
 * while it runs. Elsewhere the same as memfs's own default. fs-core's inode class still reads the
 * host's own on each node it makes and each permission it checks: this option does not reach it. */
function steadyProcess() {
  const host = (globalThis as { process?: Partial<NodeJS.Process> }).process;
  const uid = host?.getuid?.() ?? 0;
  const gid = host?.getgid?.() ?? 0;
  return {
    cwd: () => (host?.cwd ? host.cwd() : '/'),
    platform: host?.platform ?? 'linux',
    emitWarning: (message: string, type: string) =>
      host?.emitWarning ? host.emitWarning(message, type) : console.warn(`${type}: ${message}`),
    env: host?.env ?? {},
    getuid: () => uid,
    getgid: () => gid,
  };
}

export function createMemfsWorkspace(opts: MemfsOptions = {}): MemfsWorkspace {
  const vol = Volume.fromJSON({}, undefined, { process: steadyProcess() });
  const clock = opts.clock ?? deterministicClock();
  const root = opts.root ?? MEMFS_ROOT;
  const info = {
    root,
    cwd: `${root}/project`,
    home: `${root}/home`,
    tmp: `${root}/tmp`,
    platform: 'linux' as const,
    backend: 'memfs' as const,
  };
  // /tmp as on any Linux host (`cd /tmp`, `> /tmp/x`); the session's own TMPDIR is info.tmp.
  for (const d of [info.cwd, info.home, info.tmp, '/tmp'])
    vol.mkdirSync(d, { recursive: true, mode: DIR_MODE });
  // The project's parent is a folder of its own, as mkdtemp makes it for the recordings (`ls -la`
  // shows `..` as drwx------: bash-x-everyday-tools).
  vol.chmodSync(root, 0o700);
  const t = clock.now() / 1000;
  for (const d of ['/', root, info.cwd, info.home, info.tmp, '/tmp']) vol.utimesSync(d, t, t);
  const fs = new MemfsVfs(vol, clock);
  const shell = busyShell(
    opts.shell ? opts.shell(vol, clock) : unavailableShell('Bash is not available on this workspace yet'),
    clock,
  );
  return {
    fs,
    vol,
    changes: volumeChangeFeed(vol),
    newFileWriter: () => newFileWriter(vol, clock),
    clock,
    info,
    shell,
    search: busySearch(
      opts.search ? opts.search(vol) : unavailableSearch('ripgrep is not available on this workspace yet'),
      clock,
    ),
    dispose: () => {
      shell.dispose?.();
      return Promise.resolve();
    },
  };
}
