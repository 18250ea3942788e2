// The CLI's choice of backend (only entry points choose one).
import { deterministicClock, wallClock } from '../backends/clock';
import { createDiskWorkspace } from '../backends/disk';
import { createMemfsWorkspace } from '../backends/memfs';
import { createDiskSearch } from '../backends/search/disk';
import { nodeRipgrepLoader } from '../backends/search/loader-node';
import { createMemfsSearch } from '../backends/search/memfs';
import { createDiskShell } from '../backends/shell/disk';
import { createJustBashShell } from '../backends/shell/justbash';
import { createWorkerPool, createWorkerShell, type WorkerPool } from '../backends/shell/worker/host';
import { createNodeServices } from '../backends/node-services';
import { withServices, type Workspace, type WorkspaceServices } from '../workspace/types';
import type { CliBackend } from './backend-names';
import { threadWorker } from './shell-thread';

export type { CliBackend } from './backend-names';

/** The CLI's memfs root has the length of the oracle's (`/tmp/orc-` and six characters, as
 * mkdtemp makes it): a few results depend on the length of a path they name, and the compare
 * step sees paths only as $ROOT/$CWD/$TMP (task-output-large: TaskOutput keeps the last 32,000
 * characters of header and output together, and its header names the output file). */
export const CLI_MEMFS_ROOT = '/tmp/orc-memfs0';

/** One pool for every workspace of the run: a worker thread takes about a second to start. */
let threads: WorkerPool | undefined;
/** The same for the memfs backend's detached commands, whose shell has python3 as its in-process one does. */
let pythonThreads: WorkerPool | undefined;
/** One language service, image codec and PDF engine for the run: each loads once. */
let services: WorkspaceServices | undefined;

export interface WorkspaceHooks {
  /** Each disk command's process group (DiskShellOptions.onSpawn). */
  onSpawn?: (pgid: number) => void;
  /** The disk workspace's root, an empty folder (DiskOptions.root). */
  root?: string;
}

export function createWorkspace(backend: CliBackend, hooks: WorkspaceHooks = {}): Workspace {
  return withServices(backendWorkspace(backend, hooks), (services ??= createNodeServices()));
}

function backendWorkspace(backend: CliBackend, hooks: WorkspaceHooks): Workspace {
  // A replay's timers skip ahead when nothing but them is left to run; real work (a command, a
  // search, a real process on disk) keeps real time while it runs.
  if (backend === 'memfs-worker')
    return createMemfsWorkspace({
      root: CLI_MEMFS_ROOT,
      clock: deterministicClock(undefined, { skipIdle: true }),
      shell: (vol, clock) =>
        createWorkerShell(vol, clock, { pool: (threads ??= createWorkerPool(() => threadWorker(), 2)) }),
      search: (vol) => createMemfsSearch(vol, nodeRipgrepLoader),
    });
  return backend === 'memfs'
    ? createMemfsWorkspace({
        root: CLI_MEMFS_ROOT,
        clock: deterministicClock(undefined, { skipIdle: true }),
        shell: (vol, clock) => {
          // In process, a busy loop holds the thread until its deadline (just-bash never
          // yields); a background task runs in a worker thread instead, so TaskStop can end it.
          const here = createJustBashShell(vol, clock, { python: true });
          // The thread starts now (once per process): a loop started in the first turn runs at once.
          pythonThreads ??= createWorkerPool(() => threadWorker({ python: true }), 2);
          pythonThreads.warm();
          let apart: ReturnType<typeof createWorkerShell> | undefined;
          return {
            run: (command, opts) =>
              opts.detached
                ? (apart ??= createWorkerShell(vol, clock, {
                    pool: pythonThreads ?? createWorkerPool(() => threadWorker({ python: true }), 2),
                  })).run(command, opts)
                : here.run(command, opts),
            dispose: () => apart?.dispose(),
          };
        },
        search: (vol) => createMemfsSearch(vol, nodeRipgrepLoader),
      })
    : createDiskWorkspace({
        root: hooks.root,
        clock: wallClock({ skipIdle: true }),
        shell: () => createDiskShell({ onSpawn: hooks.onSpawn }),
        search: () => createDiskSearch(),
      });
}
