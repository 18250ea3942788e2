import { describe, expect, it } from 'vitest';
import { grewFrom } from './recorded';

const original = {
  files: { 'a.txt': 'a\n' },
  turns: [[{ name: 'Read', input: { file_path: '$CWD/a.txt' } }]],
};

describe('grewFrom', () => {
  it('holds for the scenario itself, calls added after its turns, and another release', () => {
    const more = [...original.turns, [{ name: 'Write', input: { file_path: '$CWD/b.txt', content: 'b' } }]];
    expect(
      [
        original,
        { ...original, turns: more, answers: ['allow' as const] },
        { ...original, version: '2.1.332' },
      ].map((s) => grewFrom(original, s)),
    ).toEqual([true, true, true]);
  });
  it('fails for other files, other settings, a changed turn or fewer turns', () => {
    expect(
      [
        { ...original, files: { 'a.txt': 'b\n' } },
        { ...original, mode: 'default' as const },
        { ...original, turns: [[{ name: 'Read', input: { file_path: '$CWD/b.txt' } }]] },
        { ...original, turns: [] },
      ].map((s) => grewFrom(original, s)),
    ).toEqual([false, false, false, false]);
  });
});
