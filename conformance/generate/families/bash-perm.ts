// Bash permission analysis: commands (read, write, search, version control, interpreters,
// network) x shell constructs x path spellings x rules (kind, subject, path form, source) x
// modes x trust. Each scenario runs three generated commands, one per turn, under one
// configuration, so one binary start checks three commands.
import type { Rng } from '../rng';
import type { Family, Generated } from '../types';

type Kind = 'read' | 'write' | 'search' | 'vcs' | 'interp' | 'network';
interface Base {
  kind: Kind;
  make: (p: string) => string;
  /** Uses the target path (else it is path-less, e.g. `rg TOP`). */
  path: boolean;
}

const b = (kind: Kind, make: (p: string) => string, path = true): Base => ({ kind, make, path });

const BASES: Base[] = [
  b('read', (p) => `cat ${p}`),
  b('read', (p) => `head -n 1 ${p}`),
  b('read', (p) => `tail -n 1 ${p}`),
  b('read', (p) => `grep TOP ${p}`),
  b('read', (p) => `grep -n second ${p}`),
  b('read', (p) => `wc -l ${p}`),
  b('read', (p) => `sed -n 1p ${p}`),
  b('read', (p) => `awk 'NR==1' ${p}`),
  b('read', (p) => `sort ${p}`),
  b('read', (p) => `nl ${p}`),
  b('read', (p) => `tac ${p}`),
  b('read', (p) => `cut -c1-3 ${p}`),
  b('read', (p) => `base64 ${p}`),
  b('read', (p) => `uniq ${p}`),
  b('read', (p) => `rev ${p}`),
  b('read', (p) => `md5sum ${p}`),
  b('read', (p) => `strings ${p}`),
  b('read', (p) => `stat -c %s ${p}`),
  b('read', (p) => `ls ${p}`),
  b('read', (p) => `diff ${p} a.txt`),
  b('read', (p) => `cat < ${p}`),
  b('read', (p) => `xargs cat <<< ${p}`),
  b('read', (p) => `env cat ${p}`),
  b('read', (p) => `find . -name foo.txt -exec cat {} \\;`, false),
  b('read', (p) => `tar cf - ${p} | tar tf -`),
  b('read', (p) => `cp ${p} copy.txt`),
  b('search', () => `grep -r TOP .`, false),
  b('search', () => `grep -rl TOP .`, false),
  b('search', () => `rg TOP`, false),
  // Names one file: the order find lists several in is the host file system's (ext4 hashes
  // names with a per-file-system seed), which no recording can carry to another machine.
  b('search', () => `find . -name 'f*.txt'`, false),
  b('search', () => `ls -a`, false),
  b('write', (p) => `echo hi > ${p}`),
  b('write', (p) => `echo hi >> ${p}`),
  b('write', (p) => `printf 'x\\n' > ${p}`),
  b('write', (p) => `touch ${p}`),
  b('write', (p) => `rm ${p}`),
  b('write', (p) => `rm -f ${p}`),
  b('write', (p) => `mv ${p} moved.txt`),
  b('write', (p) => `cp a.txt ${p}`),
  b('write', (p) => `sed -i 's/TOP/top/' ${p}`),
  b('write', (p) => `tee ${p} <<< hi`),
  b('write', (p) => `chmod 600 ${p}`),
  b('write', (p) => `ln -s ${p} link.txt`),
  b('write', () => `mkdir newdir`, false),
  b('write', () => `echo hi > new.txt`, false),
  b('vcs', () => `git status --short`, false),
  b('vcs', () => `git log --oneline`, false),
  b('vcs', () => `git diff`, false),
  b('vcs', (p) => `git show HEAD:${p.replace(/^\.\//, '')}`),
  b('vcs', (p) => `git add ${p}`),
  b('vcs', () => `git checkout -b topic`, false),
  b('vcs', () => `git branch`, false),
  b('vcs', () => `cd sub && git status --short`, false),
  b('vcs', () => `git -C sub status --short`, false),
  b('interp', (p) => `python3 -c "print(open('${p}').read())"`),
  b('interp', (p) => `bash -c 'cat ${p}'`),
  b('interp', (p) => `sh -c 'cat ${p}'`),
  b('interp', (p) => `eval 'cat ${p}'`),
  b('interp', (p) => `perl -ne print ${p}`),
  b('interp', () => `python3 -c "print(1)"`, false),
  b('network', () => `curl -s http://127.0.0.1:9/`, false),
  b('network', () => `wget -q -O- http://127.0.0.1:9/`, false),
];

/** Path spellings of the project file foo.txt; `prefix` goes before the whole command. */
const PROJECT_PATHS: { p: string; prefix?: string }[] = [
  { p: 'foo.txt' },
  { p: './foo.txt' },
  { p: '$CWD/foo.txt' },
  { p: '$PWD/foo.txt' },
  { p: '${PWD}/foo.txt' },
  { p: '"$PWD"/foo.txt' },
  { p: 'f*.txt' },
  { p: 'fo?.txt' },
  { p: 'sub/../foo.txt' },
  { p: "'foo.txt'" },
  { p: '"foo.txt"' },
  { p: '$F', prefix: 'F=foo.txt; ' },
  { p: '"$F"', prefix: 'F=foo.txt; ' },
];
const HOME_PATHS: { p: string; prefix?: string }[] = [
  { p: '~/note.txt' },
  { p: '$HOME/note.txt' },
  { p: '${HOME}/note.txt' },
  { p: '"${HOME}"/note.txt' },
  { p: '$F', prefix: 'F=~/note.txt; ' },
];

/** Shell constructs around a command; null when the command cannot be wrapped this way. */
const CONSTRUCTS: [number, (c: string) => string | null][] = [
  [6, (c) => c],
  [1, (c) => `{ ${c}; }`],
  [1, (c) => `(${c})`],
  [1, (c) => `echo $(${c})`],
  [1, (c) => (c.includes('`') ? null : `echo \`${c}\``)],
  [1, (c) => `cat <(${c})`],
  [1, (c) => `${c} | cat`],
  [1, (c) => `true && ${c}`],
  [1, (c) => `false || ${c}`],
  [1, (c) => `${c}; echo done`],
  [1, (c) => `${c} 2>/dev/null`],
  [1, (c) => `${c} > out.txt`],
  [1, (c) => `${c} >> out.txt`],
  [1, (c) => `X=1 ${c}`],
  [1, (c) => `timeout 5 ${c}`],
  [1, (c) => `command ${c}`],
  [1, (c) => `if true; then ${c}; fi`],
  [1, (c) => `for i in 1; do ${c}; done`],
  [1, (c) => (c.includes("'") ? null : `bash -c '${c}'`)],
  [1, (c) => (c.includes('"') ? null : `sh -c "${c}"`)],
  [1, (c) => `cd sub && cd .. && ${c}`],
];

type Source = 'settings' | 'settings_local' | 'user_settings' | 'cli';
type Behavior = 'allow' | 'deny' | 'ask';

const FILE_RULES = [
  'Read(./foo.txt)',
  'Read(foo.txt)',
  'Read(**/foo.txt)',
  'Read(/$CWD/foo.txt)',
  'Read(/foo.txt)',
  'Read(*.txt)',
  'Read(./**)',
  'Edit(./foo.txt)',
  'Edit(**/foo.txt)',
  'Edit(./**)',
  'Read(~/note.txt)',
  'Read(~/**)',
];
const BASH_RULES = [
  'Bash(cat:*)',
  'Bash(cat foo.txt)',
  'Bash(rm:*)',
  'Bash(git:*)',
  'Bash(git status:*)',
  'Bash(echo:*)',
  'Bash(python3:*)',
  'Bash(grep:*)',
  'Bash(sed:*)',
  'Bash(curl:*)',
  'Bash(find:*)',
  'Bash',
];

interface Rule {
  behavior: Behavior;
  rule: string;
  source: Source;
}

function pickRule(rng: Rng): Rule {
  const rule = rng.chance(0.55) ? rng.pick(FILE_RULES) : rng.pick(BASH_RULES);
  let behavior: Behavior = rng.weighted<Behavior>([
    [6, 'deny'],
    [3, 'allow'],
    [1, 'ask'],
  ]);
  // A bare Bash deny only removes the tool; the interesting bare rule is the allow.
  if (rule === 'Bash' && behavior !== 'allow') behavior = 'allow';
  let source = rng.weighted<Source>([
    [4, 'settings_local'],
    [3, 'settings'],
    [2, 'user_settings'],
    [1, 'cli'],
  ]);
  if (source === 'cli' && behavior === 'ask') source = 'settings_local';
  return { behavior, rule, source };
}

function targetsHome(rules: Rule[]): boolean {
  return rules.some((r) => r.rule.includes('~'));
}

function makeCommand(rng: Rng, home: boolean, allowNetwork: boolean): string {
  for (;;) {
    const base = rng.pick(BASES);
    if (base.kind === 'network' && !allowNetwork) continue;
    const form = rng.chance(0.45) ? { p: home ? '~/note.txt' : 'foo.txt' } : rng.pick(home ? HOME_PATHS : PROJECT_PATHS);
    const inner = base.make(base.path ? form.p : '');
    const wrapped = rng.weighted(CONSTRUCTS)(inner);
    if (wrapped === null) continue;
    return (base.path ? (form.prefix ?? '') : '') + wrapped;
  }
}

function build(rng: Rng, count: number): Generated[] {
  const out: Generated[] = [];
  for (let i = 0; i < count; i++) {
    const n = rng.weighted([
      [1, 0],
      [6, 1],
      [3, 2],
    ]);
    const rules: Rule[] = [];
    for (let k = 0; k < n; k++) rules.push(pickRule(rng));
    const mode = rng.weighted([
      [7, 'default'],
      [4, 'acceptEdits'],
      [5, 'bypassPermissions'],
      [2, 'dontAsk'],
      [2, 'plan'],
    ] as const);
    const home = targetsHome(rules) && rng.chance(0.7);
    // Network commands only where they would not run (the fake server is the only host).
    const commands = [0, 1, 2].map(() => makeCommand(rng, home, mode !== 'bypassPermissions'));
    const s: Generated = {
      id: `gen-bashperm-${String(i).padStart(4, '0')}`,
      area: 'permissions',
      description: '',
      files: { 'foo.txt': 'TOP secret\nsecond line\n', 'a.txt': 'alpha\nbeta\n', 'sub/b.txt': 'bee\n' },
      home_files: { 'note.txt': 'home note\n' },
      mode,
      turns: commands.map((command) => [{ name: 'Bash', input: { command } }]),
    };
    if (commands.some((c) => c.includes('git '))) s.git = true;
    if (mode === 'plan') s.classifier = rng.pick(['allow', 'block'] as const);
    const bySource = new Map<Source, Rule[]>();
    for (const r of rules) bySource.set(r.source, [...(bySource.get(r.source) ?? []), r]);
    for (const [source, rs] of bySource) {
      if (source === 'cli') {
        const allow = rs.filter((r) => r.behavior === 'allow').map((r) => r.rule);
        const deny = rs.filter((r) => r.behavior === 'deny').map((r) => r.rule);
        if (allow.length) s.allowedTools = allow;
        if (deny.length) s.disallowedTools = deny;
        continue;
      }
      const permissions: Record<string, string[]> = {};
      for (const r of rs) (permissions[r.behavior] ??= []).push(r.rule);
      s[source] = { permissions };
    }
    if (bySource.has('settings')) s.trust = rng.chance(0.5);
    const ruleText = rules.length
      ? rules.map((r) => `${r.behavior} ${r.rule} (${r.source === 'cli' ? 'CLI flag' : r.source})`).join(', ')
      : 'no rules';
    s.description = `Bash permissions in ${mode} mode with ${ruleText}${s.trust ? ', trusted' : ''}: ${commands.map((c) => `\`${c}\``).join(', ')}.`;
    out.push(s);
  }
  return out;
}

export const bashPerm: Family = { name: 'bashperm', count: 1200, build };
