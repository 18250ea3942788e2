import { describe, expect, it } from 'vitest';
import { candidates, reduce, size } from './reduce';
import { draw, mergeJson } from './grammar';
import type { JsonObject } from './types';

const base: JsonObject = {
  id: 's',
  files: { 'a.txt': 'a\n', 'b.txt': 'b\n' },
  settings: { permissions: { allow: ['Bash(ls:*)', 'Bash(cat:*)'] } },
  turns: [[{ name: 'Bash', input: { command: 'cat a.txt' } }], [{ name: 'Bash', input: { command: 'ls' } }]],
};

describe('difftest reduction', () => {
  it('offers every one-step-smaller variant', () => {
    const all = candidates(base).map((c) => JSON.stringify(c));
    expect(all).toContain(JSON.stringify({ ...base, turns: [(base.turns as unknown[])[1]] }));
    expect(all).toContain(JSON.stringify({ ...base, files: { 'b.txt': 'b\n' } }));
    expect(all).toContain(JSON.stringify({ ...base, settings: { permissions: { allow: ['Bash(cat:*)'] } } }));
    expect(all).toContain(
      JSON.stringify({
        ...base,
        turns: [[{ name: 'Bash', input: { command: 'cat' } }], (base.turns as unknown[])[1]],
      }),
    );
    expect(candidates(base).every((c) => size(c) < size(base))).toBe(true);
  });

  it('keeps only what the divergence needs', async () => {
    // Diverges while the cat call and the cat rule are both there.
    const diverges = async (c: JsonObject) =>
      String(JSON.stringify(c.turns)).includes('cat a.txt') &&
      String(JSON.stringify(c.settings)).includes('Bash(cat:*)');
    const { reduced } = await reduce(base, diverges, 100);
    expect(reduced).toEqual({
      id: 's',
      settings: { permissions: { allow: ['Bash(cat:*)'] } },
      turns: [[{ name: 'Bash', input: { command: 'cat a.txt' } }]],
    });
  });

  it('draws the same scenario from the same seed, and merges rules', () => {
    expect(draw(7, 3)).toEqual(draw(7, 3));
    expect(mergeJson({ allow: ['a'], x: 1 }, { allow: ['a', 'b'], x: 2 })).toEqual({
      allow: ['a', 'b'],
      x: 1,
    });
  });
});
