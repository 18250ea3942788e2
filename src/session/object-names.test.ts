// Names that are also Object.prototype's properties (`constructor`, `__proto__`, ...) reach
// name-keyed tables from the model's input; they must be unknown names, never a crash.
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../backends/memfs';
import { createJustBashShell } from '../backends/shell/justbash';
import type { Scenario } from '../scenario/schema';
import { ALL_TOOLS } from '../tools/registry';
import { unknownReleaseMessage } from '../profiles/releases';
import { replayScenario } from './replay';
import { createPermissions } from './wiring';

const OBJECT_NAMES = ['constructor', 'valueOf', 'toString', 'hasOwnProperty', '__proto__'];

async function replay(turns: Scenario['turns']) {
  const ws = createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });
  const scen: Scenario = { id: 'names', area: 'names', description: 'names', files: {}, turns };
  const { result } = await replayScenario(ws, scen, 'names', {
    tools: ALL_TOOLS,
    permissions: createPermissions,
  });
  return result.turns.map((t) => t.calls.map((c) => [c.tool, c.is_error, c.content]));
}

const notFound = (name: string) => `Exit code 127\n/bin/bash: line 1: ${name}: command not found`;

describe('commands named like Object properties', () => {
  it('run as unknown commands, alone and as a later command of a list', async () => {
    const commands = OBJECT_NAMES.flatMap((n) => [n, `ls && ${n}`, `timeout 5 ${n}`]);
    expect(await replay(commands.map((command) => [{ name: 'Bash', input: { command } }]))).toEqual(
      OBJECT_NAMES.flatMap((n) => [
        [['Bash', true, notFound(n)]],
        [['Bash', true, notFound(n)]],
        [['Bash', true, notFound(n)]],
      ]),
    );
  });

  it('are unknown git subcommands and unknown jq functions', async () => {
    expect(
      await replay([
        [{ name: 'Bash', input: { command: 'git toString' } }],
        [{ name: 'Bash', input: { command: 'git __proto__' } }],
        [{ name: 'Bash', input: { command: 'echo 1 | jq constructor' } }],
      ]),
    ).toEqual([
      [['Bash', true, "Exit code 1\ngit: 'toString' is not a git command. See 'git --help'."]],
      [['Bash', true, "Exit code 1\ngit: '__proto__' is not a git command. See 'git --help'."]],
      [['Bash', true, 'Exit code 3\njq: error: Unknown function: constructor']],
    ]);
  });

  it('are tools that do not exist', async () => {
    expect(await replay(OBJECT_NAMES.map((name) => [{ name, input: {} }]))).toEqual(
      OBJECT_NAMES.map((n) => [
        [n, true, `<tool_use_error>Error: No such tool available: ${n}</tool_use_error>`],
      ]),
    );
  });
});

describe('a scenario version named like an Object property', () => {
  it('is refused before anything runs, naming the versions there are', async () => {
    const ws = createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });
    const scen: Scenario = {
      id: 'v',
      area: 'v',
      description: 'v',
      files: {},
      version: 'constructor',
      turns: [],
    };
    await expect(
      replayScenario(ws, scen, 'v', { tools: ALL_TOOLS, permissions: createPermissions }),
    ).rejects.toThrow(new Error(unknownReleaseMessage('constructor')));
  });
});
