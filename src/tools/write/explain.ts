import type { LedgerEntry } from '../../ledger/ledger';
import { ENCODING_REFUSAL_EXPLAIN } from '../files/errors';
import { explainState } from '../files/explain';
import type { WriteOutcome } from './write';

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
