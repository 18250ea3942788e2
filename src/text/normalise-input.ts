// Claude Code's input normalisation of the text a tool writes (recorded from 2.1.273): \uXXXX
// escapes are decoded in Write's content, Edit's new_string and NotebookEdit's new_source (a
// backslash pair is left alone, so `\\u0041` stays), and Write and Edit drop trailing whitespace
// from every line except in Markdown files. Results report the normalised text.
import { decodeEscapes } from './match';

export function isMarkdownPath(path: string): boolean {
  return /\.(md|mdx)$/i.test(path);
}

/** Trailing whitespace (`\s`, so NBSP too) off every line; line endings kept. */
export function stripTrailingWhitespace(s: string): string {
  return s
    .split(/(\r\n|\n|\r)/)
    .map((part, i) => (i % 2 === 0 ? part.replace(/\s+$/, '') : part))
    .join('');
}

export function normaliseWrittenText(text: string, opts: { stripTrailing: boolean }): string {
  return decodeEscapes(opts.stripTrailing ? stripTrailingWhitespace(text) : text);
}
