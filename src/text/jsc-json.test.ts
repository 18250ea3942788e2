import { describe, expect, it } from 'vitest';
import { jscJsonParseError } from './jsc-json';

// Messages recorded from Bun through Read of broken notebooks (read-x-notebook-json-errors).
describe('jscJsonParseError', () => {
  it.each([
    ['{"cells": [ broken\n', 'Unexpected identifier "broken"'],
    ['', 'Unexpected EOF'],
    ['  \n', 'Unexpected EOF'],
    ['{', "Expected '}'"],
    ['{"cells": [}', "Unexpected token '}'"],
    ['{"cells": [1,]}', 'Unexpected comma at the end of array expression'],
    ["{'cells': []}", "Single quotes (') are not allowed in JSON"],
    ['{"cells" []}', "Expected ':' before value in object property definition"],
    ['{"cells": [], }', 'Property name must be a string literal'],
    ['[1, 2', "Expected ']'"],
    ['{"a": "unterminated', 'Unterminated string'],
    ['{"a": 01}', "Expected '}'"],
    ['{"a": 1.}', 'Invalid digits after decimal point'],
    ['{"a": -}', 'Invalid number'],
    ['{"a": "\\x"}', 'Invalid escape character x'],
    ['{"a": 1} x', 'Unable to parse JSON string'],
    ['\ufeff{"cells": []}', "Unrecognized token '\ufeff'"],
    ['{"a": "tab\there"}', 'Unterminated string'],
    ['{"a": 1e}', "Expected '}'"],
    ['{1: 2}', "Expected '}'"],
    ['{"a": "\\u12"}', '"\\u12"}" is not a valid unicode escape'],
    ['{"a": .5}', "Unexpected token '.'"],
    ['{"a": +1}', "Unrecognized token '+'"],
    ['{"a":1,,"b":2}', 'Property name must be a string literal'],
  ])('%j', (text, message) => {
    expect(jscJsonParseError(text)).toBe(`JSON Parse error: ${message}`);
  });

  it('accepts valid JSON', () => {
    expect(jscJsonParseError('{"cells": [{"source": ["a", "b"], "n": -1.5e+3, "t": true, "z": null}]}')).toBeUndefined();
  });
});
