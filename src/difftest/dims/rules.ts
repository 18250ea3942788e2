// Allow, deny and ask rules in every spelling the documentation and bug reports use (space form,
// `:*`, leading and mid-word wildcards, project scripts, bare tool names), against commands that
// match them in the ways the binary distinguishes (prefixes, arguments, scripts by path).
import type { Dimension } from '../types';
import { PROJECT, QUIET_NPM, bash } from './common';

const RULES = [
  'Bash(npm run *)',
  'Bash(npm run:*)',
  'Bash(npm run build)',
  'Bash(npm *)',
  'Bash(* build)',
  'Bash(npm r*)',
  'Bash(npm run b*d)',
  'Bash(./tool.sh)',
  'Bash(./tool.sh *)',
  'Bash(./tool.sh:*)',
  'Bash(tool.sh:*)',
  'Bash(*tool.sh*)',
  'Bash(bash ./tool.sh)',
  'Bash(git status:*)',
  'Bash(git *)',
  'Bash(echo *)',
  'Bash(echo:*)',
  'Bash(cat *)',
  'Bash(ls:*)',
  'Bash(rm:*)',
  'Bash(rm *)',
  'Bash(*)',
  'Bash',
  'Bash(FOO=1 ./tool.sh)',
  'Read(./secret.txt)',
  'Edit(./a.txt)',
];

const COMMANDS = [
  'npm run build',
  'npm run test',
  'npm run  build',
  'npm test',
  './tool.sh',
  './tool.sh x',
  'sh ./tool.sh',
  'bash tool.sh',
  'FOO=1 ./tool.sh',
  './tool.sh > out.txt',
  'git status --short',
  'git  status',
  'echo hi',
  'echo hi > out.txt',
  'cat a.txt',
  'cat secret.txt',
  'ls sub',
  'rm x.tmp',
  'rm -f x.tmp',
  'cat a.txt | grep al',
  'echo hi && ./tool.sh',
];

export const rules: Dimension = {
  name: 'rules',
  varies: 'allow/deny/ask rules in every spelling (space form, `:*`, wildcards, scripts) x commands x mode',
  combinable: true,
  sample(rng) {
    const kinds = ['allow', 'deny', 'ask'] as const;
    const perms: Record<string, string[]> = {};
    const n = 1 + rng.int(3);
    for (let i = 0; i < n; i++) {
      const kind = rng.weighted([
        [5, kinds[0]],
        [3, kinds[1]],
        [1, kinds[2]],
      ] as const);
      (perms[kind] ??= []).push(rng.pick(RULES));
    }
    const mode = rng.pick(['default', 'dontAsk', 'acceptEdits', 'bypassPermissions']);
    const turns = Array.from({ length: 1 + rng.int(3) }, () => [bash(rng.pick(COMMANDS))]);
    return {
      files: PROJECT,
      env: QUIET_NPM,
      settings: { permissions: perms },
      trust: true,
      git: rng.chance(0.3),
      mode,
      turns,
      note: `${mode}: ${JSON.stringify(perms)}`,
    };
  },
};
