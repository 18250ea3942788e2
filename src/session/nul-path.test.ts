// A NUL byte in a path: Node refuses the path before any system call, in its own words, and the
// text shows the byte escaped; no raw NUL reaches a tool result.
import { describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { createMemfsWorkspace } from '../backends/memfs';
import { nulPathMessage } from '../workspace/types';
import { ALL_TOOLS } from '../tools/registry';
import { replayScenario } from './replay';
import { createPermissions } from './wiring';

const nodeSays = (path: string) => {
  try {
    statSync(path);
    return 'no error';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('a path with a NUL byte', () => {
  it("is refused in Node's words, the path quoted as util.inspect quotes it", () => {
    const paths = [
      '/x/foo.txt\0.png',
      "/tmp/a'b\0c\n\x7f\x0b\\é",
      `/tmp/a'"b\0`,
      `a'"\`\0\t\r\b\f\x1b`,
      `/${'x'.repeat(200)}\0`,
    ];
    expect(paths.map(nulPathMessage)).toEqual(paths.map(nodeSays));
  });

  const calls = [
    { name: 'Read', input: { file_path: '$CWD/foo.txt\0.png' } },
    { name: 'Write', input: { file_path: '$CWD/w\0.txt', content: 'x' } },
    { name: 'Edit', input: { file_path: '$CWD/a.txt\0', old_string: 'a', new_string: 'b' } },
    { name: 'NotebookEdit', input: { notebook_path: '$CWD/n\0.ipynb', new_source: 'x' } },
  ];
  const replay = async (version: string, turns: { name: string; input: Record<string, unknown> }[][]) =>
    (
      await replayScenario(
        createMemfsWorkspace(),
        { id: 'nul', area: 'nul', description: 'nul', version, files: { 'a.txt': 'a\n' }, turns },
        'nul',
        { tools: ALL_TOOLS, permissions: createPermissions },
      )
    ).result;

  it('is refused by every file tool in 2.1.332, in its own words', async () => {
    const result = await replay(
      '2.1.332',
      calls.map((c) => [c]),
    );
    const refusal = (tool: string, key: string) =>
      `<tool_use_error>${tool} ${key} cannot contain null bytes (\\0). Remove the null byte and try again.</tool_use_error>`;
    expect({
      exit: result.exit_code,
      turns: result.turns.map((t) => t.calls.map((c) => [c.tool, c.is_error, c.content])),
    }).toEqual({
      exit: 0,
      turns: [
        [['Read', true, refusal('Read', 'file_path')]],
        [['Write', true, refusal('Write', 'file_path')]],
        [['Edit', true, refusal('Edit', 'file_path')]],
        [['NotebookEdit', true, refusal('NotebookEdit', 'notebook_path')]],
      ],
    });
  });

  it.each(calls)(
    'ends the session in 2.1.273 ($name): exit 1, no result of that model call, no later call',
    async (call) => {
      const ok = { name: 'Read', input: { file_path: '$CWD/a.txt' } };
      const result = await replay('2.1.273', [[ok], [ok, call], [ok]]);
      expect({
        exit: result.exit_code,
        turns: result.turns.map((t) => ({
          turn: t.turn,
          calls: t.calls.map((c) => [c.tool, c.is_error, c.content]),
          attachments: t.attachments,
        })),
      }).toEqual({
        exit: 1,
        turns: [
          { turn: 0, calls: [['Read', false, '1\ta\n2\t']], attachments: [] },
          { turn: 1, calls: [], attachments: [] },
        ],
      });
    },
  );
});

describe('a runner action the workspace cannot do', () => {
  it('is refused by name when its path holds a NUL byte, and said as a problem when the file system refuses it', async () => {
    const run = (turns: unknown) =>
      replayScenario(
        createMemfsWorkspace(),
        { id: 'act', files: { 'a.txt': 'a\n' }, turns } as never,
        'act',
        {
          tools: ALL_TOOLS,
          permissions: createPermissions,
        },
      );
    await expect(run([[{ delete: 'a\0b' }]])).rejects.toThrow(
      'scenario path "a\\u0000b" holds a NUL byte, which no file name can',
    );
    const r = await run([
      [
        { append: 'missing.txt', content: 'x' },
        { name: 'Read', input: { file_path: '$CWD/a.txt' } },
      ],
    ]);
    expect([r.problems, r.result.turns[0]?.calls.map((c) => c.content)]).toEqual([
      [
        `turn 0: {"append":"missing.txt","content":"x"}: ENOENT: no such file or directory, read '/workspace/project/missing.txt'`,
      ],
      ['1\ta\n2\t'],
    ]);
  });
});
