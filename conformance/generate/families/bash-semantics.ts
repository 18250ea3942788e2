// Bash's own semantics: which exit codes count as errors (per command, per code, with and
// without output, at the end of lists and pipes), where `cd` persists (inside the project, an
// added directory, outside, a failed cd) and what the model is told, and how over-long output
// is cut or persisted (sizes around the limits, stdout vs stderr, the variable that moves the
// limit).
import type { Rng } from '../rng';
import type { Family, Generated } from '../types';

/** Commands and the exit status they end with on the scenario's files. */
const EXIT_CASES: string[] = [
  'grep nomatch a.txt',
  'grep -q nomatch a.txt',
  'grep -c nomatch a.txt',
  'grep beta a.txt',
  'grep nomatch missing.txt',
  'egrep nomatch a.txt',
  'rg nomatch a.txt',
  'diff a.txt b.txt',
  'diff a.txt a.txt',
  'diff missing.txt a.txt',
  'cmp a.txt b.txt',
  'test -f missing.txt',
  '[ -f missing.txt ]',
  '[ -f a.txt ]',
  'test 1 -eq 2',
  'false',
  'true',
  'ls missing.txt',
  'cat missing.txt',
  'find missing -name x',
  'find . -name nomatch',
  'wc -l missing.txt',
  'sort -c b.txt',
  'git diff --exit-code',
  'git status --porcelain missing',
  'exit 1',
  'exit 2',
  'exit 127',
  'nosuchcommand',
  'sh -c "exit 1"',
  'expr 0',
  'head -n 1 missing.txt',
  'stat missing.txt',
  'mkdir sub',
  'rm missing.txt',
  'kill -0 999999',
];
const EXIT_WRAPS: [number, (c: string) => string][] = [
  [5, (c) => c],
  [1, (c) => `echo before; ${c}`],
  [1, (c) => `${c} | cat`],
  [1, (c) => `cat a.txt | ${c}`],
  [1, (c) => `${c} && echo yes`],
  [1, (c) => `${c} || echo no`],
  [1, (c) => `${c}; echo after`],
  [1, (c) => `${c} 2>&1`],
  [1, (c) => `${c} >/dev/null 2>&1`],
  [1, (c) => `cd sub && ${c.replace(/\b([ab])\.txt\b/g, '../$1.txt')}`],
];

const CD_TARGETS = ['sub', 'sub/deeper', '..', '/', '/tmp', '$HOME', '~', '$ROOT/extra', 'missing', '.', '-', 'sub/../sub'];
const AFTER_CD = ['pwd', 'ls', 'cat a.txt', 'git status --short', 'cd ..', 'cd $CWD', 'echo $OLDPWD'];

const SIZES = [100, 1999, 2000, 2001, 29_999, 30_000, 30_001, 40_000, 60_000, 150_000];
const LIMITS = [undefined, undefined, undefined, '1000', '5000', '30000', '60000', '150000', '200000', 'abc', '0', '-5'];

function outputCommand(rng: Rng, size: number): string {
  const kind = rng.pick(['lines', 'one-line', 'stderr', 'both', 'blank-edges'] as const);
  switch (kind) {
    case 'lines':
      // "x...x\n" lines of 10 bytes
      return `yes xxxxxxxxx | head -n ${Math.max(1, Math.round(size / 10))}`;
    case 'one-line':
      return `head -c ${size} /dev/zero | tr '\\0' a`;
    case 'stderr':
      return `yes eeeeeeeee | head -n ${Math.max(1, Math.round(size / 10))} >&2`;
    case 'both':
      return `yes ooooooooo | head -n ${Math.max(1, Math.round(size / 20))}; yes eeeeeeeee | head -n ${Math.max(1, Math.round(size / 20))} >&2`;
    case 'blank-edges':
      return `echo; echo; yes xxxxxxxxx | head -n ${Math.max(1, Math.round(size / 10))}; echo; echo`;
  }
}

function build(rng: Rng, count: number): Generated[] {
  const out: Generated[] = [];
  for (let i = 0; i < count; i++) {
    const id = `gen-bashsem-${String(i).padStart(4, '0')}`;
    const files = { 'a.txt': 'alpha\nbeta\n', 'b.txt': 'beta\nalpha\n', 'sub/c.txt': 'c\n', 'sub/deeper/d.txt': 'd\n', '../extra/e.txt': 'e\n' };
    const family = rng.weighted([
      [5, 'exit'],
      [3, 'cd'],
      [3, 'output'],
    ] as const);
    let s: Generated;
    if (family === 'exit') {
      const cmds = [0, 1].map(() => rng.weighted(EXIT_WRAPS)(rng.pick(EXIT_CASES)));
      s = {
        id,
        area: 'bash',
        description: `Exit status as the model sees it: ${cmds.map((c) => `\`${c}\``).join(', ')}.`,
        files,
        git: cmds.some((c) => c.includes('git ')),
        turns: cmds.map((command) => [{ name: 'Bash', input: { command } }]),
      };
    } else if (family === 'cd') {
      const target = rng.pick(CD_TARGETS);
      const how = rng.pick(['alone', 'compound', 'subshell'] as const);
      const first = how === 'alone' ? `cd ${target}` : how === 'compound' ? `cd ${target} && pwd` : `(cd ${target} && pwd)`;
      const then = rng.pick(AFTER_CD);
      const addDir = rng.chance(0.5);
      s = {
        id,
        area: 'bash',
        description: `Where cd persists: \`${first}\`, then \`${then}\`${addDir ? ' (with an added directory)' : ''}.`,
        files,
        git: then.includes('git'),
        turns: [[{ name: 'Bash', input: { command: first } }], [{ name: 'Bash', input: { command: then } }], [{ name: 'Bash', input: { command: 'pwd' } }]],
      };
      if (addDir) s.addDirs = ['$ROOT/extra'];
      if (rng.chance(0.3)) s.model = 'claude-opus-4-6';
    } else {
      const size = rng.pick(SIZES);
      const limit = rng.pick(LIMITS);
      const command = outputCommand(rng, size);
      s = {
        id,
        area: 'bash',
        description: `Output of about ${size} characters${limit === undefined ? '' : ` with BASH_MAX_OUTPUT_LENGTH=${limit}`}: \`${command}\`.`,
        files,
        turns: [[{ name: 'Bash', input: { command } }]],
      };
      if (limit !== undefined) s.env = { BASH_MAX_OUTPUT_LENGTH: limit };
    }
    out.push(s);
  }
  return out;
}

export const bashSemantics: Family = { name: 'bashsem', count: 450, build };
