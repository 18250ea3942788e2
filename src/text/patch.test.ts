import { describe, expect, it } from 'vitest';
import { linePatch, linePatchWhole } from './patch';

/** A small deterministic generator, so a failure names a seed that reproduces it. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

describe('linePatch', () => {
  it('gives the same hunks as jsdiff on the whole text, for random edits of repetitive text', () => {
    const alphabet = ['a', 'b', 'c', '', '\tx', 'a b'];
    for (let seed = 1; seed <= 3000; seed++) {
      const r = rng(seed);
      const lines = Array.from({ length: 1 + r(40) }, () => alphabet[r(alphabet.length)] as string);
      const text = lines.join('\n') + (r(3) === 0 ? '' : '\n');
      const at = r(text.length + 1);
      const len = r(Math.min(12, text.length - at + 1));
      const ins = Array.from({ length: r(4) }, () => alphabet[r(alphabet.length)] as string).join(
        r(2) ? '\n' : '',
      );
      const edited = text.slice(0, at) + ins + text.slice(at + len);
      expect({ seed, hunks: linePatch(text, edited) }).toEqual({ seed, hunks: linePatchWhole(text, edited) });
    }
  });

  it('numbers hunks in the whole file when the ends are cut off', () => {
    const old = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    expect(linePatch(old, old.replace('line 500\n', 'LINE 500\n'))).toEqual([
      {
        oldStart: 497,
        oldLines: 7,
        newStart: 497,
        newLines: 7,
        lines: [
          ' line 497',
          ' line 498',
          ' line 499',
          '-line 500',
          '+LINE 500',
          ' line 501',
          ' line 502',
          ' line 503',
        ],
      },
    ]);
  });
});
