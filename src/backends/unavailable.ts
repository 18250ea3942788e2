// Placeholders for ports a backend does not offer (yet): they answer with a clear error
// instead of crashing the session.
import type { Search, Shell } from '../workspace/types';

export function unavailableShell(why: string): Shell {
  return {
    run: (_command, opts) =>
      Promise.resolve({ stdout: '', stderr: `cc-playground: ${why}\n`, exitCode: 127, interrupted: false, cwdAfter: opts.cwd }),
  };
}

export function unavailableSearch(why: string): Search {
  return { run: () => Promise.resolve({ stdout: '', stderr: `cc-playground: ${why}\n`, code: 2 }) };
}
