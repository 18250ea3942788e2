import { describe, expect, it } from 'vitest';
import { isMarkdownPath, normaliseWrittenText, stripTrailingWhitespace } from './normalise-input';

describe('normalising written text', () => {
  it('strips trailing whitespace per line and keeps each line ending', () => {
    expect(stripTrailingWhitespace('a \t\r\nb\u00a0\nc \rd  ')).toEqual('a\r\nb\nc\rd');
  });

  it('decodes escapes but not an escaped backslash, and strips only when asked', () => {
    expect(normaliseWrittenText('caf\\u00e9  \n\\\\u0041', { stripTrailing: true })).toEqual(
      'café\n\\\\u0041',
    );
    expect(normaliseWrittenText('caf\\u00e9  \n', { stripTrailing: false })).toEqual('café  \n');
  });

  it('knows Markdown by its extension', () => {
    expect(['a.md', 'B.MDX', 'c.markdown', 'md'].map(isMarkdownPath)).toEqual([true, true, false, false]);
  });
});
