import type { ReadOutcome } from './read';

export function explainRead(o: ReadOutcome): string {
  switch (o.kind) {
    case 'text':
      return o.numLines < o.totalLines
        ? `Read returned lines ${o.startLine}–${o.startLine + o.numLines - 1} of ${o.totalLines}, numbered, and recorded a partial view in the ledger.`
        : `Read returned all ${o.totalLines} lines, numbered (a trailing newline shows as an empty last line), and recorded the file in the ledger.`;
    case 'empty':
      return 'The file is empty, so Read sends a warning instead of lines.';
    case 'past-end':
      return `The offset ${o.offset} is past the end of the ${o.totalLines}-line file.`;
    case 'unchanged':
      return 'The ledger already holds a Read of this path with the same offset and limit, and the mtime has not changed: 2.1.273 refuses to send the content again.';
    case 'missing':
      return 'No file at this path; Read adds the working directory as a hint.';
    case 'is-directory':
      return 'The path is a directory; 2.1.273 passes the raw EISDIR error through.';
  }
}
