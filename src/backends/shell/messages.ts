// How /bin/bash names itself in its own error messages when Claude Code runs a command as
// `/bin/bash -c "eval '<cmd>' < /dev/null && pwd -P >| <file>"`.
import type { ShellResult } from '../../workspace/types';

/** Line number bash reports for an error on line `n` of the eval'd command. Inside `eval`, bash
 * counts each newline twice for simple commands (observed on bash 5.2: line 2 -> 3, 3 -> 5). */
export function evalLineNumber(n: number): number {
  return 2 * n - 1;
}

/** `/bin/bash: line N: ` for an error about `name`; N is found by locating the first line of
 * the command that mentions `name` as a word (just-bash does not report line numbers). */
export function shellErrorPrefix(command: string, name: string): string {
  const lines = command.split('\n');
  let n = 1;
  if (lines.length > 1) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const word = new RegExp(`(^|[^A-Za-z0-9_.-])${escaped}($|[^A-Za-z0-9_.-])`);
    const i = lines.findIndex((l) => word.test(l));
    if (i >= 0) n = i + 1;
  }
  return `/bin/bash: line ${evalLineNumber(n)}: `;
}

/** Exit status of a command stopped by SIGTERM, as the disk shell reports a killed bash. */
export const SIGTERM_EXIT = 143;

/** The result of a command stopped before it could report anything. */
export function stoppedResult(cwd: string): ShellResult {
  return { stdout: '', stderr: '', exitCode: SIGTERM_EXIT, interrupted: true, cwdAfter: cwd };
}
