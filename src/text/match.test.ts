import { describe, expect, it } from 'vitest';
import {
  countOccurrences,
  decodeEscapes,
  encodeNonAscii,
  findActualString,
  foldQuotes,
  hasEscapeForms,
  preserveQuoteStyle,
} from './match';

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
