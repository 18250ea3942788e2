import { describe, expect, it } from 'vitest';
import { hasUnclosedExpansion } from './unclosed';

// The commands probed on 2.1.332 (bypassPermissions): the first list is refused with the
// "can't be sure it read this command" text, the second runs.
const REFUSED = [
  'echo $(ls',
  'echo ${',
  'echo "$(ls"',
  'echo $((1+',
  'ls $(',
  'echo $(ls) $(pwd',
  "echo 'a' $(ls",
  'x=$(ls',
  "echo $(echo 'a)",
  'echo $(( 1 + 2 )',
  'echo "${x"',
  'echo $[1+',
  'echo ${x:-$(ls}',
  'echo a; echo $(ls',
  'echo ${#',
  'cat <<EOF\n$(ls\nEOF',
  'echo "$("',
  'echo $(ls ${x)',
  'echo $((1+2)',
];
const RUN = [
  'echo `ls',
  'cat <(ls',
  'echo "abc',
  "echo 'abc",
  'if then fi',
  'echo a |',
  '{ echo a',
  'echo a &&',
  'for x in a; do echo $x',
  'echo ok # $(',
  "echo '$('",
  'echo \\$(ls',
  'echo $(case x in x) echo y;; esac)',
  'echo $(echo ")")',
  'echo $(ls)) ',
];

describe('hasUnclosedExpansion', () => {
  it('finds the open $-expansions 2.1.332 refuses, and only them', () => {
    expect(REFUSED.filter((c) => !hasUnclosedExpansion(c))).toEqual([]);
    expect(RUN.filter(hasUnclosedExpansion)).toEqual([]);
  });
  it('takes closed and nested expansions as closed', () => {
    expect(
      [
        'echo $((1+2))',
        'echo ${x:-a}',
        'echo "$(ls)" ${y} $[1+2]',
        'echo $(echo $(ls))',
        'a=$(( (1+2)*3 ))',
      ].map(hasUnclosedExpansion),
    ).toEqual([false, false, false, false, false]);
  });
  it('reads quotes in a here-document body as plain characters (bash-perm-heredoc-substitution-word, recorded)', () => {
    expect(
      [
        "echo \"$(cat <<'EOF'\nit's\nEOF\n)\"",
        'echo "$(cat <<\'EOF\'\nhello `x` world\nEOF\n)"',
        'echo "$(cat <<"EOF"\nhello world\nEOF\n)"',
        "cat <<-EOF\n\tit's\n\tEOF",
      ].map(hasUnclosedExpansion),
    ).toEqual([false, false, false, false]);
  });
});
