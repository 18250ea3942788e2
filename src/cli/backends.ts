// The CLI's choice of backend (only entry points choose one).
import { createDiskWorkspace } from '../backends/disk';
import { createMemfsWorkspace } from '../backends/memfs';
import { createDiskSearch } from '../backends/search/disk';
import { nodeRipgrepLoader } from '../backends/search/loader-node';
import { createMemfsSearch } from '../backends/search/memfs';
import { createDiskShell } from '../backends/shell/disk';
import { createJustBashShell } from '../backends/shell/justbash';
import type { Workspace } from '../workspace/types';

export type CliBackend = 'memfs' | 'disk';

export function createWorkspace(backend: CliBackend): Workspace {
  return backend === 'memfs'
    ? createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock, { python: true }), search: (vol) => createMemfsSearch(vol, nodeRipgrepLoader) })
    : createDiskWorkspace({ shell: () => createDiskShell(), search: () => createDiskSearch() });
}
