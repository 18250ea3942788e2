import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../../scenario/schema';
import { alignVersions, differenceMarks, diffSegments, exactText } from './align';

const result = (version: string, turns: ScenarioResult['turns']): ScenarioResult => ({
  scenario: 's',
  version,
  turns,
});

describe('alignVersions', () => {
  it('marks the calls whose text, is_error or decision differ, and diffs the text by characters', () => {
    const left = result('2.1.273', [
      {
        turn: 0,
        calls: [
          { id: 'a', tool: 'Read', is_error: false, content: 'same' },
          { id: 'b', tool: 'Edit', is_error: true, content: 'File has not been read yet.' },
        ],
        attachments: [],
      },
      { turn: 1, calls: [{ id: 'c', tool: 'Bash', is_error: false, content: 'ok' }], attachments: [{ role: 'system', text: 'x' }] },
    ]);
    const right = result('2.1.332', [
      {
        turn: 0,
        calls: [
          { id: 'a', tool: 'Read', is_error: false, content: 'same' },
          { id: 'b', tool: 'Edit', is_error: false, content: 'File has been read.' },
        ],
        attachments: [],
      },
      { turn: 1, calls: [{ id: 'c', tool: 'Bash', is_error: false, content: 'ok' }], attachments: [] },
    ]);
    const rows = alignVersions(
      { result: left, decisions: [[undefined, undefined], ['allow']] },
      { result: right, decisions: [[undefined, undefined], ['ask']] },
    );
    expect(rows.map((r) => [r.turn, r.calls.map((c) => c.differs), r.attachments])).toEqual([
      [0, [[], ['text', 'is_error']], { left: '', right: '', differs: false }],
      [1, [['decision']], { left: 'system: x', right: '', differs: true }],
    ]);
    expect(rows[0]?.calls[1]?.segments).toEqual({
      granularity: 'chars',
      left: [
        { text: 'File has ', changed: false },
        { text: 'not ', changed: true },
        { text: 'been read', changed: false },
        { text: ' yet', changed: true },
        { text: '.', changed: false },
      ],
      right: [
        { text: 'File has ', changed: false },
        { text: 'been read', changed: false },
        { text: '.', changed: false },
      ],
    });
    expect(differenceMarks(rows)).toEqual([
      { turn: 0, call: 1 },
      { turn: 1, call: 0 },
      { turn: 1, attachments: true },
    ]);
  });

  it('marks a call only one version made', () => {
    const rows = alignVersions(
      { result: result('2.1.273', [{ turn: 0, calls: [], attachments: [] }]), decisions: [] },
      {
        result: result('2.1.332', [{ turn: 0, calls: [{ id: 'x', tool: 'Read', is_error: false, content: 'y' }], attachments: [] }]),
        decisions: [],
      },
    );
    expect(rows[0]?.calls).toEqual([
      {
        turn: 0,
        index: 0,
        left: undefined,
        right: { id: 'x', tool: 'Read', text: 'y', content: 'y', is_error: false, decision: 'no decision' },
        differs: ['missing'],
      },
    ]);
  });
});

describe('exactText and diffSegments', () => {
  it('joins text blocks and keeps other blocks as JSON', () => {
    expect(exactText([{ type: 'text', text: 'a' }, { type: 'image', source: { data: 'x' } }])).toBe(
      'a\n{"type":"image","source":{"data":"x"}}',
    );
  });
  it('marks two texts that share little whole, not as confetti', () => {
    expect(diffSegments('Wasted call', 'Warning: empty')).toEqual({
      granularity: 'whole',
      left: [{ text: 'Wasted call', changed: true }],
      right: [{ text: 'Warning: empty', changed: true }],
    });
  });
  it('falls back to lines for texts too large for a character diff', () => {
    const a = 'x\n'.repeat(60_000);
    const b = 'y\n' + a.slice(2) + 'z\n';
    const d = diffSegments(a, b);
    expect(d.granularity).toBe('lines');
    expect(d.left.map((s) => s.text).join('')).toBe(a);
    expect(d.right.map((s) => s.text).join('')).toBe(b);
  });
});
