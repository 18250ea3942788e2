import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  countOccurrences,
  decodeEscapes,
  encodeNonAscii,
  findActualString,
  foldQuotes,
  hasEscape,
  hasEscapeForms,
  preserveQuoteStyle,
} from './match';

/** The cascade as it was with the regex Claude Code builds (fine for short strings): the
 * reference the linear scan must agree with. */
function regexCascade(file: string, search: string) {
  if (file.includes(search)) return { actual: search, stage: 'exact' };
  const at = foldQuotes(file).indexOf(foldQuotes(search));
  if (at !== -1) return { actual: file.slice(at, at + search.length), stage: 'quotes' };
  if (hasEscape(search) && file.includes(decodeEscapes(search)))
    return { actual: decodeEscapes(search), stage: 'escapes-decoded' };
  if (!hasEscapeForms(search)) return undefined;
  const lit = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const hex = (h: string) =>
    [...h.toLowerCase()].map((c) => (/[a-f]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');
  let src = '';
  for (let i = 0; i < search.length;) {
    const m = /^\\u([0-9a-fA-F]{4})/.exec(search.slice(i, i + 6));
    const code = search.charCodeAt(i);
    if (m) src += `(?:\\\\u${hex(m[1] as string)}|${lit(String.fromCharCode(parseInt(m[1] as string, 16)))})`;
    else if (code > 0x7f)
      src += `(?:${lit(search[i] as string)}|\\\\u${hex(code.toString(16).padStart(4, '0'))})`;
    else src += lit(search[i] as string);
    i += m ? 6 : 1;
  }
  const r = new RegExp(src).exec(file);
  return r ? { actual: r[0], stage: 'escapes-either' } : undefined;
}

describe('Edit matching cascade', () => {
  it('prefers an exact match', () => {
    expect(findActualString('a “b” "b"', '"b"')).toEqual({ actual: '"b"', stage: 'exact' });
  });

  it('folds curly quotes and returns the file spelling', () => {
    expect(foldQuotes('‘a’ “b”')).toEqual('\'a\' "b"');
    expect(findActualString('say “hi” now', 'say "hi"')).toEqual({ actual: 'say “hi”', stage: 'quotes' });
    expect(findActualString("it's", 'it’s')).toEqual({ actual: "it's", stage: 'quotes' });
  });

  it('decodes escapes in old_string, and accepts escapes and characters either way, hex in any case', () => {
    expect(findActualString('x = "\\u00C9t\\u00e9"', 'x = "Été"')).toEqual({
      actual: 'x = "\\u00C9t\\u00e9"',
      stage: 'escapes-either',
    });
    expect(findActualString('x = "Été"', 'x = "\\u00c9t\\u00E9"')).toEqual({
      actual: 'x = "Été"',
      stage: 'escapes-decoded',
    });
    expect(findActualString('x = "É\\u00e9"', 'x = "\\u00c9é"')).toEqual({
      actual: 'x = "É\\u00e9"',
      stage: 'escapes-either',
    });
    expect(findActualString('emoji 😀!', 'emoji \\ud83d\\ude00')).toEqual({
      actual: 'emoji 😀',
      stage: 'escapes-decoded',
    });
    expect(findActualString('a.b', 'a\\u002eb')).toEqual({
      actual: 'a.b',
      stage: 'escapes-decoded',
    });
    expect(decodeEscapes('\\u00e9\\u00C9\\x \\\\u0041 \\\\\\u0041')).toEqual('éÉ\\x \\\\u0041 \\\\A');
    expect(encodeNonAscii('é 😀 a')).toEqual('\\u00e9 \\ud83d\\ude00 a');
  });

  it('takes the first spelling that lets the rest match, leftmost first, as a regex would', () => {
    const cases: [file: string, search: string][] = [
      ['\\u00e9\\u005c', 'é\\u005cu005c'],
      ['\\u00e9\\u005c', 'é\\u005c'],
      ['\\u00e9\\x \\u00e9\\u005cx', 'é\\u005cx'],
      ['\\u00E9\\u005Cx', 'é\\u005cx'],
      ['\\u00e9\\u005', 'é\\u005cu005c'],
    ];
    expect(cases.map(([file, search]) => findActualString(file, search)?.actual)).toEqual([
      '\\u00e9\\u005c',
      '\\u00e9\\u005c',
      '\\u00e9\\x',
      '\\u00E9\\u005Cx',
      undefined,
    ]);
  });

  it('matches an old_string of 10,000 non-ASCII characters, in either spelling, or finds none', () => {
    const long = 'é'.repeat(5000) + '“ü”'.repeat(1667);
    const escaped = encodeNonAscii(long);
    expect(findActualString(`x ${escaped} y`, long)).toEqual({ actual: escaped, stage: 'escapes-either' });
    expect(findActualString(`x ${long} y`, escaped)).toEqual({ actual: long, stage: 'escapes-decoded' });
    expect(findActualString(`x ${escaped.slice(0, -6)} y`, long)).toEqual(undefined);
  });

  it('agrees with the regex it replaces on short texts of escapes, backslashes and quotes', () => {
    const piece = fc.constantFrom(
      'a',
      'é',
      'É',
      '\\',
      '\\u',
      '\\u00e9',
      '\\u00C9',
      '\\u005c',
      '\\u005C',
      'u005c',
      '\\u0041',
      'A',
      '“',
      '"',
      '0',
      'c',
    );
    const text = fc.array(piece, { maxLength: 8 }).map((a) => a.join(''));
    fc.assert(
      fc.property(
        text,
        text.filter((s) => s !== ''),
        (file, search) => {
          expect(findActualString(file, search)).toEqual(regexCascade(file, search));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('does not treat NFC and NFD as the same text', () => {
    expect(findActualString('cafe\u0301', 'caf\u00e9')).toEqual(undefined);
    expect(hasEscapeForms('caf\u00e9')).toEqual(true);
    expect(hasEscapeForms('plain ascii')).toEqual(false);
    expect(hasEscapeForms('\\u0041')).toEqual(true);
  });

  it('counts non-overlapping occurrences', () => {
    expect(countOccurrences('aaaa', 'aa')).toEqual(2);
    expect(countOccurrences('abc', 'd')).toEqual(0);
  });

  it('gives new_string the curly style of the file, apostrophes closing', () => {
    expect(preserveQuoteStyle('"a"', '“a”', "say \"x\" ('y') don't")).toEqual("say “x” ('y') don't");
    expect(preserveQuoteStyle("'a'", '‘a’', "'x' don't—'z'")).toEqual('‘x’ don’t—‘z’');
    expect(preserveQuoteStyle('same', 'same', '"x"')).toEqual('"x"');
  });
});
