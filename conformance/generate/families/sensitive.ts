// Permission modes on sensitive paths: the version-control folder, Claude Code's own
// configuration (.claude/ and its subfolders, worktrees), editor and shell configuration, in
// every mode, with and without allow rules that name them, through Write, Edit, Read,
// NotebookEdit and Bash.
import type { Rng } from '../rng';
import type { Family, Generated } from '../types';

/** Paths relative to the project unless they start with `~/`. `exists`: laid out beforehand. */
const PATHS: { p: string; exists: boolean }[] = [
  { p: '.git/config', exists: true },
  { p: '.git/hooks/pre-commit', exists: false },
  { p: '.git/info/exclude', exists: true },
  { p: '.git/HEAD', exists: true },
  { p: '.claude/settings.json', exists: true },
  { p: '.claude/settings.local.json', exists: false },
  { p: '.claude/agents/helper.md', exists: true },
  { p: '.claude/commands/deploy.md', exists: false },
  { p: '.claude/skills/demo/SKILL.md', exists: true },
  { p: '.claude/worktrees/wt1/a.txt', exists: true },
  { p: '.claude/notes.md', exists: false },
  { p: '.vscode/settings.json', exists: true },
  { p: '.idea/workspace.xml', exists: false },
  { p: '.gitconfig', exists: false },
  { p: '.gitmodules', exists: true },
  { p: '.bashrc', exists: true },
  { p: '.mcp.json', exists: true },
  { p: 'CLAUDE.md', exists: true },
  { p: '.husky/pre-commit', exists: false },
  { p: 'src/.git/x', exists: false },
  { p: 'sub/.claude/settings.json', exists: false },
  { p: '~/.bashrc', exists: true },
  { p: '~/.claude/settings.json', exists: true },
  { p: '~/.claude/CLAUDE.md', exists: false },
  { p: '~/.gitconfig', exists: true },
  { p: '~/.ssh/config', exists: false },
];

const MODES = ['default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk', 'auto'] as const;

const ALLOW_RULES = (p: string): string[] => {
  const dir = p.replace(/\/[^/]*$/, '');
  const rel = p.startsWith('~/') ? p : `./${p}`;
  const dirRel = p.startsWith('~/') ? dir : `./${dir}`;
  return [`Edit(${rel})`, `Write(${rel})`, `Edit(${dirRel}/**)`, `Edit(**)`, 'Edit', 'Write', `Read(${rel})`, `Bash(touch:*)`, `Bash(echo:*)`];
};

function abs(p: string): string {
  return p.startsWith('~/') ? `$HOME/${p.slice(2)}` : `$CWD/${p}`;
}

function bashFor(rng: Rng, p: string): string {
  const q = p.startsWith('~/') ? p : p;
  return rng.pick([`echo x >> ${q}`, `touch ${q}`, `cat ${q}`, `mkdir -p ${q.replace(/\/[^/]*$/, '')}/new`, `rm -f ${q}`, `sed -i 's/a/b/' ${q}`, `cp a.txt ${q}`, `ls ${q.replace(/\/[^/]*$/, '') || '.'}`]);
}

function build(rng: Rng, count: number): Generated[] {
  const out: Generated[] = [];
  for (let i = 0; i < count; i++) {
    const target = rng.pick(PATHS);
    const mode = rng.pick(MODES);
    const files: Record<string, string> = { 'a.txt': 'alpha\n' };
    const home: Record<string, string> = {};
    const place = (p: string, text: string) => {
      if (p.startsWith('~/')) home[p.slice(2)] = text;
      else files[p] = text;
    };
    const tool = rng.weighted([
      [4, 'Write'],
      [4, 'Edit'],
      [2, 'Read'],
      [3, 'Bash'],
      [1, 'NotebookEdit'],
    ] as const);
    // An Edit needs something to change; elsewhere a missing file is a case of its own.
    const exists = target.exists || tool === 'Edit';
    if (exists) place(target.p, 'a = 1\n');
    place('.claude/agents/helper.md', '---\nname: helper\n---\nhelp\n');
    const path = abs(target.p);
    const calls: Generated['turns'] = [];
    if (tool === 'Write') calls.push([{ name: 'Write', input: { file_path: path, content: 'b = 2\n' } }]);
    else if (tool === 'Edit') {
      if (rng.chance(0.7)) calls.push([{ name: 'Read', input: { file_path: path } }]);
      calls.push([{ name: 'Edit', input: { file_path: path, old_string: 'a = 1', new_string: 'a = 2' } }]);
    } else if (tool === 'Read') calls.push([{ name: 'Read', input: { file_path: path } }]);
    else if (tool === 'NotebookEdit') {
      const nb = target.p.replace(/\.[^./]*$/, '') + '.ipynb';
      place(nb, JSON.stringify({ cells: [{ cell_type: 'code', id: 'c1', metadata: {}, source: ['x = 1'], outputs: [], execution_count: null }], metadata: {}, nbformat: 4, nbformat_minor: 5 }) + '\n');
      calls.push([{ name: 'Read', input: { file_path: abs(nb) } }]);
      calls.push([{ name: 'NotebookEdit', input: { notebook_path: abs(nb), cell_id: 'c1', new_source: 'x = 2' } }]);
    } else calls.push([{ name: 'Bash', input: { command: bashFor(rng, target.p) } }]);
    // A second, plain call shows the mode's ordinary behaviour beside the sensitive one.
    if (rng.chance(0.3)) calls.push([{ name: 'Write', input: { file_path: '$CWD/plain.txt', content: 'p\n' } }]);
    const s: Generated = {
      id: `gen-sensitive-${String(i).padStart(4, '0')}`,
      area: 'permissions',
      description: '',
      files,
      home_files: home,
      mode,
      // A real repository's .git files differ between git implementations: .git targets are
      // laid out as plain files instead.
      git: !target.p.includes('.git/') && rng.chance(0.3),
      turns: calls,
    };
    if (mode === 'auto' || mode === 'plan') s.classifier = rng.pick(['allow', 'block'] as const);
    let ruleText = 'no rule';
    if (rng.chance(0.45)) {
      const rule = rng.pick(ALLOW_RULES(target.p));
      const source = rng.pick(['settings_local', 'user_settings', 'cli'] as const);
      if (source === 'cli') s.allowedTools = [rule];
      else s[source] = { permissions: { allow: [rule] } };
      ruleText = `allow ${rule} (${source === 'cli' ? 'CLI flag' : source})`;
    }
    s.description = `${tool} on ${target.p}${exists ? '' : ' (new)'} in ${mode} mode with ${ruleText}.`;
    out.push(s);
  }
  return out;
}

export const sensitive: Family = { name: 'sensitive', count: 500, build };
