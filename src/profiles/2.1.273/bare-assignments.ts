import type { BareAssignmentTable } from '../../permissions/types';

/** How a line's bare assignment (`NAME=x; cat foo.txt`, a for loop's variable) is judged,
 * from default-mode probes with no rules (recorded the same on 2.1.273 and 2.1.332 except
 * OLDPWD). A name outside `safe` keeps every part of the line from being read-only while the
 * session's shell environment is unknown (no Bash command let through yet: F, X, FOO, DEBUG,
 * PS4, GIT_PAGER, GOFLAGS, RUSTFLAGS asked as a session's first calls; ls, cat or find before
 * them and they ran) and, after that, when the shell's environment has the name (PWD, USER,
 * LOGNAME, TMPDIR, IS_SANDBOX, CLAUDECODE, a scenario `env` name asked; G, i, HOSTNAME, PS1
 * ran). `safe`: the names that ran as a session's first call although some are in the
 * environment (TERM, TZ, ANTHROPIC_API_KEY). The other names have texts of their own, bare
 * or as a command prefix, in every phase. */
export const BARE_ASSIGNMENTS_2_1_273: BareAssignmentTable = {
  safe: new Set([
    'TERM',
    'TZ',
    'ANTHROPIC_API_KEY',
    'NODE_ENV',
    'CI',
    'NO_COLOR',
    'FORCE_COLOR',
    'CLICOLOR',
    'COLORTERM',
    'GOOS',
    'RUST_LOG',
    'PYTHONUNBUFFERED',
  ]),
  // Names the Bash tool's shell has beyond Claude Code's own environment.
  shellNames: ['PWD', 'CLAUDECODE'],
  // `<NAME> assignment alters command lookup/execution for subsequent commands` (bare only;
  // as a prefix these ask as any other prefix does).
  altersLookup: new Set([
    'PATH',
    'HOME',
    'LD_PRELOAD',
    'BASH_ENV',
    'SHELL',
    'HISTFILE',
    'CDPATH',
    'LANG',
    'LANGUAGE',
    'LC_ALL',
    'LC_CTYPE',
    'LC_MESSAGES',
    'LC_TIME',
    'LC_NUMERIC',
    'LC_COLLATE',
  ]),
  // `<NAME> has integer attribute — …`, bare and as a prefix, unless the value is a plain number.
  integer: new Set(['COLUMNS', 'LINES', 'SHLVL', 'UID', 'EUID', 'PPID', 'RANDOM', 'SECONDS', 'HISTSIZE']),
};
