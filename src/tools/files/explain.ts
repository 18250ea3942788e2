// Explanations the file tools (Write, Edit, NotebookEdit) share.
import type { LedgerEntry } from '../../ledger/ledger';
import type { ReadState } from './freshness';

/** Why the ledger let the write through, or not (shared with Edit and NotebookEdit). */
export function explainState(s: ReadState | undefined): string {
  if (!s) return 'The file did not exist, so no earlier Read was needed.';
  // "a Read", "an Edit", "a Bash view (`cat a.txt`)".
  const via = (e: LedgerEntry) =>
    e.via === 'Bash' ? `Bash view${e.detail ? ` (\`${e.detail}\`)` : ''}` : e.via;
  const article = (e: LedgerEntry) => (e.via === 'Edit' ? 'an' : 'a');
  switch (s.kind) {
    case 'current':
      return `The ledger holds ${article(s.entry)} ${via(s.entry)} of this path (call ${s.entry.callId}) and the file has not changed since (or only its mtime moved).`;
    case 'unread-relaxed':
      return s.entry
        ? 'The only Read of this path was a PARTIAL view, which does not count; the model has the relaxed rule, Read is offered and reading the file needs no prompt, so Edit goes ahead (Write would not).'
        : 'Nothing in the ledger for this path; the model has the relaxed rule, Read is offered and reading the file needs no prompt, so the file need not be read first.';
    case 'unread':
      return s.entry
        ? 'The ledger holds only a PARTIAL view of this path (a Read cut short by the token cap), which does not count as a read; Write refuses it whatever the model.'
        : 'Nothing in the ledger for this path, and the read-before-edit rule is not relaxed here (strict model, Read not offered, or reading would prompt).';
    case 'stale':
      return s.reason === 'range'
        ? `The file's mtime is newer than the ranged ${via(s.entry)} in the ledger (call ${s.entry.callId}), and a range cannot show the rest is unchanged.`
        : `The file's mtime is newer than the ${via(s.entry)} in the ledger (call ${s.entry.callId}) and its content differs from what was read.`;
  }
}
