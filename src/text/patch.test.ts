import { describe, expect, it } from 'vitest';
import { applyPatch, diffArrays } from 'diff';
import { anchoredChanges, hunksOf, linePatch, linePatchWhole, lineTokens } from './patch';

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

  it("builds hunks from line changes exactly as jsdiff's structuredPatch does", () => {
    const alphabet = ['a', 'b', '', 'c\r', 'a b'];
    for (let seed = 1; seed <= 2000; seed++) {
      const r = rng(seed);
      const text = () =>
        Array.from({ length: r(30) }, () => alphabet[r(alphabet.length)] as string).join('\n') +
        (r(3) === 0 ? '' : '\n');
      const [a, b] = [text(), text()];
      const changes = (diffArrays(lineTokens(a), lineTokens(b)) ?? []).map((c) => ({
        lines: c.value,
        added: !!c.added,
        removed: !!c.removed,
      }));
      expect({ seed, hunks: hunksOf(changes) }).toEqual({ seed, hunks: linePatchWhole(a, b) });
    }
  });

  it('past 1,000 changed lines, gives a patch that turns the old text into the new one', () => {
    const alphabet = ['x', 'y', '}', '', 'z'];
    for (let seed = 1; seed <= 20; seed++) {
      const r = rng(seed);
      const old = Array.from({ length: 1500 }, (_, i) => (r(3) ? `line ${i}` : (alphabet[r(5)] as string)));
      const edited = old.flatMap((l) => (r(4) === 0 ? [l] : r(3) ? [`${l}!`] : r(2) ? [] : [l, 'new']));
      const [a, b] = [old.join('\n') + '\n', edited.join('\n') + (seed % 2 ? '\n' : '')];
      expect({
        seed,
        applied: applyPatch(a, {
          oldFileName: '',
          newFileName: '',
          oldHeader: '',
          newHeader: '',
          hunks: linePatch(a, b),
        }),
      }).toEqual({ seed, applied: b });
    }
  });

  it("gives jsdiff's own patch for a replace_all over 2,000 lines, every other line changed", () => {
    const old = Array.from({ length: 2000 }, (_, i) =>
      i % 2 ? `  return foo(${i});` : `const v${i} = ${i};`,
    ).join('\n');
    const edited = old.replaceAll('foo', 'bar');
    expect(hunksOf(anchoredChanges(lineTokens(old), lineTokens(edited)))).toEqual(
      linePatchWhole(old, edited),
    );
  });
});
