// Knowledge about individual commands: which ones are file commands (their paths are checked
// against path rules and the working directories, with Claude Code's wording), which ones are
// read-only (default mode runs them without a prompt), and which ones wrap another command.

import { COMMAND_WORDS } from '../../text/commands';

export type FileOp = 'read' | 'write' | 'create';

type ArgShape =
  /** every operand is a path */
  | 'all'
  /** the first operand is a pattern unless -e/-f gives it (grep family) */
  | 'pattern'
  /** the first operand is a script unless -e/-f gives it (sed) */
  | 'script'
  /** the first operand is a filter/program (jq, awk) */
  | 'program'
  /** operands before the first expression token (find) */
  | 'find'
  /** one directory, default $HOME (cd) */
  | 'cd'
  /** operands default to `.` (ls) */
  | 'dot';

export interface FileCommand {
  op: FileOp;
  /** Completes "Claude Code may only <verb> the allowed working directories". */
  verb: string;
  shape: ArgShape;
  /** Options that take the next word as their value. */
  valueFlags?: readonly string[];
}

const GREP_VALUE = COMMAND_WORDS.grep.valueFlags;
const RG_VALUE = [
  '-e',
  '-f',
  '-m',
  '-A',
  '-B',
  '-C',
  '-g',
  '-t',
  '-T',
  '-j',
  '-M',
  '-r',
  '-E',
  '--regexp',
  '--file',
  '--glob',
  '--iglob',
  '--type',
  '--type-not',
  '--max-count',
  '--context',
  '--after-context',
  '--before-context',
  '--replace',
  '--encoding',
  '--max-columns',
  '--threads',
  '--sort',
  '--sortr',
  '--max-depth',
  '--type-add',
  '--pre',
  '--pre-glob',
];

/** Claude Code's recognised file commands and its wording for each (2.1.273). */
export const FILE_COMMANDS: ReadonlyMap<string, FileCommand> = new Map(
  Object.entries({
    cd: { op: 'read', verb: 'change directories to', shape: 'cd' },
    ls: {
      op: 'read',
      verb: 'list files in',
      shape: 'dot',
      valueFlags: [
        '-w',
        '-I',
        '-T',
        '--hide',
        '--ignore',
        '--width',
        '--tabsize',
        '--format',
        '--sort',
        '--time',
        '--time-style',
        '--color',
        '--block-size',
        '--quoting-style',
        '--indicator-style',
      ],
    },
    find: { op: 'read', verb: 'search files in', shape: 'find' },
    mkdir: {
      op: 'create',
      verb: 'create directories in',
      shape: 'all',
      valueFlags: ['-m', '--mode', '--context'],
    },
    touch: {
      op: 'create',
      verb: 'create or modify files in',
      shape: 'all',
      valueFlags: ['-d', '-t', '-r', '--date', '--reference'],
    },
    rm: { op: 'write', verb: 'remove files from', shape: 'all' },
    rmdir: { op: 'write', verb: 'remove directories from', shape: 'all' },
    mv: {
      op: 'write',
      verb: 'move files to/from',
      shape: 'all',
      valueFlags: ['-t', '-S', '--target-directory', '--suffix'],
    },
    cp: {
      op: 'write',
      verb: 'copy files to/from',
      shape: 'all',
      valueFlags: ['-t', '-S', '--target-directory', '--suffix'],
    },
    cat: { op: 'read', verb: 'concatenate files from', shape: 'all' },
    head: {
      op: 'read',
      verb: 'read the beginning of files from',
      shape: 'all',
      valueFlags: ['-n', '-c', '--lines', '--bytes'],
    },
    tail: {
      op: 'read',
      verb: 'read the end of files from',
      shape: 'all',
      valueFlags: [
        '-n',
        '-c',
        '-s',
        '--lines',
        '--bytes',
        '--pid',
        '--sleep-interval',
        '--max-unchanged-stats',
      ],
    },
    sort: {
      op: 'read',
      verb: 'sort contents of files from',
      shape: 'all',
      valueFlags: [
        '-k',
        '-t',
        '-o',
        '-S',
        '-T',
        '--key',
        '--field-separator',
        '--output',
        '--buffer-size',
        '--temporary-directory',
        '--parallel',
        '--files0-from',
      ],
    },
    uniq: {
      op: 'read',
      verb: 'filter duplicate lines from files in',
      shape: 'all',
      valueFlags: ['-f', '-s', '-w', '--skip-fields', '--skip-chars', '--check-chars'],
    },
    wc: {
      op: 'read',
      verb: 'count lines/words/bytes in files from',
      shape: 'all',
      valueFlags: ['--files0-from'],
    },
    cut: {
      op: 'read',
      verb: 'extract columns from files in',
      shape: 'all',
      valueFlags: [
        '-d',
        '-f',
        '-c',
        '-b',
        '--delimiter',
        '--fields',
        '--characters',
        '--bytes',
        '--output-delimiter',
      ],
    },
    paste: { op: 'read', verb: 'merge files from', shape: 'all', valueFlags: ['-d', '--delimiters'] },
    column: {
      op: 'read',
      verb: 'format files from',
      shape: 'all',
      valueFlags: [
        '-s',
        '-c',
        '-o',
        '-N',
        '-R',
        '-H',
        '-W',
        '-E',
        '-d',
        '--separator',
        '--output-separator',
        '--table-columns',
        '--output-width',
      ],
    },
    file: {
      op: 'read',
      verb: 'examine file types in',
      shape: 'all',
      valueFlags: [
        '-m',
        '-f',
        '-F',
        '-e',
        '-P',
        '--magic-file',
        '--files-from',
        '--separator',
        '--exclude',
        '--parameter',
      ],
    },
    stat: {
      op: 'read',
      verb: 'read file stats from',
      shape: 'all',
      valueFlags: ['-c', '-f', '-t', '--format', '--printf'],
    },
    diff: {
      op: 'read',
      verb: 'compare files from',
      shape: 'all',
      valueFlags: [
        '-U',
        '-C',
        '-W',
        '-I',
        '-x',
        '-X',
        '-S',
        '-F',
        '-L',
        '--label',
        '--unified',
        '--context',
        '--width',
        '--ignore-matching-lines',
        '--exclude',
        '--exclude-from',
        '--starting-file',
        '--show-function-line',
        '--line-format',
        '--from-file',
        '--to-file',
      ],
    },
    awk: {
      op: 'read',
      verb: 'process text from files in',
      shape: 'program',
      valueFlags: ['-F', '-v', '-f', '--field-separator', '--assign', '--file'],
    },
    strings: {
      op: 'read',
      verb: 'extract strings from files in',
      shape: 'all',
      valueFlags: ['-n', '-t', '-e', '-T', '--bytes', '--radix', '--encoding', '--target'],
    },
    hexdump: {
      op: 'read',
      verb: 'display hex dump of files from',
      shape: 'all',
      valueFlags: ['-n', '-s', '-e', '-f', '--length', '--skip', '--format', '--format-file'],
    },
    od: {
      op: 'read',
      verb: 'display octal dump of files from',
      shape: 'all',
      valueFlags: [
        '-A',
        '-j',
        '-N',
        '-t',
        '-w',
        '-S',
        '--address-radix',
        '--skip-bytes',
        '--read-bytes',
        '--format',
        '--width',
        '--strings',
      ],
    },
    base64: { op: 'read', verb: 'encode/decode files from', shape: 'all', valueFlags: ['-w', '--wrap'] },
    nl: {
      op: 'read',
      verb: 'number lines in files from',
      shape: 'all',
      valueFlags: [
        '-b',
        '-d',
        '-f',
        '-h',
        '-i',
        '-l',
        '-n',
        '-s',
        '-v',
        '-w',
        '--body-numbering',
        '--section-delimiter',
        '--footer-numbering',
        '--header-numbering',
        '--line-increment',
        '--join-blank-lines',
        '--number-format',
        '--number-separator',
        '--starting-line-number',
        '--number-width',
      ],
    },
    grep: { op: 'read', verb: 'search for patterns in files from', shape: 'pattern', valueFlags: GREP_VALUE },
    egrep: {
      op: 'read',
      verb: 'search for patterns in files from',
      shape: 'pattern',
      valueFlags: GREP_VALUE,
    },
    fgrep: {
      op: 'read',
      verb: 'search for patterns in files from',
      shape: 'pattern',
      valueFlags: GREP_VALUE,
    },
    rg: { op: 'read', verb: 'search for patterns in files from', shape: 'pattern', valueFlags: RG_VALUE },
    sed: {
      op: 'read',
      verb: 'edit files in',
      shape: 'script',
      valueFlags: ['-e', '-f', '-l', '--expression', '--file', '--line-length'],
    },
    jq: {
      op: 'read',
      verb: 'process JSON from files in',
      shape: 'program',
      valueFlags: ['-f', '--from-file', '--indent', '--tab', '-L'],
    },
    sha256sum: { op: 'read', verb: 'compute SHA-256 checksums for files in', shape: 'all' },
    sha1sum: { op: 'read', verb: 'compute SHA-1 checksums for files in', shape: 'all' },
    md5sum: { op: 'read', verb: 'compute MD5 checksums for files in', shape: 'all' },
    // Recorded as read-only, with their paths checked against Read deny rules (the blocked
    // text outside the working directories is not recorded: the generic verb is used).
    tac: { op: 'read', verb: 'read files from', shape: 'all' },
    rev: { op: 'read', verb: 'read files from', shape: 'all' },
  }),
);

/** Commands outside Claude Code's list whose written paths are still checked against Edit deny
 * rules. Only tee is: truncate, chmod, chown, chgrp, ln, install, shred, unlink, `dd of=` and
 * `sort -o` run past an Edit deny on their file (bypassPermissions probe, both versions). */
export const EXTRA_WRITERS: ReadonlyMap<
  string,
  { skip: number; valueFlags: readonly string[]; verb?: string }
> = new Map(
  Object.entries({
    // tee's paths are checked like a file command's (bashperm: `tee foo.txt <<< hi` in default
    // mode gets `tee in '<path>' was blocked. …`).
    tee: { skip: 0, valueFlags: [], verb: 'write to files in' },
  }),
);

/** Commands that write the files they name but that Claude Code does not check against Edit
 * deny rules (the same bypassPermissions probe): the engine flags them as a known gap. */
export const UNCHECKED_WRITERS: ReadonlySet<string> = new Set([
  'truncate',
  'chmod',
  'chown',
  'chgrp',
  'ln',
  'install',
  'shred',
  'unlink',
  'dd',
]);

/** Operands an EXTRA_WRITERS command writes. */
export function extraWrites(name: string, args: readonly Word[]): Word[] | undefined {
  const spec = EXTRA_WRITERS.get(name);
  if (!spec) return undefined;
  const operands: Word[] = [];
  let endOfFlags = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    if (!endOfFlags && w.value === '--') endOfFlags = true;
    else if (!endOfFlags && isFlag(w)) {
      if (spec.valueFlags.includes(w.value as string)) i++;
    } else operands.push(w);
  }
  return operands.slice(spec.skip);
}

/** `git -C dir -c k=v push` -> `git push`: global options removed so deny rules on a
 * subcommand still match. */
export function gitWithoutGlobals(words: readonly Word[]): Word[] | undefined {
  if (words[0]?.value !== 'git') return undefined;
  let i = 1;
  while (i < words.length) {
    const v = words[i]?.value;
    if (
      v === '-C' ||
      v === '-c' ||
      v === '--git-dir' ||
      v === '--work-tree' ||
      v === '--namespace' ||
      v === '--exec-path'
    )
      i += 2;
    else if (v !== null && v !== undefined && v.startsWith('-')) i++;
    else break;
  }
  return i > 1 && i < words.length ? [words[0], ...words.slice(i)] : undefined;
}

/** jq options that take two values. */
const TWO_VALUE_FLAGS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    jq: ['--arg', '--argjson', '--slurpfile', '--rawfile'],
  }),
);

export interface Word {
  /** The word's value when it is static (no expansion); null otherwise. */
  value: string | null;
  /** The word as written. */
  text: string;
  /** Contains an unquoted glob character. */
  glob: boolean;
  /** Has several values through brace expansion (its alternatives are checked as shadow units). */
  braced?: boolean;
}

export interface FileArgs {
  op: FileOp;
  /** Path operands as words (their values may be dynamic). */
  paths: Word[];
  /** For cp/mv: the destination (written), the others are read. */
  destination?: Word;
}

const isFlag = (w: Word) => w.value !== null && w.value.startsWith('-') && w.value !== '-';

/** Operands of a file command, per its shape. `args` excludes the command name. */
/** Commands whose option values Claude Code's permission check takes as paths: every word
 * that does not start with `-` is one (`head -n 1 a.txt` reads `1` for deny rules; cut,
 * paste, column, grep, rg, sed, awk, jq and find skip their options' values: opt probe, both
 * versions). What the commands themselves read is parsed with their value options. */
const NAIVE_PATHS: ReadonlySet<string> = new Set([
  'ls',
  'head',
  'tail',
  'sort',
  'uniq',
  'file',
  'stat',
  'diff',
  'strings',
  'hexdump',
  'od',
  'base64',
  'nl',
  'mv',
  'cp',
]);

export function fileArgs(name: string, args: readonly Word[], forPermissions = false): FileArgs | undefined {
  const spec = FILE_COMMANDS.get(name);
  if (!spec) return undefined;
  const valueFlags = new Set(forPermissions && NAIVE_PATHS.has(name) ? [] : (spec.valueFlags ?? []));
  const twoValue = new Set(TWO_VALUE_FLAGS.get(name) ?? []);
  const operands: Word[] = [];
  const flags: string[] = [];
  const flagValues: { flag: string; word: Word }[] = [];
  let endOfFlags = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    if (spec.shape === 'find' && operands.length === 0 && flags.length === 0 && !endOfFlags) {
      // find's leading -H/-L/-P come before the paths.
      if (w.value === '-H' || w.value === '-L' || w.value === '-P') continue;
    }
    if (spec.shape === 'find') {
      if (
        w.value !== null &&
        (w.value.startsWith('-') || w.value === '(' || w.value === '!' || w.value === ',')
      )
        break;
      operands.push(w);
      continue;
    }
    if (!endOfFlags && w.value === '--') {
      endOfFlags = true;
      continue;
    }
    if (!endOfFlags && isFlag(w)) {
      const v = w.value as string;
      const eq = v.indexOf('=');
      const bare = v.startsWith('--') && eq !== -1 ? v.slice(0, eq) : v;
      flags.push(bare);
      if (twoValue.has(bare)) {
        i += 2;
      } else if (valueFlags.has(bare) && (eq === -1 || !v.startsWith('--'))) {
        const next = args[i + 1];
        if (next) flagValues.push({ flag: bare, word: next });
        i++;
      }
      continue;
    }
    operands.push(w);
  }
  const has = (...fs: string[]) =>
    flags.some(
      (f) =>
        fs.includes(f) ||
        (f.startsWith('-') &&
          !f.startsWith('--') &&
          fs.some((x) => x.length === 2 && !x.startsWith('--') && f.includes(x[1] as string))),
    );
  switch (spec.shape) {
    case 'cd':
      return { op: 'read', paths: operands.slice(0, 1) };
    case 'dot':
    case 'find':
      return {
        op: spec.op,
        paths: operands.length > 0 ? operands : [{ value: '.', text: '.', glob: false }],
      };
    case 'pattern': {
      const given = flagValues.some((f) => ['-e', '-f', '--regexp', '--file'].includes(f.flag));
      const paths = given ? operands : operands.slice(1);
      const fromFile = flagValues.filter((f) => f.flag === '-f' || f.flag === '--file').map((f) => f.word);
      const recursive = has('-r', '-R', '--recursive', '--dereference-recursive') || name === 'rg';
      return {
        op: 'read',
        paths: [
          ...fromFile,
          ...(paths.length === 0 && recursive ? [{ value: '.', text: '.', glob: false }] : paths),
        ],
      };
    }
    case 'script': {
      const given = flagValues.some((f) => ['-e', '-f', '--expression', '--file'].includes(f.flag));
      const inPlace = flags.some(
        (f) => f === '--in-place' || (f.startsWith('-') && !f.startsWith('--') && f.includes('i')),
      );
      return { op: inPlace ? 'write' : 'read', paths: given ? operands : operands.slice(1) };
    }
    case 'program': {
      const given = flagValues.some((f) => ['-f', '--file', '--from-file'].includes(f.flag));
      return { op: 'read', paths: given ? operands : operands.slice(1) };
    }
    case 'all': {
      if ((name === 'cp' || name === 'mv') && operands.length > 0) {
        const target = flagValues.find((f) => f.flag === '-t' || f.flag === '--target-directory');
        if (target) return { op: 'write', paths: [...operands, target.word], destination: target.word };
        return { op: 'write', paths: operands, destination: operands[operands.length - 1] };
      }
      const reference = flagValues
        .filter((f) => name === 'touch' && (f.flag === '-r' || f.flag === '--reference'))
        .map((f) => f.word);
      return { op: spec.op, paths: [...operands, ...reference] };
    }
  }
}

/** The flags of a command, for read-only checks (`-abc` counts as -a, -b, -c). */
function flagSet(args: readonly Word[]): Set<string> {
  const out = new Set<string>();
  for (const w of args) {
    const v = w.value;
    if (v === null || !v.startsWith('-') || v === '-' || v === '--') continue;
    if (v.startsWith('--')) out.add(v.split('=')[0] as string);
    else for (const c of v.slice(1)) out.add(`-${c}`);
  }
  return out;
}

const READ_ONLY_ANY_ARGS = new Set([
  'tac',
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'pwd',
  'echo',
  'printf',
  'true',
  'false',
  'grep',
  'egrep',
  'fgrep',
  'stat',
  'diff',
  'cmp',
  'comm',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'which',
  'whoami',
  'id',
  'groups',
  'uname',
  'cut',
  'tr',
  'nl',
  'od',
  'hexdump',
  'strings',
  'column',
  'paste',
  'fold',
  'rev',
  'seq',
  'expr',
  'test',
  '[',
  'sleep',
  'jq',
  'du',
  'df',
  'sha256sum',
  'sha1sum',
  'md5sum',
  'cksum',
  'type',
  'cd',
  'locale',
  'nproc',
  'arch',
  'tty',
]);

/** Read-only forms of git subcommands (what default mode runs without a prompt). */
// Not ls-tree: 2.1.27x asks before `git ls-tree` (seen in a public session trace).
const GIT_READ_ONLY = new Set([
  'status',
  'log',
  'diff',
  'show',
  'rev-parse',
  'ls-files',
  'blame',
  'describe',
  'shortlog',
  'rev-list',
  'cat-file',
  'merge-base',
  'grep',
  'show-ref',
  'for-each-ref',
  'name-rev',
  'count-objects',
  'whatchanged',
  'cherry',
]);
const GIT_LIST_ONLY: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    branch: [
      '-a',
      '-r',
      '-v',
      '-vv',
      '-l',
      '--list',
      '--all',
      '--remotes',
      '--verbose',
      '--show-current',
      '--merged',
      '--no-merged',
      '--contains',
      '--no-contains',
      '--sort',
      '--format',
      '--color',
      '--no-color',
      '--column',
      '--no-column',
    ],
    tag: ['-l', '--list', '-n', '--sort', '--contains', '--merged', '--points-at', '--format'],
    remote: ['-v', '--verbose'],
    stash: ['list'],
    worktree: ['list'],
    config: [
      '--get',
      '--get-all',
      '--get-regexp',
      '--list',
      '-l',
      '--show-origin',
      '--show-scope',
      '--global',
      '--local',
      '--system',
      '--name-only',
    ],
  }),
);

function gitReadOnly(args: readonly Word[]): boolean {
  let i = 0;
  // Global options that change nothing; -C/-c/--git-dir could point git anywhere, so no.
  while (
    i < args.length &&
    (args[i]?.value === '--no-pager' || args[i]?.value === '-P' || args[i]?.value === '--no-optional-locks')
  )
    i++;
  const sub = args[i]?.value;
  if (sub === undefined || sub === null) return false;
  const rest = args.slice(i + 1);
  // A glob among the arguments (`git show HEAD:f*.txt`) is not read-only (bashperm 0846, 0514).
  if (rest.some((w) => w.value === null || w.glob)) return false;
  const values = rest.map((w) => w.value as string);
  if (GIT_READ_ONLY.has(sub))
    return !values.some((v) => v.startsWith('--output') || v === '--ext-diff' || v.startsWith('--exec'));
  const listOnly = GIT_LIST_ONLY.get(sub);
  if (!listOnly) return false;
  if (sub === 'stash' || sub === 'worktree') return values[0] === 'list';
  if (sub === 'remote') return values.every((v) => listOnly.includes(v));
  if (sub === 'config') return values.some((v) => v.startsWith('--get') || v === '--list' || v === '-l');
  // branch/tag: listing flags only (with their values), no names to create or delete.
  return values.every(
    (v, k) =>
      listOnly.includes(v.split('=')[0] as string) ||
      (k > 0 &&
        [
          '--contains',
          '--merged',
          '--no-merged',
          '--sort',
          '--format',
          '--points-at',
          '--no-contains',
        ].includes(values[k - 1] as string)),
  );
}

/** A sed script that only prints (`1,5p`, `/re/p`, `$p`); sed -n with anything else may write. */
function sedPrintOnly(script: string): boolean {
  return script
    .split(';')
    .every((part) => /^\s*((\d+|\$|\/[^/]*\/)(\s*,\s*(\d+|\$|\/[^/]*\/))?)?\s*[pl=]?\s*$/.test(part));
}

/** Does this command (name and arguments, wrappers already removed) only read? */
/** find's options that run commands or write files: never read-only, refused by the gate. */
export const FIND_ACTIONS: ReadonlySet<string> = new Set([
  '-exec',
  '-execdir',
  '-ok',
  '-okdir',
  '-delete',
  '-fprint',
  '-fprint0',
  '-fprintf',
  '-fls',
]);

export function isReadOnlyCommand(name: string, args: readonly Word[]): boolean {
  const flags = flagSet(args);
  switch (name) {
    case 'git':
      return gitReadOnly(args);
    case 'find':
      return !args.some((w) => w.value !== null && FIND_ACTIONS.has(w.value));
    // sort and base64 take no globs among their operands (both versions ask); uniq always asks
    // (it may write its second operand).
    case 'sort':
      return !flags.has('-o') && !flags.has('--output') && !args.some((w) => w.glob);
    case 'uniq':
      return false;
    case 'base64':
      return !flags.has('-o') && !flags.has('--output') && !args.some((w) => w.glob);
    case 'date':
      return !flags.has('-s') && !flags.has('--set');
    case 'hostname':
      return args.length === 0;
    case 'tree':
      return !flags.has('-o');
    case 'file':
      return !flags.has('-C') && !flags.has('--compile');
    case 'rg':
      return !flags.has('--pre');
    // Bare env and printenv print the environment: both need approval (env probes, both
    // versions).
    case 'env':
      return false;
    case 'command':
      return flags.has('-v') || flags.has('-V');
    case 'sed': {
      const fa = fileArgs('sed', args);
      if (!fa || fa.op !== 'read' || !(flags.has('-n') || flags.has('--quiet') || flags.has('--silent')))
        return false;
      const scripts = args
        .filter((w, k) => k > 0 && (args[k - 1]?.value === '-e' || args[k - 1]?.value === '--expression'))
        .map((w) => w.value);
      const script = scripts.length > 0 ? scripts : [args.find((w) => !isFlag(w))?.value ?? null];
      return script.every((s) => s !== null && sedPrintOnly(s));
    }
    default:
      return READ_ONLY_ANY_ARGS.has(name);
  }
}

/** Commands that run the command after their own options. `safe` ones are stripped before
 * allow rules match too; the rest only before deny and ask rules. */
export interface Wrapper {
  safe: boolean;
  valueFlags: readonly string[];
  /** Operands the wrapper itself takes before the command (timeout's duration). */
  operands?: number;
  /** An option that makes it something other than a wrapper (`command -v`). */
  notWrapperFlags?: readonly string[];
}

export const WRAPPERS: ReadonlyMap<string, Wrapper> = new Map(
  Object.entries({
    timeout: { safe: true, valueFlags: ['-s', '-k', '--signal', '--kill-after'], operands: 1 },
    time: { safe: true, valueFlags: ['-o', '-f', '--output', '--format'] },
    nice: { safe: true, valueFlags: ['-n', '--adjustment'] },
    nohup: { safe: true, valueFlags: [] },
    stdbuf: { safe: true, valueFlags: ['-i', '-o', '-e', '--input', '--output', '--error'] },
    env: { safe: false, valueFlags: ['-u', '-C', '--unset', '--chdir'] },
    xargs: {
      safe: false,
      valueFlags: [
        '-n',
        '-L',
        '-I',
        '-P',
        '-d',
        '-s',
        '-E',
        '-a',
        '--max-args',
        '--max-lines',
        '--max-procs',
        '--delimiter',
        '--max-chars',
        '--eof',
        '--arg-file',
        '--process-slot-var',
      ],
    },
    command: { safe: false, valueFlags: [], notWrapperFlags: ['-v', '-V'] },
    builtin: { safe: false, valueFlags: [] },
    noglob: { safe: false, valueFlags: [] },
    exec: { safe: false, valueFlags: ['-a'] },
    sudo: {
      safe: false,
      valueFlags: [
        '-u',
        '-g',
        '-h',
        '-p',
        '-C',
        '-D',
        '-r',
        '-t',
        '-T',
        '-U',
        '--user',
        '--group',
        '--host',
        '--prompt',
        '--chdir',
      ],
    },
    doas: { safe: false, valueFlags: ['-u', '-C'] },
    ionice: { safe: false, valueFlags: ['-c', '-n', '-p', '-P', '-u', '--class', '--classdata'] },
    chrt: { safe: false, valueFlags: ['-T', '-P', '-D'], operands: 1 },
    taskset: { safe: false, valueFlags: ['-c', '--cpu-list'], operands: 1 },
    setsid: { safe: false, valueFlags: [] },
    unbuffer: { safe: false, valueFlags: [] },
    caffeinate: { safe: false, valueFlags: ['-t', '-w'] },
    watch: { safe: false, valueFlags: ['-n', '-d', '--interval', '--differences'] },
  }),
);

/** Strips one wrapper from the front of `words` (name first); undefined when words[0] is not
 * a wrapper or nothing follows it. Env-style NAME=VALUE operands of env are skipped. */
export function stripWrapper(words: readonly Word[], safeOnly: boolean): Word[] | undefined {
  const name = words[0]?.value;
  if (!name) return undefined;
  const w = WRAPPERS.get(name);
  if (!w || (safeOnly && !w.safe)) return undefined;
  let i = 1;
  let operands = w.operands ?? 0;
  while (i < words.length) {
    const v = words[i]?.value;
    if (v === null || v === undefined) break;
    if (w.notWrapperFlags?.includes(v)) return undefined;
    if (v === '--') {
      i++;
      break;
    }
    if (v.startsWith('-') && v.length > 1) {
      const bare = v.startsWith('--') ? (v.split('=')[0] as string) : v.slice(0, 2);
      const attached = v.startsWith('--') ? v.includes('=') : v.length > 2;
      i += w.valueFlags.includes(bare) && !attached ? 2 : 1;
      continue;
    }
    if (name === 'env' && v.includes('=') && !v.startsWith('=')) {
      i++;
      continue;
    }
    if (operands > 0) {
      operands--;
      i++;
      continue;
    }
    break;
  }
  return i < words.length ? words.slice(i) : undefined;
}

/** The wrappers an allow rule looks through, each with the options it may carry there: an
 * option not listed keeps the rule from matching (`xargs -n1 touch < list`, `nice -n5 touch`
 * need approval under Bash(touch:*); `nice -n 5 touch`, `timeout -s KILL 5 touch`,
 * `stdbuf -oL touch` run: allow-rule probes, both versions). `value` options take the next
 * word, `attached` ones carry their value (`-oL`, `--kill-after=1`); `operands` words follow. */
interface AllowWrapper {
  value?: readonly string[];
  attached?: readonly string[];
  bare?: readonly string[];
  /** `-<digits>` is an option (nice's old priority form). */
  numeric?: boolean;
  operands?: number;
}

const ALLOW_WRAPPERS: ReadonlyMap<string, AllowWrapper> = new Map<string, AllowWrapper>([
  // `nice -5` and `nice -n -5` are looked through; `nice -n5` is not.
  ['nice', { value: ['-n'], numeric: true }],
  ['nohup', {}],
  ['time', {}],
  [
    'timeout',
    {
      value: ['-s', '-k'],
      attached: ['--signal=', '--kill-after=', '-s', '-k'],
      bare: ['--foreground', '--preserve-status', '-v', '--verbose'],
      operands: 1,
    },
  ],
  // stdbuf's long options (`--output=0`) are not looked through (allow-rule probes).
  ['stdbuf', { value: ['-i', '-o', '-e'], attached: ['-i', '-o', '-e'] }],
  ['command', { bare: ['-p'] }],
  ['builtin', {}],
  // zsh's noglob: bash has no such command, yet rules look through it (`noglob git status`
  // runs under Bash(git status:*): noglob probes, both versions).
  ['noglob', {}],
  ['xargs', {}],
]);

/** One wrapper an allow rule looks through taken off, or undefined. */
export function stripAllowWrapper(words: readonly Word[]): Word[] | undefined {
  const name = words[0]?.value;
  const w = name ? ALLOW_WRAPPERS.get(name) : undefined;
  if (!w) return undefined;
  let i = 1;
  while (i < words.length) {
    const v = words[i]?.value;
    if (v === null || v === undefined || !v.startsWith('-') || v === '-') break;
    if (v === '--') {
      i++;
      break;
    }
    if (w.value?.includes(v)) i += 2;
    else if (w.bare?.includes(v) || (w.numeric && /^-\d+$/.test(v))) i++;
    else if (w.attached?.some((a) => v.startsWith(a) && v.length > a.length)) i++;
    else return undefined;
  }
  i += w.operands ?? 0;
  return i < words.length ? words.slice(i) : undefined;
}

/** One wrapper a deny or ask rule looks through taken off, or undefined. The wrappers allow
 * rules look through are taken off only in the forms the binary recognises (dt-shell-21212121-88-r and
 * its variants, 2.1.332): xargs bare (`xargs -n 1 echo`, `xargs -0 rm`, `xargs -- rm` are not
 * matched by Bash(echo:*) / Bash(rm:*)); stdbuf with attached short options only (`-oL`, not
 * `-o L` nor `--output=0`); nice `-n N` or `-N` (not `-n5`, `--adjustment=5`); timeout, nohup,
 * time, command as for allow rules. Other wrappers (env, sudo, exec...) as before. */
export function stripDenyWrapper(words: readonly Word[]): Word[] | undefined {
  const name = words[0]?.value;
  if (name === 'xargs') return words.length > 1 && !words[1]?.value?.startsWith('-') ? words.slice(1) : undefined;
  if (name === 'stdbuf') {
    let i = 1;
    while (i < words.length && /^-[ioe]./.test(words[i]?.value ?? '')) i++;
    const next = words[i]?.value;
    return i > 1 && i < words.length && !next?.startsWith('-') ? words.slice(i) : undefined;
  }
  if (name && ALLOW_WRAPPERS.has(name)) return stripAllowWrapper(words);
  return stripWrapper(words, false);
}

export const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh']);

/** `bash -c 'script'` (also -lc, -ec…): the script operand, when static. */
export function shellScript(words: readonly Word[]): string | null | undefined {
  const name = words[0]?.value;
  if (!name || !SHELLS.has(name.slice(name.lastIndexOf('/') + 1))) return undefined;
  for (let i = 1; i < words.length; i++) {
    const v = words[i]?.value;
    if (v === null || v === undefined) return undefined;
    if (v.startsWith('-') && !v.startsWith('--') && v.includes('c')) return words[i + 1]?.value ?? null;
    if (!v.startsWith('-')) return undefined;
  }
  return undefined;
}
