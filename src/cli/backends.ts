// The CLI's choice of backend (only entry points choose one).
import { createDiskWorkspace } from '../backends/disk';
import { createMemfsWorkspace } from '../backends/memfs';
import type { Workspace } from '../workspace/types';

export type CliBackend = 'memfs' | 'disk';

export function createWorkspace(backend: CliBackend): Workspace {
  return backend === 'memfs' ? createMemfsWorkspace() : createDiskWorkspace();
}
