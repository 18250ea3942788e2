import { describe, expect, it } from 'vitest';
import type { ModelCallRecord } from '../session/engine';
import { formInput } from './Composer';
import { checkSettings } from '../session/settings-check';
import { callMessages, callsSummary, changedFiles, visibleWhitespace } from './text';

const enc = (s: string) => new TextEncoder().encode(s);

describe('visibleWhitespace', () => {
  it('names tabs, carriage returns, spaces, NBSP, BOM and other control characters', () => {
    expect(visibleWhitespace('\ufeffa\tb \r\n\u00a0\x07\x1b')).toEqual('[BOM]a→b·␍↵\n⍽\\x07␛');
  });
});

describe('changedFiles', () => {
  it('lists added, modified and deleted paths between two snapshots', () => {
    const before = new Map<string, Uint8Array | { symlink: string }>([
      ['/a', enc('1')],
      ['/b', enc('2')],
      ['/l', { symlink: 'a' }],
    ]);
    const after = new Map<string, Uint8Array | { symlink: string }>([
      ['/a', enc('1')],
      ['/b', enc('3')],
      ['/c', enc('')],
      ['/l', { symlink: 'b' }],
    ]);
    expect([...changedFiles(before, after)]).toEqual([
      ['/b', 'modified'],
      ['/c', 'added'],
      ['/l', 'modified'],
    ]);
    expect([...changedFiles(after, before)]).toEqual([
      ['/b', 'modified'],
      ['/l', 'modified'],
      ['/c', 'deleted'],
    ]);
  });
});

describe('callMessages', () => {
  it('gives the assistant tool_use message and the user message of tool_results and attached texts', () => {
    const rec: ModelCallRecord = {
      index: 0,
      calls: [
        {
          id: 't1',
          name: 'Read',
          input: { file_path: '/x' },
          stage: 'call',
          explain: '',
          rendered: { content: [{ type: 'text', text: 'hi' }], is_error: false },
        },
        {
          id: 't2',
          name: 'Edit',
          input: {},
          stage: 'input',
          explain: '',
          rendered: { content: 'bad', is_error: true },
        },
      ],
      attachments: [{ role: 'system', type: 'text', text: 'notice' }],
      ledger: [],
    };
    expect(callMessages(rec)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/x' } },
          { type: 'tool_use', id: 't2', name: 'Edit', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'hi' }] },
          { type: 'tool_result', tool_use_id: 't2', content: 'bad', is_error: true },
          { type: 'text', text: 'notice' },
        ],
      },
    ]);
  });
});

describe('formInput', () => {
  it('leaves unset optional fields out and converts numbers and booleans by the schema', () => {
    const def = {
      name: 'Grep',
      description: '',
      input_schema: {
        type: 'object',
        required: ['pattern'],
        properties: {
          pattern: { type: 'string' },
          path: { type: 'string' },
          '-i': { type: 'boolean' },
          head_limit: { type: 'number' },
          glob: { type: 'string' },
        },
      },
    };
    expect(formInput(def, { pattern: '', path: '', '-i': 'true', head_limit: '5', glob: '*.ts' })).toEqual({
      pattern: '',
      '-i': true,
      head_limit: 5,
      glob: '*.ts',
    });
  });
});

describe('checkSettings', () => {
  it('flags unknown keys, bad rule lists and modes, and refuses what is not a JSON object', () => {
    expect(
      checkSettings('{"permissions":{"allow":["Bash(ls)",3],"defaultMode":"yolo","alow":[]},"colour":"red"}'),
    ).toEqual({
      value: { permissions: { allow: ['Bash(ls)', 3], defaultMode: 'yolo', alow: [] }, colour: 'red' },
      errors: [],
      warnings: [
        'Unknown key "colour".',
        'Unknown key "permissions.alow".',
        '"permissions.allow[1]" must be a string.',
        '"permissions.defaultMode" must be one of default, acceptEdits, plan, auto, dontAsk, bypassPermissions.',
      ],
    });
    expect(checkSettings('[1]')).toEqual({ errors: ['Settings must be a JSON object.'], warnings: [] });
    expect(checkSettings('')).toEqual({ errors: [], warnings: [] });
  });
});

describe('callsSummary', () => {
  it('says what a scenario without a description does, from its tool calls', () => {
    expect([
      callsSummary([
        [{ name: 'Read', input: { file_path: '$CWD/src/a.txt' } }],
        [{ touch: 'a.txt' }, { name: 'Edit', input: { file_path: '$CWD/src/a.txt' } }, { name: 'Bash', input: { command: 'ls -la' } }],
      ]),
      callsSummary([[{ name: 'TaskList', input: {} }]], 1),
      callsSummary([[{ name: 'A', input: {} }], [{ name: 'B', input: {} }]], 1),
      callsSummary([]),
    ]).toEqual([
      'No description. Its model calls: Read a.txt; then Edit a.txt, Bash ls -la.',
      'No description. Its model calls: TaskList.',
      'No description. Its model calls: A; and 1 more.',
      'No description, and no tool calls yet.',
    ]);
  });
});
