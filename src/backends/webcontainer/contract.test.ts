// The Workspace contract against the WebContainer adapter, with a Node stand-in for the
// container (node-stand-in.ts): the mirror, the sync both ways, jsh via spawn and ripgrep as a
// guest Node program all run for real. The real container only boots in a browser with network:
// e2e/webcontainer.spec.ts tries it and reports the skip with its reason.
import { workspaceContract } from '../contract';
import { nodeGuestFiles } from './guest-node';
import { nodeStandIn } from './node-stand-in';
import { createWebContainerWorkspace } from './workspace';

workspaceContract('webcontainer adapter (Node stand-in container)', () => {
  const c = nodeStandIn();
  const ws = createWebContainerWorkspace(c, { guest: nodeGuestFiles });
  return { ...ws, dispose: async () => c.teardown() };
});
