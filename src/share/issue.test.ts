import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../scenario/schema';
import { escapeInline, fence, issueMarkdown } from './issue';

const result = (content: string, is_error = false): ScenarioResult => ({
  scenario: 's',
  version: '2.1.273',
  model: 'claude-opus-5[1m]',
  turns: [
    {
      turn: 0,
      calls: [
        {
          id: 'toolu_oracle_0_0',
          tool: 'Read',
          input: { file_path: '$CWD/a.txt' },
          is_error: false,
          content: '1\ta\n2\t',
        },
      ],
      attachments: [],
    },
    {
      turn: 1,
      calls: [
        {
          id: 'toolu_oracle_1_0',
          tool: 'Edit',
          input: { file_path: '$CWD/a.txt', old_string: 'a', new_string: 'b' },
          is_error,
          content,
        },
      ],
      attachments: [],
    },
  ],
});

const scenario = {
  title: 'Edit <b>fails</b> after a Read',
  files: { 'a.txt': 'a\n' },
  turns: [
    [{ name: 'Read', input: { file_path: '$CWD/a.txt' } }],
    [
      { touch: 'a.txt' },
      { name: 'Edit', input: { file_path: '$CWD/a.txt', old_string: 'a', new_string: 'b' } },
    ],
  ],
};

describe('issueMarkdown', () => {
  it('writes title, version, link, files, calls and expected vs actual', () => {
    const md = issueMarkdown({
      scenario,
      expected: result('<tool_use_error>File has been modified since read</tool_use_error>', true),
      actual: result('The file $CWD/a.txt has been updated successfully.'),
      link: 'https://x.test/#s1.abc',
    });
    expect(md).toEqual(
      [
        '## Edit \\<b\\>fails\\</b\\> after a Read',
        '',
        'Behaviour version: Claude Code **2.1.273**, model `claude-opus-5[1m]`, permission mode `bypassPermissions`.',
        '',
        'Replay it: https://x.test/#s1.abc',
        '',
        '### Files',
        '',
        '- `a.txt` (2 bytes)',
        '',
        '### Calls',
        '',
        'Model call 0:',
        '',
        '```text',
        'Read {"file_path":"$CWD/a.txt"}',
        '```',
        '',
        'Model call 1:',
        '',
        '```text',
        '(runner action) {"touch":"a.txt"}',
        'Edit {"file_path":"$CWD/a.txt","old_string":"a","new_string":"b"}',
        '```',
        '',
        '### Expected vs actual',
        '',
        '1 of 2 calls match Claude Code 2.1.273.',
        '',
        '#### Read `toolu_oracle_0_0` — matches',
        '',
        'Result:',
        '',
        '```text',
        '1\ta',
        '2\t',
        '```',
        '',
        '#### Edit `toolu_oracle_1_0` — **differs**',
        '',
        'Expected (Claude Code 2.1.273) (is_error):',
        '',
        '```text',
        '<tool_use_error>File has been modified since read</tool_use_error>',
        '```',
        '',
        'Actual (cc-playground):',
        '',
        '```text',
        'The file $CWD/a.txt has been updated successfully.',
        '```',
        '',
      ].join('\n'),
    );
  });

  it('leaves out a link over 2,000 characters and points at the file', () => {
    const md = issueMarkdown({
      scenario: { turns: [] },
      link: `https://x.test/#s1.${'A'.repeat(2000)}`,
      fileName: 'bug.json',
    });
    expect(md).toEqual(
      [
        '## cc-playground scenario',
        '',
        'Behaviour version: Claude Code **2.1.273**, permission mode `bypassPermissions`.',
        '',
        'The share link is 2,019 characters, over the 2,000 that fit in an issue: the scenario is attached as `bug.json` (Export scenario file).',
        '',
        '### Calls',
        '',
      ].join('\n'),
    );
  });
});

describe('markdown helpers', () => {
  it('fences content with a longer fence than any inside', () => {
    expect(fence('a\n```\nb', 'text')).toEqual('````text\na\n```\nb\n````');
  });
  it('escapes prose so it renders as written', () => {
    expect(escapeInline('# [x](javascript:y)\n<img>')).toEqual('\\# \\[x\\]\\(javascript:y\\) \\<img\\>');
  });
});

describe('issueMarkdown on a composed session', () => {
  it('says the description once and leaves out an empty comparison', () => {
    const md = issueMarkdown({
      scenario: { id: 'blank', description: 'A blank workspace.', mode: 'default', turns: [] },
      actual: { scenario: 'blank', version: '2.1.273', model: 'claude-opus-5[1m]', turns: [] },
      link: 'https://x.test/#s1.abc',
    });
    expect(md).toEqual(
      [
        '## A blank workspace.',
        '',
        'Behaviour version: Claude Code **2.1.273**, model `claude-opus-5[1m]`, permission mode `default`.',
        '',
        'Replay it: https://x.test/#s1.abc',
        '',
        '### Calls',
        '',
      ].join('\n'),
    );
  });

  it('heads results without a recording as actual only', () => {
    const md = issueMarkdown({
      scenario: {
        title: 'T',
        description: 'T',
        turns: [[{ name: 'Read', input: { file_path: '$CWD/a.txt' } }]],
      },
      actual: result('x'),
    });
    expect(md.slice(md.indexOf('### Actual'))).toEqual(
      [
        '### Actual',
        '',
        'No recording of Claude Code to compare with.',
        '',
        '#### Read `toolu_oracle_0_0`',
        '',
        'Actual (cc-playground):',
        '',
        '```text',
        '1\ta',
        '2\t',
        '```',
        '',
        '#### Edit `toolu_oracle_1_0`',
        '',
        'Actual (cc-playground):',
        '',
        '```text',
        'x',
        '```',
        '',
      ].join('\n'),
    );
    expect(md.startsWith('## T\n\nBehaviour')).toBe(true);
  });
});

describe('issueMarkdown on a session grown from a recording', () => {
  it('compares the recorded calls and gives the composed ones as actual, with no recording', () => {
    const recorded = result('1\ta\n2\t');
    const first = recorded.turns[0]!;
    const expected = { ...recorded, turns: [first] };
    const actual = {
      ...recorded,
      turns: [
        first,
        {
          turn: 1,
          calls: [{ id: 'toolu_oracle_1_0', tool: 'Write', input: { file_path: '$CWD/b.txt', content: 'b' }, is_error: false, content: 'File created successfully at: $CWD/b.txt' }],
          attachments: [],
        },
      ],
    };
    const md = issueMarkdown({ scenario: { title: 'T', turns: [] }, expected, actual });
    expect(md.slice(md.indexOf('### Expected vs actual'))).toEqual(
      [
        '### Expected vs actual',
        '',
        '1 of 1 recorded calls match Claude Code 2.1.273. One call was run after the recording: it has no recording to compare with.',
        '',
        '#### Read `toolu_oracle_0_0` — matches',
        '',
        'Result:',
        '',
        '```text',
        '1\ta',
        '2\t',
        '```',
        '',
        '#### Write `toolu_oracle_1_0` — no recording',
        '',
        'Actual (cc-playground):',
        '',
        '```text',
        'File created successfully at: $CWD/b.txt',
        '```',
        '',
      ].join('\n'),
    );
  });
});
