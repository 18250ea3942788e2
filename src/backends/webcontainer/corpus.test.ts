// A sample of the recorded corpus replayed on the WebContainer adapter (Node stand-in container):
// Glob and Grep through ripgrep as a guest program, Bash through the wrapper (cd, closed stdin),
// file tools on the mirror. Each must match what Claude Code 2.1.273 returned. The whole corpus
// (slow: a Node process per command) was measured by hand: 328 of 336 scenarios match, the rest
// are /bin/sh (dash) wording where the recording has bash.
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadExpected, loadScenario } from '../../cli/corpus';
import { compareResults } from '../../session/compare';
import { replayScenario } from '../../session/replay';
import { createPermissions } from '../../session/wiring';
import { ALL_TOOLS } from '../../tools/registry';
import { nodeGuestFiles } from './guest-node';
import { nodeStandIn, type StandIn } from './node-stand-in';
import { createWebContainerWorkspace } from './workspace';

const SAMPLE = ['grep-content', 'grep-count', 'grep-gitignore-respected', 'glob-brace', 'bash-cwd-persist', 'bash-stdin-closed', 'edit-crlf-file', 'bash-stdout-stderr'];
const dir = join(import.meta.dirname, '../../../conformance/scenarios');

let c: StandIn | undefined;
afterEach(() => c?.teardown());

it.each(SAMPLE)('%s replays as recorded', async (id) => {
  const s = loadScenario(join(dir, `${id}.json`));
  c = nodeStandIn();
  const ws = createWebContainerWorkspace(c, { guest: nodeGuestFiles });
  const { result } = await replayScenario(ws, s.scenario, s.id, { tools: ALL_TOOLS, permissions: createPermissions });
  expect(compareResults(loadExpected(s, undefined)!, result, 'model')).toEqual([]);
});
