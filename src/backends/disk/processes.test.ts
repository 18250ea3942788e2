import { expect, test } from 'vitest';
import { createDiskShell } from '../shell/disk';
import { createDiskWorkspace } from '.';
import { scenarioProcesses } from './processes';

test('nothing a disk scenario started runs after it ends: setsid, a subshell and nohup jobs included', async () => {
  const ws = createDiskWorkspace({ shell: () => createDiskShell() });
  const env = { HOME: ws.info.home, PATH: '/usr/local/bin:/usr/bin:/bin' };
  const run = (command: string) => ws.shell.run(command, { cwd: ws.info.cwd, env, timeoutMs: 10_000 });
  const results = [];
  for (const command of ['setsid sleep 45 &', '(sleep 46 &)', 'nohup sleep 47 > /dev/null 2>&1 &', 'cd / && setsid sleep 48 &'])
    results.push((await run(command)).exitCode);
  expect(results).toEqual([0, 0, 0, 0]);
  expect(scenarioProcesses(ws.info.root, ws.info.home).length).toBeGreaterThanOrEqual(4);
  await ws.dispose();
  expect(scenarioProcesses(ws.info.root, ws.info.home)).toEqual([]);
});
