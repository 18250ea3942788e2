// The language backend the LSP tool asks. The tool core only states what it needs (types.ts);
// the entry that starts the core chooses the implementation: the CLI and the unit tests the
// TypeScript language service in-process, the page the same service in a worker
// (src/backends/lsp). Without one, a call answers that no language service is loaded.
import type { LanguageBackend } from './types';

let current: LanguageBackend | undefined;

export function setLanguageBackend(backend: LanguageBackend | undefined): void {
  current = backend;
}

export function languageBackend(): LanguageBackend | undefined {
  return current;
}
