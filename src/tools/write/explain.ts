import type { LedgerEntry } from '../../ledger/ledger';
import type { ReadState } from './freshness';
import { ENCODING_REFUSAL_EXPLAIN } from './errors';
import type { WriteOutcome } from './write';

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

export function explainWrite(o: WriteOutcome): string {
  switch (o.kind) {
    case 'refused':
      return `Write refused before running: ${explainState(o.state)}`;
    case 'check-error':
      return `Checking the file failed (${o.message}); Claude Code reports an error thrown in its checks as "Error calling tool".`;
    case 'symlink':
      return o.inPermissionCheck
        ? "The path is a symbolic link; this version refuses to write through it in Write's permission check, which no mode overrides, so the call is a permission denial (the text is not wrapped in <tool_use_error>)."
        : 'The path is a symbolic link; Claude Code refuses to write through it (the text is not wrapped in <tool_use_error>).';
    case 'is-directory':
      return 'The path is a directory; this version refuses it in its input checks, before anything is read.';
    case 'encoding':
      return ENCODING_REFUSAL_EXPLAIN[o.refusal];
    case 'io-error':
      return `The filesystem refused (${o.message}); Claude Code passes the raw error text through.`;
    case 'written':
      return o.type === 'create'
        ? 'A new file: parent directories were created and the content written as given (UTF-8); the ledger now holds it as read.'
        : `${explainState(o.state)} The whole file was replaced as given (${o.encoding === 'utf16le' ? 'UTF-16LE, ' : ''}no BOM and no CRLF restored, as this release does); the ledger now holds the new content.`;
  }
}

export function consultedByWrite(o: WriteOutcome): LedgerEntry | undefined {
  if (o.kind === 'refused') return o.state.entry;
  if (o.kind === 'written') return o.state?.entry;
  return undefined;
}
