// The LSP tool's language backend in the calling thread (the CLI, the unit tests): the
// `typescript` package, loaded on the first LSP call, with its lib .d.ts files read from disk.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LanguageBackend } from '../../workspace/language';
import { typescriptBackend } from './typescript-service';

export function createInProcessLanguageBackend(): LanguageBackend {
  let loaded: Promise<LanguageBackend> | undefined;
  const load = () =>
    (loaded ??= import('typescript').then((m) => {
      const ts = m.default;
      const libDir = dirname(ts.getDefaultLibFilePath({}));
      return typescriptBackend(ts, (name) => {
        try {
          return readFileSync(join(libDir, name), 'utf8');
        } catch {
          return undefined;
        }
      });
    }));
  return {
    run: async (project, request) => (await load()).run(project, request),
    diagnostics: async (project, file) => (await load()).diagnostics(project, file),
  };
}
