import type { MemoryOutcome } from './memory';

export function explainMemory(o: MemoryOutcome): string {
  switch (o.kind) {
    case 'stores':
      return 'Without a store, memory_list lists the stores of the session (only the personal store was recorded).';
    case 'entries':
      return o.remaining > 0
        ? `The listing holds 50 documents a call, sorted by path; ${o.remaining} more follow the cursor it names.`
        : 'The documents under the prefix (directory-aligned) after the cursor, sorted by path.';
    case 'doc':
      return "The document with its version token: the first 12 hex digits of its content's SHA-256.";
    case 'wrote':
      return `memory_write ${o.op} the document (line endings made LF, format characters removed, control characters replaced); the new version token is its content's hash.`;
    case 'not_found':
      return 'No document has this path in the store.';
    case 'missing':
      return 'A version token was given for a document the store does not have: creating one takes if_version=new.';
    case 'refused':
      return `Refused before writing or reading (${o.reason}).`;
    case 'conflict':
      return 'if_version must be new for a document that does not exist and the current token for one that does: the write is refused with the current content so the model can merge.';
    case 'input':
      return 'if_version is at most 64 characters; Claude Code shows this one input error as raw zod JSON.';
  }
}
