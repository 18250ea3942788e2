import type { ExitSemantics } from '../types';

/** Exit code 1 is an answer for these commands and no others (bash-exit probes, both versions):
 * grep/egrep/fgrep/rg "no match", diff "differences", find "some paths failed", test/[ "false",
 * git diff/grep. Exit 2 of any of them is an error; cmp, sort -c, expr, which, pgrep, zgrep,
 * [[, jq -e, git log/config/rev-parse/diff-index/diff-files exit 1 are errors. */
export const EXIT_SEMANTICS: readonly ExitSemantics[] = [
  { command: 'grep', notErrors: [1] },
  { command: 'egrep', notErrors: [1] },
  { command: 'fgrep', notErrors: [1] },
  { command: 'rg', notErrors: [1] },
  { command: 'diff', notErrors: [1] },
  { command: 'find', notErrors: [1] },
  { command: 'test', notErrors: [1] },
  { command: '[', notErrors: [1] },
  { command: 'git', notErrors: [1], subcommands: ['diff', 'grep'] },
];
