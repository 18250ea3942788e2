import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../backends/memfs';
import { createJustBashShell } from '../backends/shell/justbash';
import { PERMISSIONS_2_1_273 } from '../profiles/2.1.273/permissions';
import type { PermissionContext, PermissionRequest } from '../permissions';
import type { Scenario } from '../scenario/schema';
import { ALL_TOOLS } from '../tools/registry';
import { bashRuleFor } from '../tools/bash/suggest';
import {
  suggestUpdates,
  USER_REJECTED,
  type OnAsk,
  type PermissionPrompt,
  type PromptAnswer,
} from './ask';
import { replayScenario } from './replay';
import { createPermissions } from './wiring';

const CWD = '/workspace/project';

const scenario = (extra: Partial<Scenario> = {}): Scenario => ({
  id: 'ask',
  area: 'ask',
  description: 'prompts',
  files: { 'a.txt': 'one\n' },
  mode: 'default',
  turns: [],
  ...extra,
});

/** A session whose prompts are answered from a list, each prompt kept. */
async function open(answers: PromptAnswer[], extra?: Partial<Scenario>, withAsk = true) {
  const prompts: PermissionPrompt[] = [];
  const onAsk: OnAsk = (p) => {
    prompts.push(p);
    const answer = answers.shift();
    return Promise.resolve(answer ? { answer, by: 'user' } : undefined);
  };
  const ws = createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });
  const { session } = await replayScenario(ws, scenario(extra), 'ask', {
    tools: ALL_TOOLS,
    permissions: createPermissions,
    onAsk: withAsk ? onAsk : undefined,
  });
  const text = async (rel: string) => new TextDecoder().decode(await ws.fs.readFile(`${CWD}/${rel}`));
  return { session, prompts, text };
}

const write = (name: string, content: string) => ({
  id: `w_${name}`,
  name: 'Write',
  input: { file_path: `${CWD}/${name}`, content },
});

const askWrite = {
  behavior: 'ask',
  reason: `${CWD}/new.txt is inside the working directories, but default mode asks before editing`,
  message: `Claude requested permissions to write to ${CWD}/new.txt, but you haven't granted it yet.`,
  structured: `Error: Claude requested permissions to write to ${CWD}/new.txt, but you haven't granted it yet.`,
  permissionDenial: true,
};

describe('permission prompts in the session engine', () => {
  it('allow once: the call runs and returns its normal result; nothing is added', async () => {
    const { session, prompts, text } = await open(['allow-once']);
    const rec = await session.runModelCall([write('new.txt', 'hi\n')]);
    const call = rec.calls[0];
    expect(prompts).toEqual([
      {
        callId: 'w_new.txt',
        tool: 'Write',
        input: { file_path: `${CWD}/new.txt`, content: 'hi\n' },
        decision: { ...askWrite, reason: prompts[0]?.decision.reason },
        preview: { path: `${CWD}/new.txt`, before: '', after: 'hi\n' },
        suggestions: [
          {
            type: 'addRules',
            rules: [{ toolName: 'Edit', ruleContent: './**' }],
            behavior: 'allow',
            destination: 'localSettings',
          },
        ],
      },
    ]);
    expect([call?.stage, call?.rendered, call?.decision, call?.prompt]).toEqual([
      'call',
      {
        content: `File created successfully at: ${CWD}/new.txt (file state is current in your context — no need to Read it back)`,
        is_error: false,
        structured: call?.rendered.structured,
      },
      { behavior: 'allow', reason: 'Allowed once at the prompt by the user.' },
      { answer: 'allow-once', by: 'user', asked: prompts[0]?.decision, added: [] },
    ]);
    expect(await text('new.txt')).toEqual('hi\n');
    // Asked again: allow once added nothing.
    await session.runModelCall([write('new2.txt', 'x')]);
    expect(prompts.length).toEqual(2);
  });

  it('always allow: the suggested rule goes to local settings and the next call does not ask', async () => {
    const { session, prompts } = await open(['allow-always']);
    const first = await session.runModelCall([{ id: 'b1', name: 'Bash', input: { command: 'touch b.txt' } }]);
    const second = await session.runModelCall([
      { id: 'b2', name: 'Bash', input: { command: 'touch c.txt' } },
    ]);
    expect(prompts.map((p) => [p.callId, p.decision.behavior, p.decision.message, p.suggestions])).toEqual([
      [
        'b1',
        'ask',
        first.calls[0]?.prompt?.asked.message,
        [
          {
            type: 'addRules',
            rules: [{ toolName: 'Bash', ruleContent: 'touch:*' }],
            behavior: 'allow',
            destination: 'localSettings',
          },
        ],
      ],
    ]);
    expect([
      first.calls[0]?.rendered.content,
      first.calls[0]?.decision,
      first.calls[0]?.prompt?.added,
    ]).toEqual([
      '(Bash completed with no output)',
      {
        behavior: 'allow',
        reason: 'Always allowed at the prompt by the user: added Bash(touch:*) to local settings.',
        rule: { text: 'Bash(touch:*)', source: 'local' },
      },
      ['Bash(touch:*)'],
    ]);
    const byRule = {
      behavior: 'allow',
      reason: 'allowed by Bash(touch:*)',
      rule: { text: 'Bash(touch:*)', source: 'local' },
    };
    expect([second.calls[0]?.rendered.content, second.calls[0]?.decision, second.calls[0]?.prompt]).toEqual([
      '(Bash completed with no output)',
      {
        behavior: 'allow',
        reason: 'allowed by Bash(touch:*)',
        subcommands: [{ command: 'touch c.txt', decision: byRule }],
      },
      undefined,
    ]);
  });

  it('deny: the model is told the user rejected the call, and nothing runs', async () => {
    const { session, text } = await open(['deny']);
    const rec = await session.runModelCall([write('a.txt', 'changed\n')]);
    const call = rec.calls[0];
    expect([call?.stage, call?.rendered, call?.decision, call?.prompt?.answer]).toEqual([
      'permission',
      { content: USER_REJECTED, is_error: true, structured: 'User rejected tool use' },
      {
        behavior: 'deny',
        reason: 'Rejected at the prompt by the user.',
        message: USER_REJECTED,
        structured: 'User rejected tool use',
        permissionDenial: true,
      },
      'deny',
    ]);
    expect(await text('a.txt')).toEqual('one\n');
  });

  it('no answer, or no one to ask: the ask is what -p mode makes of it', async () => {
    for (const withAsk of [true, false]) {
      const { session, prompts } = await open([], undefined, withAsk);
      const rec = await session.runModelCall([write('new.txt', 'hi\n')]);
      expect([rec.calls[0]?.rendered, rec.calls[0]?.prompt, prompts.length]).toEqual([
        { content: askWrite.message, is_error: true, structured: askWrite.structured },
        undefined,
        withAsk ? 1 : 0,
      ]);
    }
  });

  it('asks for the calls of one model call in order, one prompt at a time', async () => {
    const { session, prompts } = await open(['deny', 'allow-once']);
    const rec = await session.runModelCall([write('x.txt', '1'), write('y.txt', '2')]);
    expect([
      prompts.map((p) => p.callId),
      rec.calls.map((c) => [c.id, c.decision?.behavior, c.rendered.is_error]),
    ]).toEqual([
      ['w_x.txt', 'w_y.txt'],
      [
        ['w_x.txt', 'deny', true],
        ['w_y.txt', 'allow', false],
      ],
    ]);
  });
});

const ctx: PermissionContext = {
  mode: 'default',
  cwd: '/r/project',
  home: '/r/home',
  trusted: true,
  sources: { local: { permissions: { allow: ['Bash(ls:*)'] } } },
  cli: {},
  behaviour: PERMISSIONS_2_1_273,
};

const rulesOf = (req: Omit<PermissionRequest, 'input'> & { input?: unknown }, sub?: string[]) =>
  suggestUpdates(
    { input: {}, ...req },
    {
      behavior: 'ask',
      reason: '',
      subcommands: sub?.map((command) => ({ command, decision: { behavior: 'ask', reason: '' } })),
    },
    ctx,
    ALL_TOOLS.find((t) => t.name === req.tool)?.suggestRules,
  ).flatMap((u) =>
    u.rules.map((r) => (r.ruleContent === undefined ? r.toolName : `${r.toolName}(${r.ruleContent})`)),
  );

describe('what "always allow" suggests', () => {
  it('a prefix rule per Bash command: name, subcommand, npm run script; the command itself when not static', () => {
    expect(
      [
        'npm run test -- --watch',
        'git commit -m "x"',
        'rm -rf build',
        'FOO=1 make',
        '$CMD a',
        'ls -la',
        'git -C . push',
        './run.sh',
      ].map((c) => bashRuleFor(c, ctx.home)),
    ).toEqual([
      'Bash(npm run test:*)',
      'Bash(git commit:*)',
      'Bash(rm:*)',
      'Bash(FOO=1 make)',
      'Bash($CMD a)',
      'Bash(ls:*)',
      'Bash(git:*)',
      'Bash(./run.sh)',
    ]);
  });

  it('each part of a compound command that asks; rules already allowed are left out', () => {
    expect(
      rulesOf({ tool: 'Bash', kind: 'bash', paths: [], command: 'ls && touch a && touch b' }, [
        'touch a',
        'touch b',
      ]),
    ).toEqual(['Bash(touch:*)']);
    expect(rulesOf({ tool: 'Bash', kind: 'bash', paths: [], command: 'ls -la' })).toEqual([]);
  });

  it('file calls: the directory, relative inside the project, absolute outside; other tools: the bare tool', () => {
    expect([
      rulesOf({
        tool: 'Edit',
        kind: 'write',
        paths: ['/r/project/src/a.ts'],
        input: { file_path: '/r/project/src/a.ts' },
      }),
      rulesOf({
        tool: 'Write',
        kind: 'write',
        paths: ['/r/project/a.ts'],
        input: { file_path: '/r/project/a.ts' },
      }),
      rulesOf({
        tool: 'Read',
        kind: 'read',
        paths: ['/r/other/b.txt'],
        input: { file_path: '/r/other/b.txt' },
      }),
      rulesOf({ tool: 'Grep', kind: 'read', paths: ['/r/other'], input: { path: '/r/other', pattern: 'x' } }),
      rulesOf({ tool: 'WebFetch', kind: 'other', paths: [] }),
    ]).toEqual([
      ['Edit(src/**)'],
      ['Edit(./**)'],
      ['Read(//r/other/**)'],
      ['Read(//r/other/**)'],
      ['WebFetch'],
    ]);
  });
});
