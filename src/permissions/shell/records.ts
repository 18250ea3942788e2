// One record per shell command: what the permission check knows about it (Claude Code's file
// command wording, the wrappers it looks through, the read-only set) beside what the command
// does to files (its effects: which operands it reads, writes, deletes or runs, and the
// commands and scripts it starts). The effect model (effects.ts) walks a line through these
// records; bypass.ts marks a decision whose effects reach a denied path.
import type { Stdin } from './effects';
import type { FileCommand, Word, Wrapper } from './commands';
import {
  FILE_COMMANDS,
  fileArgs,
  isReadOnlyCommand,
  shellScript,
  SHELLS,
  stripWrapper,
  WRAPPERS,
} from './commands';

type Op = 'read' | 'write' | 'delete' | 'exec';

/** What a command does with its words. */
export type Step =
  /** It reads, writes, deletes or runs (as a script) the file a word names; `below`: the whole
   * folder. `via` names the construct for people (`dd if=`, `sed w`, `git grep`). */
  | { touch: Op; word: Word; via: string; below?: boolean }
  /** It runs another command (a wrapper, `xargs`, `find -exec`). */
  | { run: Word[]; via: string; stdin?: Stdin }
  /** It runs shell text (`eval`, `sh -c`, awk's `system()`). */
  | { script: string; via: string }
  /** It makes a link that later commands of the line may go through. */
  | { link: string; target: string }
  /** It moves the shell (`pushd`; `cd` is the walker's). */
  | { cwd: string };

export interface EffectContext {
  stdin: Stdin;
  /** A marker word for files the line cannot name: what `find` finds below `dir`. */
  unknown(dir?: string, names?: readonly string[]): string;
}

export type EffectsOf = (args: readonly Word[], io: EffectContext) => Step[];

export interface ShellCommandRecord {
  name: string;
  /** Claude Code's file-command entry (its path checks and wording), when it is one. */
  file?: FileCommand;
  /** Claude Code's wrapper entry (the command it runs after its own options). */
  wrapper?: Wrapper;
  /** In Claude Code's read-only set with these arguments (default mode runs it unasked). */
  readOnly: (args: readonly Word[]) => boolean;
  /** What it does to files. */
  effects?: EffectsOf;
}

export const word = (value: string): Word => ({ value, text: value, glob: /[*?[]/.test(value) });

/** Operands (not options), with the values of `valueFlags` skipped; `--` ends the options. */
function operands(args: readonly Word[], valueFlags: readonly string[] = []): Word[] {
  const out: Word[] = [];
  let done = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    const v = w.value;
    if (done || v === null || !v.startsWith('-') || v === '-') out.push(w);
    else if (v === '--') done = true;
    else if (valueFlags.includes(v)) i++;
  }
  return out;
}

/** The value of an option: `-o F`, `-oF`, `--output F`, `--output=F`. */
function optionValues(args: readonly Word[], short: readonly string[], long: readonly string[] = []): Word[] {
  const out: Word[] = [];
  args.forEach((w, i) => {
    const v = w.value;
    if (v === null) return;
    const next = args[i + 1];
    if ((short.includes(v) || long.includes(v)) && next) out.push(next);
    const eq = long.find((l) => v.startsWith(`${l}=`));
    if (eq) out.push(word(v.slice(eq.length + 1)));
    const sh = short.find((s) => v.startsWith(s) && v.length > s.length && !v.startsWith('--'));
    if (sh) out.push(word(v.slice(sh.length)));
  });
  return out;
}

const hasFlag = (args: readonly Word[], letters: string, long: readonly string[] = []): boolean =>
  args.some((w) => {
    const v = w.value ?? '';
    if (v.startsWith('--')) return long.some((l) => v === l || v.startsWith(`${l}=`));
    return v.startsWith('-') && [...letters].some((c) => v.slice(1).includes(c));
  });

const touches = (op: Op, words: readonly Word[], via: string, below?: boolean): Step[] =>
  words.map((w) => ({ touch: op, word: w, via, ...(below ? { below } : {}) }));

/** Every operand is read (the coreutils that print or digest files). */
const reader =
  (via: string, valueFlags: readonly string[] = []): EffectsOf =>
  (args) =>
    touches('read', operands(args, valueFlags), via);

/** Claude Code's file commands, by its own reading of their operands. */
function fileCommand(name: string): EffectsOf {
  return (args) => {
    const fa = fileArgs(name, args);
    if (!fa) return [];
    if (name === 'cp' || name === 'mv') {
      const dest = fa.destination;
      const sources = fa.paths.filter((p) => p !== dest);
      const recursive = name === 'mv' || hasFlag(args, 'rRa', ['--recursive', '--archive']);
      return [
        ...touches('read', sources, `${name}${recursive && name === 'cp' ? ' -r' : ''}`, recursive),
        ...(name === 'mv' ? touches('delete', sources, 'mv', true) : []),
        ...(dest ? touches('write', [dest], name) : []),
      ];
    }
    if (name === 'rm' || name === 'rmdir')
      return touches('delete', fa.paths, name, hasFlag(args, 'rR', ['--recursive']));
    if (name === 'ls' || name === 'cd' || name === 'mkdir') return [];
    if (name === 'sort')
      return [
        ...touches('read', fa.paths, name),
        ...touches('write', optionValues(args, ['-o'], ['--output']), 'sort -o'),
      ];
    if (fa.op === 'read') {
      const recursive = name === 'rg' || hasFlag(args, 'rR', ['--recursive', '--dereference-recursive']);
      return touches('read', fa.paths, name, recursive);
    }
    return touches('write', fa.paths, name);
  };
}

/** `sed`: its files, `-i`, and the script's own `w`/`r` files and `e` commands. */
const sed: EffectsOf = (args) => {
  const fa = fileArgs('sed', args);
  const given = optionValues(args, ['-e'], ['--expression']);
  const scriptFiles = optionValues(args, ['-f'], ['--file']);
  const scripts = [
    ...given,
    ...(given.length || scriptFiles.length ? [] : operands(args, ['-l']).slice(0, 1)),
  ];
  const steps: Step[] = [...touches('exec', scriptFiles, 'sed -f')];
  const files = fa?.paths ?? [];
  steps.push(...touches('read', files, 'sed'));
  if (fa?.op === 'write') steps.push(...touches('write', files, 'sed -i'));
  for (const s of scripts) {
    const text = s.value ?? '';
    for (const m of text.matchAll(/(?:^|[;\n{}0-9$/pgiIeEmM])\s*([wW])\s+([^\n;}]+)/g))
      steps.push({ touch: 'write', word: word((m[2] as string).trim()), via: `sed's ${m[1]} command` });
    for (const m of text.matchAll(/(?:^|[;\n{}0-9$/])\s*([rR])\s+([^\n;}]+)/g))
      steps.push({ touch: 'read', word: word((m[2] as string).trim()), via: `sed's ${m[1]} command` });
  }
  return steps;
};

/** Paths named inside inline code: read, and written too where the code writes files. */
function codePaths(code: string, via: string): Step[] {
  const writes = /open\s*\([^)]*['"][wax+]|\bwrite|unlink|remove|rename|truncate|>/.test(code);
  const deletes = /unlink|remove|rmtree|\brm\b/.test(code);
  const tokens = [...new Set(code.split(/[^\w./~-]+/).filter((t) => /[\w]/.test(t) && /[./]/.test(t)))];
  return tokens.flatMap((t) => [
    { touch: 'read' as const, word: word(t), via },
    ...(writes ? [{ touch: 'write' as const, word: word(t), via }] : []),
    ...(deletes ? [{ touch: 'delete' as const, word: word(t), via }] : []),
  ]);
}

/** perl and ruby: `-e` code, `-n`/`-p` loops over the operands, `-i` rewrites them; without
 * `-e` the first operand is the script. */
const lineInterpreter =
  (name: string): EffectsOf =>
  (args) => {
    const steps: Step[] = [];
    let code: string | null | undefined;
    let inPlace = false;
    const rest: Word[] = [];
    for (let i = 0; i < args.length; i++) {
      const v = args[i]?.value ?? null;
      if (v !== null && /^-[a-zA-Z]/.test(v) && code === undefined && rest.length === 0) {
        if (/i/.test(v.slice(1).replace(/[eE].*$/, ''))) inPlace = true;
        const e = v.slice(1).search(/[eE]/);
        if (e !== -1) code = v.length > e + 2 ? v.slice(e + 2) : (args[++i]?.value ?? null);
        continue;
      }
      rest.push(args[i] as Word);
    }
    if (typeof code === 'string') steps.push(...codePaths(code, `${name} -e`));
    const files = code === undefined ? rest.slice(1) : rest;
    if (code === undefined && rest[0]) steps.push({ touch: 'exec', word: rest[0], via: name });
    steps.push(...touches('read', files, `${name}${inPlace ? ' -i' : ' -n'}`));
    if (inPlace) steps.push(...touches('write', files, `${name} -i`));
    return steps;
  };

/** python, node and the like: inline code (`-c`, `-e`) or a script file. */
const interpreter =
  (name: string, codeFlags: readonly string[]): EffectsOf =>
  (args) => {
    const at = args.findIndex((w) => w.value !== null && codeFlags.includes(w.value));
    if (at !== -1) return codePaths(args[at + 1]?.value ?? '', `${name} ${args[at]?.value}`);
    const script = operands(args, ['-m', '-W', '-X'])[0];
    return script ? [{ touch: 'exec', word: script, via: name }] : [];
  };

/** awk: the program's `> "f"` writes, `getline < "f"` reads and `system("…")` runs; the
 * operands (not `v=x` assignments) are read. */
const awk: EffectsOf = (args) => {
  const progFiles = optionValues(args, ['-f'], ['--file']);
  const ops = operands(args, ['-F', '-v', '-f', '--file', '--field-separator', '--assign']);
  const program = progFiles.length ? undefined : ops[0]?.value;
  const files = (progFiles.length ? ops : ops.slice(1)).filter((w) => !/^\w+=/.test(w.value ?? ''));
  const steps: Step[] = [...touches('exec', progFiles, 'awk -f'), ...touches('read', files, 'awk')];
  if (program) {
    for (const m of program.matchAll(/(>>?|\|)\s*"([^"]+)"/g))
      steps.push(
        m[1] === '|'
          ? { script: m[2] as string, via: 'awk |' }
          : { touch: 'write', word: word(m[2] as string), via: `awk ${m[1]}` },
      );
    for (const m of program.matchAll(/getline[^<]*<\s*"([^"]+)"/g))
      steps.push({ touch: 'read', word: word(m[1] as string), via: 'awk getline' });
    for (const m of program.matchAll(/system\s*\(\s*"([^"]*)"/g))
      steps.push({ script: m[1] as string, via: 'awk system()' });
  }
  return steps;
};

/** `find`: `-exec`/`-ok` run their command on what it finds (`{}`), `-delete` removes it,
 * `-fprint` writes a file. */
const find: EffectsOf = (args, io) => {
  const roots: Word[] = [];
  let i = 0;
  while (i < args.length && ['-H', '-L', '-P'].includes(args[i]?.value ?? '')) i++;
  for (; i < args.length && !/^[-(!,]/.test(args[i]?.value ?? '-'); i++) roots.push(args[i] as Word);
  const names = optionValues(args, ['-name', '-iname']).map((w) => w.value ?? '*');
  const found = (roots.length ? roots : [word('.')]).map((r) =>
    io.unknown(r.value ?? undefined, names.length ? names : undefined),
  );
  const steps: Step[] = [];
  for (let k = i; k < args.length; k++) {
    const v = args[k]?.value;
    if (v === '-delete')
      steps.push(...found.map((f) => ({ touch: 'delete' as const, word: word(f), via: 'find -delete' })));
    if (v === '-fprint' || v === '-fprintf' || v === '-fls')
      steps.push(...touches('write', args.slice(k + 1, k + 2), `find ${v}`));
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(v ?? '')) continue;
    let end = k + 1;
    while (end < args.length && args[end]?.value !== ';' && args[end]?.value !== '+') end++;
    const sub = args.slice(k + 1, end);
    for (const f of found)
      steps.push({
        run: sub.map((w) => (w.value?.includes('{}') ? word(w.value.replaceAll('{}', f)) : w)),
        via: `find ${v}`,
      });
    k = end;
  }
  return steps;
};

/** `xargs`: its command with the items of its input (`-a file`, a here-string, a pipe),
 * put where `-I` says or after the command. */
const xargs: EffectsOf = (args, io) => {
  const command = stripWrapper([word('xargs'), ...args], false) ?? [word('echo')];
  const own = args.slice(0, Math.max(0, args.length - command.length));
  const fromFile = optionValues(own, ['-a'], ['--arg-file']);
  const replace =
    optionValues(own, ['-I'], ['--replace'])[0]?.value ?? (hasFlag(own, 'i') ? '{}' : undefined);
  const input = io.stdin;
  const items = fromFile.length
    ? [io.unknown()]
    : input === null
      ? []
      : 'items' in input
        ? input.items.slice(0, 16)
        : [input.unknown];
  const runs: Word[][] = replace
    ? items.map((it) =>
        command.map((w) => (w.value?.includes(replace) ? word(w.value.replaceAll(replace, it)) : w)),
      )
    : [[...command, ...items.map(word)]];
  return [
    ...touches('read', fromFile, 'xargs -a'),
    ...runs.map((run) => ({ run, via: replace ? `xargs -I ${replace}` : 'xargs' })),
  ];
};

/** A shell: `-c` runs its script, otherwise its first operand is a script file it runs. */
const shell =
  (name: string): EffectsOf =>
  (args) => {
    const script = shellScript([word(name), ...args]);
    if (typeof script === 'string') {
      // `sh -c 'cat "$1"' _ foo.txt`: the positional parameters are the words after the script.
      const at = args.findIndex((w) => w.value === script);
      const params = args.slice(at + 2).map((w) => w.value ?? '');
      const text = script.replace(/"?\$\{?([1-9])\}?"?/g, (m, n: string) => params[Number(n) - 1] ?? m);
      return [{ script: text, via: `${name} -c` }];
    }
    const file = operands(args, ['-o', '+o', '-O', '+O'])[0];
    return file ? [{ touch: 'exec', word: file, via: 'a shell running a script file' }] : [];
  };

/** tar: `c` reads its operands (whole folders), `x` writes below `-C` (not with `O`), `f` the
 * archive. Old-style letters (`tar cf - .`) and options (`-czf`, `--create`) alike. */
const tar: EffectsOf = (args) => {
  const letters: string[] = [];
  const values: string[] = [];
  const rest: Word[] = [];
  args.forEach((w, i) => {
    const v = w.value ?? '';
    if (v.startsWith('--')) letters.push(v);
    else if ((v.startsWith('-') && v !== '-') || (i === 0 && /^[a-zA-Z]+$/.test(v)))
      letters.push(...v.replace(/^-/, '').split(''));
    else rest.push(w);
  });
  for (const l of letters) if (['f', 'C', 'T', 'X', 'b', 'g', 'K', 'N', 'V'].includes(l)) values.push(l);
  const valueOf = (l: string) => {
    const k = values.indexOf(l);
    return k === -1 ? undefined : rest[k];
  };
  const long = (n: string) => letters.find((l) => l === `--${n}` || l.startsWith(`--${n}=`));
  const archive =
    valueOf('f') ?? (long('file')?.includes('=') ? word(long('file')?.split('=')[1] ?? '') : undefined);
  const files = rest.slice(values.length);
  const has = (l: string, n: string) => letters.includes(l) || long(n) !== undefined;
  if (has('c', 'create') || has('r', 'append') || has('u', 'update'))
    return [
      ...touches('read', files, 'tar c', true),
      ...(archive ? touches('write', [archive], 'tar cf') : []),
    ];
  if (has('x', 'extract') || has('x', 'get'))
    return [
      ...(archive ? touches('read', [archive], 'tar x') : []),
      ...(has('O', 'to-stdout') ? [] : touches('write', [valueOf('C') ?? word('.')], 'tar x', true)),
    ];
  return archive ? touches('read', [archive], 'tar') : [];
};

/** zip and unzip, gzip and its kin. */
const zip: EffectsOf = (args) => {
  const ops = operands(args, ['-x', '-i', '-d', '-P', '-b', '-n', '-t', '-tt']);
  return [...touches('write', ops.slice(0, 1), 'zip'), ...touches('read', ops.slice(1), 'zip', true)];
};
const unzip: EffectsOf = (args) => {
  const ops = operands(args, ['-d', '-x', '-P']);
  const to = optionValues(args, ['-d'])[0] ?? word('.');
  return [
    ...touches('read', ops.slice(0, 1), 'unzip'),
    ...(hasFlag(args, 'pc') ? [] : touches('write', [to], 'unzip', true)),
  ];
};
const compressor =
  (name: string): EffectsOf =>
  (args) => {
    const files = operands(args, ['-S', '--suffix']);
    const keep = hasFlag(args, 'ckt', ['--stdout', '--keep', '--test', '--to-stdout']);
    return [...touches('read', files, name), ...(keep ? [] : touches('delete', files, name))];
  };

/** dd's `if=` and `of=`. */
const dd: EffectsOf = (args) =>
  args.flatMap((w): Step[] => {
    const v = w.value ?? '';
    if (v.startsWith('if=')) return [{ touch: 'read', word: word(v.slice(3)), via: 'dd if=' }];
    if (v.startsWith('of=')) return [{ touch: 'write', word: word(v.slice(3)), via: 'dd of=' }];
    return [];
  });

/** xxd: reads its first operand, writes its second. */
const xxd: EffectsOf = (args) => {
  const ops = operands(args, ['-c', '-g', '-l', '-o', '-s', '-n', '-C']);
  return [...touches('read', ops.slice(0, 1), 'xxd'), ...touches('write', ops.slice(1, 2), 'xxd')];
};

/** iconv: reads its operands, writes `-o`. */
const iconv: EffectsOf = (args) => [
  ...touches('read', operands(args, ['-f', '-t', '-o']), 'iconv'),
  ...touches('write', optionValues(args, ['-o'], ['--output']), 'iconv -o'),
];

/** Writers Claude Code does not check (truncate, chmod, ln…): what each changes. */
const writer =
  (name: string, skip: number, valueFlags: readonly string[] = [], op: Op = 'write'): EffectsOf =>
  (args) =>
    touches(op, operands(args, valueFlags).slice(skip), name);

/** ln: writes the link and, for the rest of the line, makes it a way to the target. */
const ln: EffectsOf = (args) => {
  const ops = operands(args, ['-t', '-S', '--target-directory', '--suffix']);
  if (ops.length < 1) return [];
  const target = ops[0]?.value;
  const linkWord = ops.length > 1 ? (ops[ops.length - 1] as Word) : word((target ?? '').replace(/.*\//, ''));
  const link = linkWord.value;
  return [
    { touch: 'write', word: linkWord, via: 'ln' },
    ...(target && link ? [{ link, target } satisfies Step] : []),
  ];
};

const tee: EffectsOf = (args) => touches('write', operands(args), 'tee');

const GIT_VALUE_GLOBALS = ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path'];

/** git: what each subcommand reads from or writes to the work tree (`git grep`, `git log -p`,
 * `git show` and `git archive` print tracked files; `git rm`, `git checkout` change them). */
const git: EffectsOf = (args) => {
  let i = 0;
  let dir = '.';
  while (i < args.length && (args[i]?.value ?? '').startsWith('-')) {
    const v = args[i]?.value ?? '';
    if (v === '-C') dir = args[i + 1]?.value ?? dir;
    i += GIT_VALUE_GLOBALS.includes(v) ? 2 : 1;
  }
  const sub = args[i]?.value;
  const rest = args.slice(i + 1);
  const at = (w: Word) => (dir === '.' || (w.value ?? '').startsWith('/') ? w : word(`${dir}/${w.value}`));
  const tree = word(dir);
  const dashed = rest.findIndex((w) => w.value === '--');
  const paths = (dashed === -1 ? [] : rest.slice(dashed + 1)).map(at);
  const via = `git ${sub}`;
  const whole = (op: Op) => (paths.length ? touches(op, paths, via, true) : touches(op, [tree], via, true));
  switch (sub) {
    case 'grep':
    case 'archive':
    case 'blame':
    case 'diff':
    case 'show':
    case 'add':
    case 'commit':
    case 'bundle':
      return whole('read');
    case 'log':
    case 'whatchanged':
      return hasFlag(rest, 'puL', ['--patch', '--full-diff', '--raw']) ? whole('read') : [];
    case 'cat-file':
      return whole('read');
    case 'rm':
      return touches('delete', operands(rest).map(at), via, true);
    case 'mv': {
      const ops = operands(rest).map(at);
      return [...touches('delete', ops.slice(0, -1), via, true), ...touches('write', ops.slice(-1), via)];
    }
    case 'checkout': {
      // `git checkout <branch>` rewrites the tree; `git checkout <rev> <path>…` those paths.
      const named = paths.length ? paths : operands(rest).slice(1).map(at);
      return named.length ? touches('write', named, via, true) : whole('write');
    }
    case 'restore':
      return touches('write', paths.length ? paths : operands(rest, ['-s', '--source']).map(at), via, true);
    case 'reset':
    case 'stash':
    case 'switch':
    case 'merge':
    case 'pull':
    case 'rebase':
    case 'cherry-pick':
    case 'revert':
    case 'apply':
    case 'am':
      return whole('write');
    case 'clean':
      return whole('delete');
    default:
      return [];
  }
};

/** Commands that run another command after their own options (timeout, nice, env, sudo…). */
const wrapper =
  (name: string): EffectsOf =>
  (args, io) => {
    const inner = stripWrapper([word(name), ...args], false);
    const chdir = name === 'env' ? optionValues(args, ['-C'], ['--chdir']) : [];
    return [
      ...chdir.map((w): Step => ({ cwd: w.value ?? '.' })),
      ...(inner ? [{ run: inner, via: name, stdin: io.stdin } satisfies Step] : []),
    ];
  };

/** Commands that print or digest their operands, with the options that take a value. */
const READER_VALUE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  more: [],
  less: [],
  fold: ['-w', '--width'],
  fmt: ['-w', '-p', '-g', '--width', '--prefix', '--goal'],
  expand: ['-t', '--tabs'],
  unexpand: ['-t', '--tabs'],
  pr: ['-w', '-l', '-o', '-h', '-W', '-N', '-s', '-e', '-i', '-n'],
  cmp: ['-i', '-n', '--ignore-initial', '--bytes'],
  comm: ['--output-delimiter'],
  join: ['-t', '-1', '-2', '-j', '-o', '-e', '-a', '-v'],
  shuf: ['-n', '-o', '--head-count', '--output', '--random-source'],
  look: ['-t'],
  base32: ['-w', '--wrap'],
  cksum: ['-a', '-l', '--algorithm', '--length'],
  sum: [],
  b2sum: ['-l', '--length'],
  sha224sum: [],
  sha384sum: [],
  sha512sum: [],
  zcat: [],
  bzcat: [],
  xzcat: [],
  bat: ['-l', '-r', '-H', '--language', '--line-range', '--highlight-line', '--style', '--theme'],
  split: ['-l', '-b', '-C', '-n', '-a', '-t', '--lines', '--bytes', '--number', '--suffix-length'],
  csplit: ['-f', '-b', '-n', '--prefix', '--suffix-format', '--digits'],
  tsort: [],
};

const EFFECTS: ReadonlyMap<string, EffectsOf> = new Map<string, EffectsOf>([
  ...[...FILE_COMMANDS.keys()].map((n): [string, EffectsOf] => [n, fileCommand(n)]),
  ...[...WRAPPERS.keys()].map((n): [string, EffectsOf] => [n, wrapper(n)]),
  ...[...SHELLS].map((n): [string, EffectsOf] => [n, shell(n)]),
  ...Object.entries(READER_VALUE_FLAGS).map(([n, flags]): [string, EffectsOf] => [n, reader(n, flags)]),
  ['sed', sed],
  ['awk', awk],
  ['gawk', awk],
  ['mawk', awk],
  ['nawk', awk],
  ['perl', lineInterpreter('perl')],
  ['ruby', lineInterpreter('ruby')],
  ['python', interpreter('python', ['-c'])],
  ['python3', interpreter('python3', ['-c'])],
  ['node', interpreter('node', ['-e', '-p', '--eval', '--print'])],
  ['bun', interpreter('bun', ['-e', '--eval'])],
  ['deno', interpreter('deno', ['eval'])],
  ['php', interpreter('php', ['-r'])],
  ['find', find],
  ['xargs', xargs],
  ['eval', (args) => [{ script: args.map((w) => w.value ?? w.text).join(' '), via: 'eval' }]],
  ['source', (args) => touches('exec', operands(args).slice(0, 1), 'source')],
  ['.', (args) => touches('exec', operands(args).slice(0, 1), '.')],
  [
    'pushd',
    (args) =>
      operands(args)
        .slice(0, 1)
        .map((w): Step => ({ cwd: w.value ?? '.' })),
  ],
  ['tar', tar],
  ['zip', zip],
  ['unzip', unzip],
  ...['gzip', 'gunzip', 'bzip2', 'bunzip2', 'xz', 'unxz', 'zstd', 'lz4'].map((n): [string, EffectsOf] => [
    n,
    compressor(n),
  ]),
  [
    'rsync',
    (args) => {
      const ops = operands(args, ['-e', '--rsh']);
      return [
        ...touches('read', ops.slice(0, -1), 'rsync', true),
        ...touches('write', ops.slice(-1), 'rsync'),
      ];
    },
  ],
  ['dd', dd],
  ['xxd', xxd],
  ['iconv', iconv],
  ['tee', tee],
  ['ln', ln],
  ['truncate', writer('truncate', 0, ['-s', '-r', '--size', '--reference'])],
  ['chmod', writer('chmod', 1, ['--reference'])],
  ['chown', writer('chown', 1, ['--reference'])],
  ['chgrp', writer('chgrp', 1, ['--reference'])],
  ['install', writer('install', 0, ['-m', '-o', '-g', '-t', '-S', '--mode', '--owner', '--group'])],
  ['shred', writer('shred', 0, ['-n', '-s', '--iterations', '--size'])],
  ['unlink', writer('unlink', 0, [], 'delete')],
  [
    'patch',
    (args) =>
      touches(
        'write',
        [
          ...optionValues(args, ['-o'], ['--output']),
          ...operands(args, ['-p', '-i', '-o', '-d', '-r', '-B', '-z']).slice(0, 1),
        ],
        'patch',
      ),
  ],
  ['git', git],
  [
    'curl',
    (args) => [
      ...touches('write', optionValues(args, ['-o'], ['--output']), 'curl -o'),
      ...touches('read', optionValues(args, ['-T'], ['--upload-file']), 'curl -T'),
    ],
  ],
  [
    'wget',
    (args) => [
      ...touches('write', optionValues(args, ['-O'], ['--output-document']), 'wget -O'),
      ...touches('read', optionValues(args, ['-i'], ['--input-file']), 'wget -i'),
    ],
  ],
]);

const records = new Map<string, ShellCommandRecord>();

/** The record of a command by name (its basename), or undefined when nothing is known of it. */
export function commandRecord(name: string): ShellCommandRecord | undefined {
  let r = records.get(name);
  if (r) return r;
  const file = FILE_COMMANDS.get(name);
  const wrap = WRAPPERS.get(name);
  const effects = name === 'sed' ? sed : EFFECTS.get(name);
  if (!file && !wrap && !effects) return undefined;
  r = {
    name,
    ...(file ? { file } : {}),
    ...(wrap ? { wrapper: wrap } : {}),
    readOnly: (args) => isReadOnlyCommand(name, args),
    ...(effects ? { effects } : {}),
  };
  records.set(name, r);
  return r;
}
