// Where the in-memory shell and git have to behave as bash and git do: rmdir, `bash -lc` and
// `sh -c`, a branch switch restoring files, git hooks, pipelines carrying more than 1 MB, and
// `npm run` of the project's scripts.
import type { Dimension } from '../types';
import { GIT_IDENTITY, PROJECT, QUIET_NPM, bash } from './common';

const COMMANDS = [
  'mkdir e && rmdir e && ls',
  'rmdir sub',
  'rmdir nothere',
  'mkdir -p p/q && rmdir -p p/q && ls',
  "bash -lc 'echo hi'",
  "bash -c 'cd sub && ls'",
  "sh -c 'echo $0 $1' a b",
  "bash -lc 'cat a.txt | wc -l'",
  'git checkout -q -b topic && echo changed > a.txt && git commit -qam c && git checkout -q - && cat a.txt',
  'git switch -q -c t2 && rm a.txt && git commit -qam gone && git switch -q - && ls',
  'git stash -q 2>&1; git status --short',
  'echo x >> a.txt && git commit -qam m && git log --oneline | wc -l',
  'seq 1 300000 | tail -n 2',
  'yes abcdefghij | head -c 2000000 | wc -c',
  'seq 1 200000 | cat | wc -l',
  'seq 1 150000 | grep -c 7',
  'npm run build',
  'npm run test --silent',
  'npm test',
];

export const workspace: Dimension = {
  name: 'workspace',
  varies:
    'rmdir, bash -lc / sh -c, git branch switches and commits (with hooks), >1 MB pipelines, npm run scripts',
  combinable: true,
  sample(rng) {
    const git = rng.chance(0.8);
    const hook = git && rng.chance(0.3);
    const turns = Array.from({ length: 1 + rng.int(2) }, () => [bash(rng.pick(COMMANDS))]);
    if (hook)
      turns.unshift([
        bash(
          "printf '#!/bin/sh\\necho hook ran\\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit && cp .git/hooks/pre-commit .git/hooks/post-checkout",
        ),
      ]);
    return { files: PROJECT, env: { ...QUIET_NPM, ...GIT_IDENTITY }, git, turns, note: `git=${git} hooks=${hook}` };
  },
};
