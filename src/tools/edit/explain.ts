import type { LedgerEntry } from '../../ledger/ledger';
import { ENCODING_REFUSAL_EXPLAIN } from '../files/errors';
import { explainState } from '../files/explain';
import type { EditOutcome } from './edit';

const STAGES: Record<string, string> = {
  exact: 'old_string matched the file exactly',
  quotes:
    "old_string matched once curly quotes were folded to straight ones; the file's own spelling was replaced",
  'escapes-decoded':
    "old_string matched once its \\uXXXX escapes were decoded; new_string's escapes were decoded the same way",
  'escapes-either':
    "old_string matched once \\uXXXX escapes and the characters they stand for were accepted either way; the file's own spelling was replaced and new_string written in it",
  create: 'old_string was empty and the file did not exist, so Edit created it (with its parent directories)',
  fill: 'old_string was empty and the file held only whitespace, so Edit replaced its content',
};

export function explainEdit(o: EditOutcome): string {
  switch (o.kind) {
    case 'refused': {
      const e = o.error;
      switch (e.code) {
        case 'unread':
        case 'stale':
          return `Edit refused: ${explainState(o.state)}${e.code === 'stale' ? ' old_string does not match the current content exactly once, so the change cannot be applied safely.' : ''}`;
        case 'no-change':
          return 'old_string and new_string are identical; Edit checks this first.';
        case 'missing':
          return `No file at ${o.path}${e.hint ? `; a similar path exists (${e.hint})` : ''}.`;
        case 'exists':
          return 'An empty old_string means "create the file", which is refused when the file already has non-whitespace content.';
        case 'notebook':
          return 'Edit refuses .ipynb files; notebooks are edited cell by cell with NotebookEdit.';
        case 'utf16be':
        case 'nul-bytes':
        case 'legacy-encoding':
          return ENCODING_REFUSAL_EXPLAIN[e.code];
        case 'not-found':
          return `old_string is not in the file: exact match, curly-quote folding${e.triedEscapes ? ' and the \\uXXXX escape forms' : ''} all failed (the file is matched with CRLF folded to LF; old_string is not).`;
        case 'ambiguous':
          return `old_string occurs ${e.count} times and replace_all is false, so Edit cannot tell which one to replace.`;
      }
      break;
    }
    case 'check-error':
      return `Reading the file in the checks failed (${o.message}); Claude Code reports that as "Error calling tool".`;
    case 'symlink':
      return 'The path is a symbolic link, and Edit will not write through it (the text is not wrapped in <tool_use_error>; releases that refuse it in their permission check list it in -p mode as a permission denial).';
    case 'io-error':
      return `The filesystem refused the write (${o.message}).`;
    case 'no-op':
      return 'The replacement produced the file unchanged, which Claude Code reports as a failed edit.';
    case 'call-refused':
      return `An empty old_string on an existing blank file skips the usual checks, but the call itself refuses: ${explainState(o.state)}`;
    case 'edited': {
      // Whether new_string was re-spelled depends on the file's own quotes: say what happened.
      const styled =
        o.stage === 'quotes'
          ? o.appliedNewString === o.newString
            ? ' and new_string was written as given'
            : " and new_string took the file's quote style"
          : '';
      const where = `${STAGES[o.stage] ?? o.stage}${styled}${o.replaceAll ? ` (${o.occurrences} occurrence${o.occurrences === 1 ? '' : 's'} replaced)` : ''}.`;
      const ledger = o.staleRecovered
        ? ' The file had changed since it was read, but old_string still matched its current content exactly once, so the edit applied with a note instead of the usual suffix.'
        : o.stage === 'create' || o.stage === 'fill'
          ? ''
          : ` ${explainState(o.state)}`;
      const bytes = `${o.lineEnding === 'CRLF' ? ' CRLF line endings were restored on write.' : ''}${o.encoding === 'utf16le' ? ' The file stays UTF-16LE.' : ''}`;
      return `${where}${ledger}${bytes}`;
    }
  }
}

export function consultedByEdit(o: EditOutcome): LedgerEntry | undefined {
  if (o.kind === 'refused' || o.kind === 'edited' || o.kind === 'call-refused') return o.state?.entry;
  return undefined;
}
