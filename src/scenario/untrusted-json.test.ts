import { expect, test } from 'vitest';
import { jsonDepth, parseUntrustedJson } from './untrusted-json';

test('counts nesting without parsing, ignoring brackets in strings', () => {
  expect(jsonDepth('{"a": [1, {"b": "[[[{{{"}], "c": "\\"]"}')).toBe(3);
  expect(jsonDepth('['.repeat(100_000), 10)).toBe(11);
});

test('parses ordinary JSON and refuses deep nesting, __proto__ keys and overlong keys', () => {
  expect(parseUntrustedJson('{"files": {"a.txt": "x"}, "turns": [[]]}')).toEqual({
    ok: true,
    value: { files: { 'a.txt': 'x' }, turns: [[]] },
  });
  expect(parseUntrustedJson(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toEqual({
    ok: false,
    message: 'nested deeper than 200 levels',
  });
  expect(parseUntrustedJson('{"turns": [[{"input": {"__proto__": {"polluted": true}}}]]}')).toEqual({
    ok: false,
    message: 'the key "__proto__" in turns[0][0].input is not allowed',
  });
  expect(parseUntrustedJson(`{"${'k'.repeat(5000)}": 1}`)).toEqual({
    ok: false,
    message: `the key "${'k'.repeat(40)}… (5000 characters)" in (root) is not allowed`,
  });
  expect(parseUntrustedJson('{"a": ')).toEqual({ ok: false, message: 'Unexpected end of JSON input' });
});
