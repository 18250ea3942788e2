// Hooks from settings: matchers, settings checks, and what a replayed call gives the model with
// hooks in the way (whole results; the rules come from conformance/scenarios/hook-*).
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../backends/memfs';
import { createJustBashShell } from '../backends/shell/justbash';
import type { Scenario } from '../scenario/schema';
import { replayScenario } from '../session/replay';
import { createPermissions } from '../session/wiring';
import { ALL_TOOLS } from '../tools/registry';
import { matcherSelects } from './matcher';
import { hookSettings } from './settings';

describe('matcherSelects', () => {
  it('takes no matcher, "" and "*" as every tool, simple names as exact lists, the rest as a regex searched in the name', () => {
    const tools = ['Bash', 'Read', 'Edit', 'Write', 'Glob', 'Grep', 'NotebookEdit'];
    const table = Object.fromEntries(
      [undefined, '', '*', 'Bash', 'bash', 'Rea', 'Read|Edit', 'Glob | Grep', 'Ed.*', '^Write$', '[RW].*', '(Read)', 'mcp__.*', '('].map((m) => [
        String(m),
        tools.filter((t) => matcherSelects(m, t)),
      ]),
    );
    expect(table).toEqual({
      undefined: tools,
      '': tools,
      '*': tools,
      Bash: ['Bash'],
      bash: [],
      Rea: [],
      'Read|Edit': ['Read', 'Edit'],
      'Glob | Grep': ['Glob', 'Grep'],
      'Ed.*': ['Edit', 'NotebookEdit'],
      '^Write$': ['Write'],
      '[RW].*': ['Read', 'Write'],
      '(Read)': ['Read'],
      'mcp__.*': [],
      '(': [],
    });
  });
});

describe('hookSettings', () => {
  it('reads each source in order, skips a hook without a type, and drops a file whose hooks are wrongly shaped', () => {
    const s = hookSettings({
      user: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'u.sh', timeout: 5 }] }] } },
      project: { hooks: { PreToolUse: { matcher: 'Bash', hooks: [] } } },
      local: { hooks: { PostToolUse: [{ hooks: [{ command: 'notype' }, { type: 'command', command: 'l.sh' }] }], Nope: [] } },
    });
    expect(s).toEqual({
      hooks: [
        { event: 'PreToolUse', matcher: 'Bash', command: 'u.sh', timeout: 5, source: 'user' },
        { event: 'PostToolUse', command: 'l.sh', source: 'local' },
      ],
      disabled: false,
      problems: [
        'project settings: hooks.PreToolUse must be an array of { matcher, hooks } entries. The file\'s hooks are not used.',
        'local settings: hooks.PostToolUse[0].hooks[0] has no "type".',
        'local settings: hooks.Nope: unknown hook event "Nope".',
      ],
    });
  });

  it('turns every hook off with disableAllHooks in any source', () => {
    expect(hookSettings({ local: { disableAllHooks: true }, project: { hooks: {} } })).toEqual({ hooks: [], disabled: true, problems: [] });
  });
});

async function replay(scen: Partial<Scenario> & { turns: Scenario['turns'] }, version = '2.1.273') {
  const ws = createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });
  const full = { id: 'hooks', area: 'hooks', description: 'hooks', version, ...scen } as Scenario;
  const { result } = await replayScenario(ws, full, 'hooks', { tools: ALL_TOOLS, permissions: createPermissions });
  return result;
}

const pre = (command: string, matcher = 'Bash') => ({ hooks: { PreToolUse: [{ matcher, hooks: [{ type: 'command', command }] }] } });

describe('a tool call with hooks', () => {
  it('exit 2 from PreToolUse blocks the call with the stderr, and lists it as a permission denial', async () => {
    const r = await replay({ settings: pre("echo 'no rm here' >&2; exit 2"), turns: [[{ name: 'Bash', input: { command: 'echo hi' } }]] });
    expect(r.turns[0]?.calls.map((c) => [c.is_error, c.content])).toEqual([[true, "PreToolUse:Bash hook error: [echo 'no rm here' >&2; exit 2]: no rm here\n"]]);
    expect(r.permission_denials).toEqual([{ tool_name: 'Bash', tool_use_id: 'toolu_oracle_0_0', tool_input: { command: 'echo hi' } }]);
  });

  it('a JSON deny gives its reason, with the 2.1.332 prefix there', async () => {
    const deny = `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"not today"}}'`;
    const turns: Scenario['turns'] = [[{ name: 'Bash', input: { command: 'echo hi' } }]];
    const old = await replay({ settings: pre(deny), turns });
    const now = await replay({ settings: pre(deny), turns }, '2.1.332');
    expect([old.turns[0]?.calls[0]?.content, now.turns[0]?.calls[0]?.content]).toEqual(['not today', 'PreToolUse:Bash hook error: not today']);
  });

  it('updatedInput replaces the input; one that fails the schema is refused with the schema text', async () => {
    const upd = (o: unknown) => `printf '%s' '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: o } })}'`;
    const r = await replay({
      settings: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: upd({ command: 'echo rewritten' }) }] }, { matcher: 'Read', hooks: [{ type: 'command', command: upd({ path: 'x' }) }] }] } },
      files: { 'a.txt': 'a\n' },
      turns: [[{ name: 'Bash', input: { command: 'echo original' } }], [{ name: 'Read', input: { file_path: '$CWD/a.txt' } }]],
    });
    expect(r.turns.map((t) => t.calls.map((c) => [c.is_error, c.content]))).toEqual([
      [[false, 'rewritten']],
      [[true, 'PreToolUse hook for Read returned updatedInput that failed schema validation: Read failed due to the following issue:\nThe parameter `file_path` type is expected as `string` but provided as `unknown`']],
    ]);
  });

  it('PostToolUse exit 2 and additionalContext reach the model as one system message after the results', async () => {
    const r = await replay({
      settings: {
        hooks: {
          PostToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: "echo 'lint failed' >&2; exit 2" }] },
            { matcher: 'Bash', hooks: [{ type: 'command', command: `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"ran lint"}}'` }] },
          ],
        },
      },
      turns: [[{ name: 'Bash', input: { command: 'echo hi' } }]],
    });
    expect(r.turns[0]?.calls.map((c) => c.content)).toEqual(['hi']);
    expect(r.turns[0]?.attachments).toEqual([
      { role: 'system', type: 'text', text: "PostToolUse:Bash hook blocking error from command: \"echo 'lint failed' >&2; exit 2\": [echo 'lint failed' >&2; exit 2]: lint failed\n\n\nPostToolUse:Bash hook additional context: ran lint" },
    ]);
  });

  it('a PostToolUse formatter after Edit: the model is told, the ledger takes the new text, the next Edit is not stale', async () => {
    const r = await replay({
      files: { 'a.txt': 'one  two\nthree   four\n', 'fmt.sh': { text: "#!/bin/sh\nsed -i 's/  */ /g' \"$CLAUDE_PROJECT_DIR/a.txt\"\n", mode: '0755' } },
      settings: { hooks: { PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: '$CWD/fmt.sh' }] }] } },
      turns: [
        [{ name: 'Read', input: { file_path: '$CWD/a.txt' } }],
        [{ name: 'Edit', input: { file_path: '$CWD/a.txt', old_string: 'one  two', new_string: 'ONE  TWO' } }],
        [{ name: 'Edit', input: { file_path: '$CWD/a.txt', old_string: 'three   four', new_string: 'x' } }],
        [{ name: 'Edit', input: { file_path: '$CWD/a.txt', old_string: 'three four', new_string: '3 4' } }],
      ],
    }, '2.1.332');
    expect(r.turns.map((t) => [t.calls.map((c) => c.content), t.attachments])).toEqual([
      [['1\tone  two\n2\tthree   four\n3\t'], []],
      [
        ['The file $CWD/a.txt has been updated successfully. (file state is current in your context — no need to Read it back)'],
        [{ role: 'system', type: 'text', text: 'PostToolUse:Edit hook additional context: PostToolUse hook modified $CWD/a.txt after your edit (likely a formatter). Your next Edit will not fail with a stale-file error, but if its old_string targets a region the hook reformatted, Read the file first.' }],
      ],
      [['<tool_use_error>String to replace not found in file.\nString: three   four</tool_use_error>'], []],
      [['The file $CWD/a.txt has been updated successfully.'], []],
    ]);
    expect(r.files?.['a.txt']).toEqual('ONE TWO\n3 4\n');
  });

  it('a hook that runs past its timeout is stopped and does not block', async () => {
    const r = await replay({
      settings: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'sleep 5; exit 2', timeout: 1 }] }] } },
      turns: [[{ name: 'Bash', input: { command: 'echo ran' } }]],
    });
    expect(r.turns[0]?.calls.map((c) => [c.is_error, c.content])).toEqual([[false, 'ran']]);
  }, 20000);
});
