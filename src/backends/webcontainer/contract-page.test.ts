// The in-page contract (what e2e runs against a real container) over the Node stand-in, so its
// checks are known to pass on a faithful container and to fail on a broken one.
import { afterEach, expect, it } from 'vitest';
import { runPageContract } from './contract-page';
import { nodeGuestFiles } from './guest-node';
import { nodeStandIn, type StandIn } from './node-stand-in';
import { createWebContainerWorkspace } from './workspace';

let c: StandIn;
afterEach(() => c.teardown());

it('passes on a container that behaves', async () => {
  c = nodeStandIn();
  expect(await runPageContract(() => createWebContainerWorkspace(c, { guest: nodeGuestFiles }))).toEqual([]);
});

it('reports a container that loses stderr', async () => {
  c = nodeStandIn();
  const spawn = c.spawn.bind(c);
  c.spawn = (cmd, args, o) => spawn(cmd, cmd === 'jsh' ? ['-c', `{ ${args[1]}\n} 2>/dev/null`] : args, o);
  expect(await runPageContract(() => createWebContainerWorkspace(c, { guest: nodeGuestFiles }))).toEqual([
    'stdout and stderr merged, exit code kept: got ["out\\n","",3], want ["out\\nerr\\n","",3]',
  ]);
});
