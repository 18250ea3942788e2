// Shell constructs the permission analysis and the workspace shell both have to follow: variable
// prefixes, heredocs and here-strings in pipelines, substitutions holding lists, `&` in a list,
// redirects under a matching allow rule, `cd` then a write, deny rules reached through
// `find -exec` and `xargs`, usage and parse errors.
import type { Dimension } from '../types';
import { PROJECT, QUIET_NPM, bash } from './common';

const CONSTRUCTS: Record<string, string[]> = {
  prefix: [
    'FOO=1 echo hi',
    'FOO=1 BAR=2 ./tool.sh',
    'LANG=C sort a.txt',
    'FOO=x rm x.tmp',
    'A=1 cat secret.txt',
    'env FOO=1 ./tool.sh',
    'FOO=bar; echo $FOO',
  ],
  heredoc: [
    'cat <<EOF | grep al\nalpha\nbeta\nEOF',
    "cat <<'EOF' > out.txt\nx $HOME\nEOF",
    'grep al <<< "alpha" | wc -l',
    'cat <<< hi > out.txt',
    'tr a-z A-Z <<EOF\nabc\nEOF',
    'wc -l <<EOF | cat\none\ntwo\nEOF',
  ],
  substitution: [
    'echo $(ls sub; echo x)',
    'echo "$(cd sub && ls)"',
    'x=$(cat a.txt && echo done); echo $x',
    'echo $(echo a | tr a b)',
    'echo `ls sub`',
    'echo $(rm x.tmp)',
    'echo $(cat secret.txt)',
  ],
  background: [
    'sleep 0 & echo hi',
    'echo a & wait; echo b',
    'touch b.txt & wait',
    'echo one & echo two; wait',
    'rm x.tmp & wait',
  ],
  redirect: [
    'echo hi > out.txt',
    'echo hi >> a.txt',
    'echo hi 2>/dev/null',
    'echo hi > /dev/null',
    'echo hi 2>&1 | cat',
    'cat a.txt > sub/c.txt',
    'echo hi > ../out.txt',
  ],
  cd: [
    'cd sub && echo x > f.txt',
    'cd sub && touch f',
    'cd sub; rm b.txt',
    'cd .. && touch x',
    'cd sub && cat b.txt',
    'cd sub && ../tool.sh',
  ],
  indirect: [
    "find . -name '*.tmp' -exec rm {} \\;",
    'find . -name x.tmp -exec rm {} +',
    'ls *.tmp | xargs rm',
    'echo x.tmp | xargs -I{} rm {}',
    'find . -name x.tmp -delete',
    'find . -name secret.txt -exec cat {} \\;',
    'echo secret.txt | xargs cat',
    'xargs cat <<< secret.txt',
  ],
  // Usage and parse errors, and errors inside a pipeline or a substitution (the output merged).
  errors: [
    'rm',
    'mv a.txt',
    'printf "a b\\n" | xargs -n1 echo',
    'ls *.tmp | xargs -I{} rm {}',
    "echo 'unclosed",
    'echo $(ls sub',
    'ls sub; fi',
    'echo a |',
    'cat nope.txt | wc -l',
    'x=$(cat nope.txt); echo "[$x]"',
  ],
};

const RULES = [
  'Bash(echo:*)',
  'Bash(echo *)',
  'Bash(cat:*)',
  'Bash(rm:*)',
  'Bash(find:*)',
  'Bash(xargs:*)',
  'Bash(touch:*)',
  'Bash(./tool.sh:*)',
  'Bash(grep:*)',
  'Read(./secret.txt)',
  'Edit(./sub/**)',
];

export const shell: Dimension = {
  name: 'shell',
  varies:
    'env prefixes, heredocs/here-strings in pipelines, $(lists), `&`, redirects, cd + write, find -exec/xargs, usage and parse errors x rules x mode',
  combinable: true,
  sample(rng) {
    const construct = rng.pick(Object.keys(CONSTRUCTS));
    const perms: Record<string, string[]> = {};
    for (let i = rng.int(3); i > 0; i--)
      (perms[rng.chance(0.6) ? 'allow' : 'deny'] ??= []).push(rng.pick(RULES));
    const mode = rng.pick(['default', 'acceptEdits', 'bypassPermissions', 'dontAsk']);
    const list = CONSTRUCTS[construct] as string[];
    const turns = Array.from({ length: 1 + rng.int(2) }, () => [bash(rng.pick(list))]);
    return {
      files: PROJECT,
      env: QUIET_NPM,
      settings: { permissions: perms },
      trust: true,
      mode,
      turns,
      note: `${construct} ${mode}: ${JSON.stringify(perms)}`,
    };
  },
};
