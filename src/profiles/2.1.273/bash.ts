import type { ExitSemantics } from '../types';

/** Exit code 1 is an answer for these commands and no others (bash-exit probes, both versions;
 * the meanings the structured result gives: bash-x-exit-interpretation on 2.1.273, 2.1.332 and
 * 2.1.337):
 * grep/egrep/fgrep/rg "no match", diff "differences", find "some paths failed", test/[ "false",
 * git diff/grep. Exit 2 of any of them is an error; cmp, sort -c, expr, which, pgrep, zgrep,
 * [[, jq -e, git log/config/rev-parse/diff-index/diff-files exit 1 are errors. */
export const EXIT_SEMANTICS: readonly ExitSemantics[] = [
  { command: 'grep', notErrors: [1], meaning: 'No matches found' },
  { command: 'egrep', notErrors: [1], meaning: 'No matches found' },
  { command: 'fgrep', notErrors: [1], meaning: 'No matches found' },
  { command: 'rg', notErrors: [1], meaning: 'No matches found' },
  { command: 'diff', notErrors: [1], meaning: 'Files differ' },
  { command: 'find', notErrors: [1], meaning: 'Some directories were inaccessible' },
  { command: 'test', notErrors: [1], meaning: 'Condition is false' },
  { command: '[', notErrors: [1], meaning: 'Condition is false' },
  { command: 'git', notErrors: [1], subcommands: ['diff'], meaning: 'Files differ' },
  { command: 'git', notErrors: [1], subcommands: ['grep'], meaning: 'No matches found' },
];
