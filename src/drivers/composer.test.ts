import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../backends/memfs';
import { createJustBashShell } from '../backends/shell/justbash';
import type { PermissionPrompt } from '../session/ask';
import { INTERRUPTED_BEFORE_START } from '../session/engine';
import {
  applySettings,
  BLANK_SCENARIO,
  modelCallDeadlineMs,
  PlaygroundSession,
  settingsOf,
} from './composer';
import { TYPESCRIPT_PLUGIN } from '../tools/lsp/session';

const mk = () => createMemfsWorkspace();

describe('PlaygroundSession', () => {
  it('runs composed calls on a blank workspace, records outside edits in the scenario, and re-runs under new settings', async () => {
    const s = await PlaygroundSession.open(mk, 'blank', { ...BLANK_SCENARIO, model: 'claude-sonnet-4-5' });
    await s.outsideEdit('a.txt', 'one\n');
    const r0 = await s.run([
      {
        name: 'Edit',
        input: { file_path: '/workspace/project/a.txt', old_string: 'one', new_string: 'two' },
      },
    ]);
    expect(r0.calls.map((c) => [c.id, c.stage, c.rendered.is_error])).toEqual([
      ['toolu_oracle_0_0', 'validate', true],
    ]);
    await s.run([{ name: 'Read', input: { file_path: '/workspace/project/a.txt' } }]);
    const r2 = await s.run([
      {
        name: 'Edit',
        input: { file_path: '/workspace/project/a.txt', old_string: 'one', new_string: 'two' },
      },
    ]);
    expect(r2.calls.map((c) => [c.stage, c.decision?.behavior])).toEqual([['permission', 'ask']]);
    expect(s.scenario.turns).toEqual([
      [
        { touch: 'a.txt', content: 'one\n' },
        {
          name: 'Edit',
          input: { file_path: '/workspace/project/a.txt', old_string: 'one', new_string: 'two' },
        },
      ],
      [{ name: 'Read', input: { file_path: '/workspace/project/a.txt' } }],
      [
        {
          name: 'Edit',
          input: { file_path: '/workspace/project/a.txt', old_string: 'one', new_string: 'two' },
        },
      ],
    ]);
    const again = await s.rerun(mk, { ...settingsOf(s.scenario), mode: 'acceptEdits' });
    const last = again.history[2];
    expect(last?.calls.map((c) => [c.stage, c.decision?.behavior, c.rendered.is_error])).toEqual([
      ['call', 'allow', false],
    ]);
    const after = last?.files?.get('/workspace/project/a.txt');
    expect(after instanceof Uint8Array ? new TextDecoder().decode(after) : after).toEqual('two\n');
    const before = last?.filesBefore?.get('/workspace/project/a.txt');
    expect(before instanceof Uint8Array ? new TextDecoder().decode(before) : before).toEqual('one\n');
  });

  it("gives the replay's result and each composed call after it, normalised as the replay's", async () => {
    const s = await PlaygroundSession.open(mk, 'one-read', {
      files: { 'a.txt': 'a\n' },
      turns: [[{ name: 'Read', input: { file_path: '$CWD/a.txt' } }]],
    });
    expect(s.resultNow).toBe(s.result);
    await s.run([{ name: 'Write', input: { file_path: '/workspace/project/b.txt', content: 'b' } }]);
    expect(
      s.resultNow.turns.map((t) => [t.turn, t.calls.map((c) => [c.id, c.tool, c.is_error, c.content])]),
    ).toEqual([
      [0, [['toolu_oracle_0_0', 'Read', false, '1\ta\n2\t']]],
      [
        1,
        [
          [
            'toolu_oracle_1_0',
            'Write',
            false,
            'File created successfully at: $CWD/b.txt (file state is current in your context — no need to Read it back)',
          ],
        ],
      ],
    ]);
  });

  it('answers a composed call with a bad input or an unknown tool as the model would be answered', async () => {
    const s = await PlaygroundSession.open(mk, 'blank', BLANK_SCENARIO);
    const r = await s.run([
      { name: 'Edit', input: { file_path: '/workspace/project/a.txt', old_string: 'x', extra: 1 } },
      { name: 'Nope', input: {} },
    ]);
    expect(r.calls.map((c) => [c.stage, c.rendered.content])).toEqual([
      [
        'input',
        '<tool_use_error>InputValidationError: Edit failed due to the following issues:\nAn unexpected parameter `extra` was provided\nThe parameter `new_string` type is expected as `string` but provided as `unknown`</tool_use_error>',
      ],
      ['unknown-tool', '<tool_use_error>Error: No such tool available: Nope</tool_use_error>'],
    ]);
  });

  it('shows an Edit or Write prompt the change the call would make', async () => {
    const s = await PlaygroundSession.open(mk, 'files', {
      mode: 'default',
      files: { 'a.txt': 'one\ntwo\n' },
      turns: [[{ name: 'Read', input: { file_path: '$CWD/a.txt' } }]],
    });
    const asked: PermissionPrompt[] = [];
    const deny = (p: PermissionPrompt) => {
      asked.push(p);
      return Promise.resolve('deny' as const);
    };
    await s.run(
      [
        {
          name: 'Edit',
          input: { file_path: '/workspace/project/a.txt', old_string: 'two', new_string: 'TWO' },
        },
      ],
      deny,
    );
    await s.run([{ name: 'Write', input: { file_path: '/workspace/project/b.txt', content: 'b\n' } }], deny);
    expect(asked.map((p) => [p.tool, p.preview])).toEqual([
      ['Edit', { path: '/workspace/project/a.txt', before: 'one\ntwo\n', after: 'one\nTWO\n' }],
      ['Write', { path: '/workspace/project/b.txt', before: '', after: 'b\n' }],
    ]);
  });

  it('puts an ask to the person, keeps the answer in the scenario, and replays it on a re-run', async () => {
    const withBash = () => createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });
    const scenario = { ...BLANK_SCENARIO, settings_local: { permissions: { ask: ['Bash(touch:*)'] } } };
    const s = await PlaygroundSession.open(withBash, 'blank', scenario);
    const asked: PermissionPrompt[] = [];
    const r0 = await s.run([{ name: 'Bash', input: { command: 'touch a.txt' } }], (p) => {
      asked.push(p);
      return Promise.resolve('allow-always');
    });
    const r1 = await s.run([{ name: 'Bash', input: { command: 'touch b.txt' } }]);
    expect([
      asked.map((p) => [p.callId, p.decision.rule, p.suggestions.flatMap((u) => u.rules)]),
      r0.calls.map((c) => [c.rendered.content, c.prompt?.answer, c.prompt?.by, c.prompt?.added]),
      r1.calls.map((c) => [c.rendered.content, c.prompt]),
      s.addedRules,
      s.scenario.answers,
    ]).toEqual([
      [
        [
          'toolu_oracle_0_0',
          { text: 'Bash(touch:*)', source: 'local' },
          [{ toolName: 'Bash', ruleContent: 'touch:*' }],
        ],
      ],
      [['(Bash completed with no output)', 'allow-always', 'user', ['Bash(touch:*)']]],
      // The ask rule still wins over the added allow rule, as in Claude Code; with no one to
      // answer, the call is refused as in -p mode.
      [["Claude requested permissions to use Bash, but you haven't granted it yet.", undefined]],
      ['Bash(touch:*)'],
      ['always'],
    ]);
    const again = await s.rerun(withBash, settingsOf(s.scenario));
    expect([
      again.history.map((m) => m.calls.map((c) => [c.prompt?.answer, c.prompt?.by, c.rendered.is_error])),
      again.addedRules,
      again.scenario.answers,
    ]).toEqual([
      [[['allow-always', 'scenario', false]], [[undefined, undefined, true]]],
      ['Bash(touch:*)'],
      ['always'],
    ]);
  });

  it("stops a replay at the scenario's deadline, as the CLI does, and says it was the deadline", async () => {
    const withBash = () => createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });
    const turns = [
      [{ name: 'Bash', input: { command: 'echo one' } }],
      [{ name: 'Bash', input: { command: 'sleep 100' } }],
    ];
    const started = Date.now();
    const s = await PlaygroundSession.open(withBash, 'slow', {
      ...BLANK_SCENARIO,
      mode: 'bypassPermissions',
      timeout: 2,
      turns,
    });
    expect([
      s.stopped,
      s.deadlinePassedS,
      s.history.map((m) => m.calls.map((c) => c.rendered.content)),
      Date.now() - started < 10_000,
    ]).toEqual([true, 2, [['one'], ['Exit code 143']], true]);
    const mine = new AbortController();
    mine.abort();
    const byPerson = await PlaygroundSession.open(
      withBash,
      'slow',
      { ...BLANK_SCENARIO, turns },
      { signal: mine.signal },
    );
    expect([byPerson.stopped, byPerson.deadlinePassedS]).toEqual([true, undefined]);
  });

  it('stops a composed model call at its deadline, not counting the time a prompt waits for the person', async () => {
    const withBash = () => createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });
    const s = await PlaygroundSession.open(withBash, 'blank', {
      ...BLANK_SCENARIO,
      mode: 'bypassPermissions',
    });
    const r = await s.run([{ name: 'Bash', input: { command: 'sleep 100' } }], undefined, undefined, 300);
    expect([r.calls.map((c) => c.rendered.content), s.lastCallDeadlineS]).toEqual([['Exit code 143'], 0]);

    const asking = await PlaygroundSession.open(mk, 'blank', BLANK_SCENARIO);
    let prompts = 0;
    const slowPerson = () => {
      prompts++;
      return new Promise<'allow-once'>((resolve) => setTimeout(() => resolve('allow-once'), 600));
    };
    const w = await asking.run(
      [{ name: 'Write', input: { file_path: '/workspace/project/n.txt', content: 'n' } }],
      slowPerson,
      undefined,
      300,
    );
    expect([prompts, w.calls.map((c) => [c.rendered.is_error, c.stage]), asking.lastCallDeadlineS]).toEqual([
      1,
      [[false, 'call']],
      undefined,
    ]);
  });

  it('a stopped replay keeps the turns that ran, a stopped model call stays in the history, and the session goes on', async () => {
    const withBash = () => createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });
    const stopIn = (ms: number) => {
      const c = new AbortController();
      setTimeout(() => c.abort(), ms);
      return c.signal;
    };
    const echo = (text: string) => ({ name: 'Bash', input: { command: `echo ${text}` } });
    const write = { name: 'Write', input: { file_path: '/workspace/project/x.txt', content: 'x' } };
    const scenario = {
      ...BLANK_SCENARIO,
      mode: 'bypassPermissions' as const,
      turns: [[echo('one')], [{ name: 'Bash', input: { command: 'sleep 100' } }], [echo('three')]],
    };
    const s = await PlaygroundSession.open(withBash, 'blank', scenario, { signal: stopIn(300) });
    const r = await s.run([{ name: 'Bash', input: { command: 'sleep 100' } }, write], undefined, stopIn(300));
    const after = await s.run([echo('ok')]);
    const x = await s.ws.fs.exists('/workspace/project/x.txt');
    expect([
      s.stopped,
      s.history.map((m) => m.calls.map((c) => [c.id, c.stage, c.rendered.content])),
      r.index,
      after.calls.map((c) => c.rendered.content),
      s.scenario.turns,
      x,
    ]).toEqual([
      true,
      [
        [['toolu_oracle_0_0', 'call', 'one']],
        [['toolu_oracle_1_0', 'call', 'Exit code 143']],
        [
          ['toolu_oracle_2_0', 'call', 'Exit code 143'],
          ['toolu_oracle_2_1', 'stopped', INTERRUPTED_BEFORE_START],
        ],
        [['toolu_oracle_3_0', 'call', 'ok']],
      ],
      2,
      ['ok'],
      [
        [echo('one')],
        [{ name: 'Bash', input: { command: 'sleep 100' } }],
        [{ name: 'Bash', input: { command: 'sleep 100' } }, write],
        [echo('ok')],
      ],
      false,
    ]);
  });
});

describe('the gated tools in the session settings', () => {
  it('turn PowerShell and the memory tools on and off in the scenario, keeping the rest', async () => {
    const base = { ...BLANK_SCENARIO, env: { FOO: '1' }, tools: null };
    const on = applySettings(base, { ...settingsOf(base), powershell: true, memory: true });
    const off = applySettings(
      { ...on, memory: { personal: { '/MEMORY.md': 'x\n' } } },
      { ...settingsOf(on), powershell: false, memory: false },
    );
    const s = await PlaygroundSession.open(mk, 'gated', on);
    const r = await s.run([
      { name: 'PowerShell', input: { command: 'Get-ChildItem' } },
      { name: 'memory_list', input: {} },
    ]);
    expect([
      [on.env, on.memory, settingsOf(on).powershell, settingsOf(on).memory],
      [off.env, off.memory, settingsOf(off).powershell, settingsOf(off).memory],
      r.calls.map((c) => [c.name, c.stage, c.rendered.content]),
    ]).toEqual([
      [{ FOO: '1', CLAUDE_CODE_USE_POWERSHELL_TOOL: '1' }, {}, true, true],
      [{ FOO: '1' }, undefined, false, false],
      [
        [
          'PowerShell',
          'permission',
          'Command contains malformed syntax that cannot be parsed: PowerShell is not available',
        ],
        [
          'memory_list',
          'call',
          'Memory stores available in this session — pass an id as store to list or read one:\npersonal  (your personal memory store on this machine, writable, index /MEMORY.md)',
        ],
      ],
    ]);
  });
});

describe('the LSP session setting', () => {
  it('adds the TypeScript language-server plugin and takes it out again, other plugins kept', () => {
    const other = { other: { description: 'x' } };
    const on = applySettings(
      { ...BLANK_SCENARIO, plugins: other },
      { ...settingsOf(BLANK_SCENARIO), lsp: true },
    );
    expect([on.plugins, settingsOf(on).lsp]).toEqual([{ ...other, ...TYPESCRIPT_PLUGIN }, true]);
    const off = applySettings(on, { ...settingsOf(on), lsp: false });
    expect([off.plugins, settingsOf(off).lsp]).toEqual([other, false]);
  });
});

describe('modelCallDeadlineMs', () => {
  it('leaves a minute past the longest run the calls ask for', () => {
    const bash = (input: Record<string, unknown>) => ({ name: 'Bash', input: { command: 'true', ...input } });
    const read = { name: 'Read', input: { file_path: '/p/a' } };
    expect(
      [
        [read],
        [bash({})],
        [bash({ timeout: 5000 }), read],
        [bash({ timeout: '5000' })],
        [bash({ timeout: 10_000_000 })],
        [{ name: 'Bash', input: {} }],
      ].map((calls) => modelCallDeadlineMs(calls)),
    ).toEqual([60_000, 180_000, 65_000, 65_000, 660_000, 60_000]);
  });
});
