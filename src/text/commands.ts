// What a command's words mean, one record per command, read by both the permission engine's
// command analysis (permissions/shell) and the in-memory shell (backends/shell), so both split
// a command line the same way; text/ is the folder both may import.

export interface CommandWords {
  /** Options that take the next word as their value (`-e PATTERN`). */
  valueFlags: readonly string[];
}

const GREP: CommandWords = {
  valueFlags: [
    '-e',
    '-f',
    '-m',
    '-A',
    '-B',
    '-C',
    '-d',
    '-D',
    '--regexp',
    '--file',
    '--max-count',
    '--include',
    '--exclude',
    '--exclude-dir',
    '--label',
    '--color',
    '--colour',
    '--context',
    '--after-context',
    '--before-context',
  ],
};

export const COMMAND_WORDS = { grep: GREP, egrep: GREP, fgrep: GREP } as const satisfies Record<
  string,
  CommandWords
>;
