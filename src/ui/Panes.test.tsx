// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { domRootPerTest } from './dom-testing';
import type { LedgerEntry } from '../ledger/ledger';
import type { ModelCallRecord } from '../session/engine';
import { DecisionsPane, LedgerPane, ResultsPane, TranscriptPane } from './Panes';

const dom = domRootPerTest();
const render = dom.render;
const texts = (sel: string) => [...dom.host.querySelectorAll(sel)].map((e) => e.textContent);

const entry = (path: string, over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  path,
  content: 'x\n',
  mtimeMs: Date.UTC(2027, 0, 15, 8),
  partial: false,
  via: 'Read',
  callId: 'toolu_a',
  ...over,
});

const call: ModelCallRecord = {
  index: 1,
  calls: [
    {
      id: 'toolu_a',
      name: 'Read',
      input: { file_path: '/w/a.txt' },
      stage: 'call',
      rendered: { content: '1\tx\t \n2\t', is_error: false },
      decision: { behavior: 'allow', reason: 'inside the working directories' },
      explain: 'Read returned all lines.',
    },
    {
      id: 'toolu_b',
      name: 'Bash',
      input: { command: 'ls && rm -rf /' },
      stage: 'permission',
      rendered: { content: 'Permission to use Bash has been denied.', is_error: true },
      decision: {
        behavior: 'deny',
        rule: { text: 'Bash(rm:*)', source: 'project' },
        reason: 'a deny rule matched rm',
        subcommands: [
          { command: 'ls', decision: { behavior: 'allow', reason: 'read-only command' } },
          {
            command: 'rm -rf /',
            decision: {
              behavior: 'deny',
              rule: { text: 'Bash(rm:*)', source: 'project' },
              reason: 'deny rule',
              knownGap: 'python -c is not looked into',
            },
          },
        ],
      },
      explain: 'The permission engine denied it.',
    },
    {
      id: 'toolu_c',
      name: 'Edit',
      input: { file_path: '/w/b.txt' },
      stage: 'validate',
      rendered: {
        content:
          '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
        is_error: true,
      },
      explain: 'The ledger has no entry for b.txt.',
      consulted: entry('/w/b.txt', { partial: true, offset: 5, limit: 10, callId: 'toolu_old' }),
    },
  ],
  attachments: [{ role: 'system', type: 'text', text: 'Note: a.txt was modified.' }],
  ledger: [entry('/w/a.txt'), entry('/w/c.txt', { via: 'Bash', detail: 'cat c.txt', callId: 'toolu_0' })],
};
const before: ModelCallRecord = {
  index: 0,
  calls: [],
  attachments: [],
  ledger: [
    entry('/w/c.txt', { via: 'Bash', detail: 'cat c.txt', callId: 'toolu_0' }),
    entry('/w/gone.txt', { partialView: true, partial: true }),
  ],
};

describe('LedgerPane', () => {
  it('marks rows added, unchanged and removed by this call, and the entry each call consulted', () => {
    render(<LedgerPane call={call} previous={before} />);
    const rows = [...dom.host.querySelectorAll('tbody tr')].map((r) => [
      r.className,
      ...[...r.querySelectorAll('td')].map((c) => c.textContent),
    ]);
    expect(rows).toEqual([
      ['added', '/w/a.txt', '2027-01-15 08:00:00Z', 'whole file', 'Readtoolu_aadded by this call'],
      ['', '/w/c.txt', '2027-01-15 08:00:00Z', 'whole file', 'Bash: cat c.txttoolu_0'],
      ['removed', '/w/gone.txt', '2027-01-15 08:00:00Z', 'PARTIAL view', 'Readtoolu_aremoved by this call'],
    ]);
    expect(texts('.consulted li')).toEqual([
      'Read toolu_a: no entry',
      'Bash toolu_b: no entry',
      'Edit toolu_c: /w/b.txt (range: from line 5, 10 lines, mtime 2027-01-15 08:00:00Z, by toolu_old)',
    ]);
  });
});

describe('DecisionsPane', () => {
  it('shows each decision with its rule and source, Bash subcommands, known gaps, and calls stopped before the check', () => {
    render(<DecisionsPane call={call} mode="default" />);
    expect(dom.host.querySelector('section')?.getAttribute('aria-label')).toEqual('Permission decisions');
    expect(texts('.decisions > li')).toEqual([
      'Read toolu_aallow inside the working directories',
      'Bash toolu_bdeny rule Bash(rm:*) from projecta deny rule matched rmls allow read-only commandrm -rf / deny rule Bash(rm:*) from projectdeny rule⚠ known gap: python -c is not looked into',
      'Edit toolu_cstopped by the tool’s own checks before the permission check',
    ]);
    expect(texts('.known-gap')).toEqual(['⚠ known gap: python -c is not looked into']);
  });

  it('marks a call whose effects get around a deny rule, naming the construct and the rule', () => {
    const [, bash] = call.calls;
    const marked: ModelCallRecord = {
      ...call,
      calls: [
        {
          ...bash!,
          decision: {
            behavior: 'allow',
            reason: 'bypassPermissions mode runs it',
            bypass: {
              construct: 'find -exec → sh -c → >',
              op: 'write',
              path: '/w/foo.txt',
              below: true,
              rule: { text: 'Edit(./foo.txt)', source: 'project' },
              command: 'echo X',
              sentence: 'unused by the pane',
            },
          },
        },
      ],
    };
    render(<DecisionsPane call={marked} mode="bypassPermissions" />);
    expect(texts('.bypass-note')).toEqual([
      '⚠ gets around Edit(./foo.txt) (project settings): echo X writes /w/foo.txt (files below it) through find -exec → sh -c → >. A note for people: the decision and what the model receives are unchanged.',
    ]);
  });
});

describe('DecisionsPane after a prompt', () => {
  it('shows what the engine asked and who answered what, with the rules added', () => {
    const asked = {
      behavior: 'ask' as const,
      rule: { text: 'Bash(touch:*)', source: 'local' as const },
      reason: 'Bash(touch:*) asks before touch a.txt',
      subcommands: [{ command: 'touch a.txt', decision: { behavior: 'ask' as const, reason: 'ask rule' } }],
    };
    // The calls of the record above, answered at a prompt.
    const [, bash, edit] = call.calls;
    const prompted: ModelCallRecord = {
      ...call,
      calls: [
        {
          ...bash!,
          decision: { behavior: 'allow', reason: 'Always allowed at the prompt by the user.' },
          prompt: { answer: 'allow-always', by: 'user', asked, added: ['Bash(touch:*)'] },
        },
        {
          ...edit!,
          decision: { behavior: 'deny', reason: 'Rejected at the prompt by the scenario’s answer.' },
          prompt: { answer: 'deny', by: 'scenario', asked: { behavior: 'ask', reason: 'default mode asks' }, added: [] },
        },
      ],
    };
    render(<DecisionsPane call={prompted} mode="default" />);
    expect(texts('.decisions > li')).toEqual([
      'Bash toolu_basked ask rule Bash(touch:*) from localBash(touch:*) asks before touch a.txtalways allowed by the user at the prompt; added Bash(touch:*) to local settingstouch a.txt ask ask rule',
      'Edit toolu_casked ask default mode asksdenied by the scenario’s answer at the prompt',
    ]);
  });
});

describe('ResultsPane', () => {
  it('shows the exact model text, with whitespace made visible on demand, and the explanation', () => {
    render(<ResultsPane call={call} />);
    const model = () => texts('article > pre.model-text, article > div > pre.model-text');
    expect(model()).toEqual([
      '1\tx\t \n2\t',
      'Permission to use Bash has been denied.',
      '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
    ]);
    expect(texts('p.explain')).toEqual([
      'Read returned all lines.',
      'The permission engine denied it.',
      'The ledger has no entry for b.txt.',
    ]);
    act(() => dom.host.querySelector<HTMLButtonElement>('button.toggle')?.click());
    expect(model()).toEqual([
      '1→x→·↵\n2→',
      'Permission·to·use·Bash·has·been·denied.',
      '<tool_use_error>File·has·not·been·read·yet.·Read·it·first·before·writing·to·it.</tool_use_error>',
    ]);
  });

  it('never turns result text into markup', () => {
    const html: ModelCallRecord = {
      ...call,
      calls: [{ ...call.calls[0]!, rendered: { content: '<img src=x onerror=alert(1)>', is_error: false } }],
    };
    render(<ResultsPane call={html} />);
    expect(dom.host.querySelectorAll('img').length).toEqual(0);
    expect(texts('article pre.model-text')).toEqual(['<img src=x onerror=alert(1)>']);
  });
});

describe('TranscriptPane', () => {
  it('shows the tool_use and tool_result blocks and the attachments, and toggles to the raw request', () => {
    const request = { model: 'm', tools: [], messages: [{ role: 'assistant', content: [] }] };
    render(<TranscriptPane call={call} request={() => request} />);
    expect(texts('pre.tool-use')).toEqual([
      'tool_use toolu_a\nRead {\n "file_path": "/w/a.txt"\n}',
      'tool_use toolu_b\nBash {\n "command": "ls && rm -rf /"\n}',
      'tool_use toolu_c\nEdit {\n "file_path": "/w/b.txt"\n}',
    ]);
    expect(texts('.tool-result-block .block-head')).toEqual([
      'tool_result toolu_a',
      'tool_result toolu_b (is_error)',
      'tool_result toolu_c (is_error)',
      'system message',
    ]);
    act(() => dom.host.querySelector<HTMLButtonElement>('button.toggle')?.click());
    expect(JSON.parse(dom.host.querySelector('pre.raw-json')?.textContent ?? '')).toEqual(request);
  });
});

describe('DecisionsPane with hooks', () => {
  it('shows each hook a call ran as a step of its own, with its exit code, effect, stdout and stderr', () => {
    const hooked: ModelCallRecord = {
      index: 0,
      calls: [
        {
          id: 'toolu_h',
          name: 'Bash',
          input: { command: 'rm -rf build' },
          stage: 'permission',
          rendered: { content: 'PreToolUse:Bash hook error: [./guard.sh]: no rm\n', is_error: true },
          decision: { behavior: 'deny', reason: 'A PreToolUse hook exited with code 2, which blocks the call; its stderr goes to the model.' },
          hooks: [
            { event: 'PreToolUse', command: './guard.sh', source: 'project', exitCode: 2, stdout: '', stderr: 'no rm\n', timedOut: false, effect: 'exit 2: blocks the call, stderr to the model' },
            { event: 'PreToolUse', command: 'sleep 9', source: 'user', exitCode: 1, stdout: 'partial', stderr: '', timedOut: true, effect: 'timed out: no effect on the call' },
          ],
          explain: 'blocked',
        },
      ],
      attachments: [],
      ledger: [],
    };
    render(<DecisionsPane call={hooked} mode="default" />);
    expect(texts('.hook-step')).toEqual([
      'hook PreToolUse ./guard.sh from project settingsexit 2 exit 2: blocks the call, stderr to the modelstderrno rm\n',
      'hook PreToolUse sleep 9 from user settingstimed out timed out: no effect on the callstdoutpartial',
    ]);
    expect(dom.host.querySelector('.hook-steps')?.getAttribute('aria-label')).toEqual('Hooks of toolu_h');
  });
});

describe('LedgerPane notes', () => {
  it('explains session times beside seeded ones, and a partial view left by a tool that had the whole text', () => {
    const seeded = entry('/w/seeded.txt', { mtimeMs: 1_700_000_000_000 });
    const edited = entry('/w/e.txt', { via: 'Edit', partial: true, wholeContent: true, callId: 'toolu_e' });
    render(<LedgerPane call={{ ...call, ledger: [seeded, edited] }} previous={{ ...call, ledger: [seeded, edited] }} />);
    expect(texts('.ledger-notes li')).toEqual([
      'mtime: the files a scenario lays out carry fixed times from 2023-11-14 22:13:20Z on, a minute apart, as the oracle’s runner sets them; a file written in the session (by a tool, a command or an outside edit) takes the session’s clock, which starts at 2027-01-15 08:00:00Z and moves 1 ms at each reading, so every replay gives the same times.',
      'partial, by Edit: the ledger keeps the file’s whole text (the tool had all of it), but the model had not read the whole file, so Claude Code does not count it as in the model’s context: an Edit of it does not end with “(file state is current in your context …)” on the releases that add that note.',
    ]);
  });
});
