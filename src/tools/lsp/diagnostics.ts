// The diagnostics message: after an LSP call opens a file or an edit changes one the server
// has, what the server publishes for it reaches the model with the next model call's results
// (lsp-diagnostics-after-edit, both versions; on 2.1.332 after the quiet-call nudge, in the same
// system message). Every diagnostic of the file is listed again after each edit, not only the
// new ones; a file without any is left out. Recorded severities: ✘ error, ★ hint; the warning
// and information marks are NOT RECORDED (⚠ and ℹ by analogy).
import type { Diagnostic } from '../../workspace/language';

const MARKS: Record<number, string> = { 1: '✘', 2: '⚠', 3: 'ℹ', 4: '★' };

export function diagnosticLine(d: Diagnostic): string {
  const code = d.code === undefined ? '' : ` [${d.code}]`;
  const source = d.source === undefined ? '' : ` (${d.source})`;
  return `  ${MARKS[d.severity] ?? '★'} [Line ${d.start.line + 1}:${d.start.character + 1}] ${d.message}${code}${source}`;
}

/** One message for the files with diagnostics (relative path -> its diagnostics), in order;
 * undefined when none has any. */
export function diagnosticsMessage(files: readonly { path: string; diagnostics: readonly Diagnostic[] }[]): string | undefined {
  const blocks = files
    .filter((f) => f.diagnostics.length > 0)
    .map((f) => `${f.path}:\n${f.diagnostics.map(diagnosticLine).join('\n')}`);
  if (blocks.length === 0) return undefined;
  return `<new-diagnostics>The following new diagnostic issues were detected:\n\n${blocks.join('\n\n')}</new-diagnostics>`;
}
