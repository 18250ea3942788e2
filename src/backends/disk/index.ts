import { mkdtempSync, realpathSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock, Search, Shell, Workspace } from '../../workspace/types';
import { busySearch, busyShell, busyVfs, wallClock } from '../clock';
import { unavailableSearch, unavailableShell } from '../unavailable';
import { endScenarioProcesses } from './processes';
import { removeTree } from './remove';
import { DiskVfs } from './vfs';

export interface DiskOptions {
  clock?: Clock;
  shell?: () => Shell;
  search?: () => Search;
  /** An empty folder to use as the root (else a new one under the system's temp folder). */
  root?: string;
}

/** A fresh temp root laid out like the oracle's: project/ (cwd), home/, tmp/. */
export function createDiskWorkspace(opts: DiskOptions = {}): Workspace {
  const root = realpathSync(opts.root ?? mkdtempSync(join(tmpdir(), 'orc-')));
  const info = { root, cwd: join(root, 'project'), home: join(root, 'home'), tmp: join(root, 'tmp'), platform: 'linux' as const, backend: 'disk' as const };
  for (const d of [info.cwd, info.home, info.tmp]) mkdirSync(d, { recursive: true });
  const clock = opts.clock ?? wallClock();
  const shell = opts.shell ? opts.shell() : unavailableShell('Bash is not available on this workspace yet');
  return {
    fs: busyVfs(new DiskVfs(clock), clock),
    clock,
    info,
    shell: busyShell(shell, clock),
    search: busySearch(
      opts.search ? opts.search() : unavailableSearch('ripgrep is not available on this workspace yet'),
      clock,
    ),
    dispose: () => {
      shell.dispose?.();
      endScenarioProcesses(root, info.home);
      removeTree(root);
      return Promise.resolve();
    },
  };
}
