import { createDiskWorkspace } from './disk';
import { createMemfsWorkspace } from './memfs';
import { workspaceContract } from './contract';

workspaceContract('memfs', () => createMemfsWorkspace());
workspaceContract('disk', () => createDiskWorkspace());
