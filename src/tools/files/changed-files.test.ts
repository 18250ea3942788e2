import { describe, expect, it } from 'vitest';
import { changedLines } from './changed-files';

const long = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`);
const text = (ls: string[]) => ls.join('\n') + '\n';
const numbered = (from: number, to: number, ls: string[]) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${from + i}\t${ls[from - 1 + i]}`).join('\n');

describe('changedLines (recorded notes, ledger probes)', () => {
  it('shows eight lines of context around a change, from the new text', () => {
    const after = long.map((l, i) => (i === 29 ? 'CHANGED 30' : l));
    expect(changedLines(text(long), text(after))).toEqual(numbered(22, 38, after));
  });
  it('joins distant changes with ...', () => {
    const after = long.map((l, i) => (i === 4 || i === 49 ? 'CHANGED' : l));
    expect(changedLines(text(long), text(after))).toEqual(
      `${numbered(1, 13, after)}\n...\n${numbered(42, 58, after)}`,
    );
  });
  it('shows the lines around a deletion and an appended line', () => {
    const deleted = long.filter((_, i) => i < 9 || i > 11);
    expect(changedLines(text(long), text(deleted))).toEqual(numbered(2, 17, deleted));
    expect(changedLines(text(long), text([...long, 'extra']))).toEqual(numbered(53, 61, [...long, 'extra']));
  });
  it('numbers an added empty last line', () => {
    expect(changedLines('alpha\nbeta\n', 'alpha\nbeta\n\n')).toEqual('1\talpha\n2\tbeta\n3\t');
  });
});
