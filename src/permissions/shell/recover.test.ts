// What Claude Code's parser says of lines bash refuses (bash-perm-parse-forms, recorded on
// 2.1.273, 2.1.332 and 2.1.336), and the lines it must leave alone.
import { describe, expect, it } from 'vitest';
import { recoverLine } from './recover';

describe('recoverLine', () => {
  it('names the shapes the binary refuses and closes what it reads as closed', () => {
    const lines = [
      'echo a &&', 'echo a && # c', 'echo a && && echo b', 'echo a | | cat', 'echo a & &', 'echo a\n&& echo b',
      'ls )', 'echo "a" && )', 'echo a; fi', 'echo a; then', 'echo a; done', 'if true; then echo a; fi; fi',
      '( echo a', '{ echo a', '[[ -f x', '(echo a))', 'echo a >', 'echo a <',
      'if true; then ls', 'if true; then echo a; else', 'while true; do echo a', 'case x in', 'case x in a) echo a', 'f() {',
    ];
    expect(lines.map((l) => recoverLine(l))).toEqual([
      { kind: 'parse-error', why: 'nothing follows &&' },
      { kind: 'parse-error', why: 'nothing follows &&' },
      { kind: 'parse-error', why: 'nothing follows &&' },
      { kind: 'parse-error', why: '| follows |' },
      { kind: 'parse-error', why: '& follows &' },
      { kind: 'parse-error', why: 'a line starts with &&' },
      { kind: 'parse-error', why: 'a ) closes nothing' },
      { kind: 'parse-error', why: 'nothing follows &&' },
      { kind: 'parse-error', why: 'fi closes nothing' },
      { kind: 'parse-error', why: 'then outside an if' },
      { kind: 'parse-error', why: 'done closes nothing' },
      { kind: 'parse-error', why: 'fi closes nothing' },
      { kind: 'trailing-input', why: 'the ( that opens the line is never closed' },
      { kind: 'trailing-input', why: 'the { that opens the line is never closed' },
      { kind: 'trailing-input', why: 'the [[ that opens the line is never closed' },
      { kind: 'trailing-input', why: 'a ) follows the group that opens the line' },
      { kind: 'redirect-shape', why: '> has no target' },
      { kind: 'redirect-shape', why: '< has no target' },
      { kind: 'closed', text: 'if true; then ls; fi' },
      { kind: 'closed', text: 'if true; then echo a; else true; fi' },
      { kind: 'closed', text: 'while true; do echo a; done' },
      { kind: 'closed', text: 'case x in esac' },
      { kind: 'closed', text: 'case x in a) echo a;; esac' },
      { kind: 'closed', text: 'f() { true; }' },
    ]);
  });

  it('leaves complete lines and the ones it cannot tell to the parser', () => {
    const lines = [
      'echo a |', 'echo a &&\necho b', 'echo a }', 'echo a ;;', 'echo a && {', 'echo (', 'echo a; (',
      'f() { echo; }', 'function g { echo; }', 'cat <(ls) | wc', 'a=(1 2) && echo ${a[@]}', "cat <<EOF\nhi )\nEOF",
      "cat <<<'x'", 'echo $((1+2))', '((i++))', '[[ -f x && ( -d y ) ]] && echo', 'case x in (a|b) echo;; *) echo;; esac',
      'echo a 2>&1 >&2 &>/dev/null', 'sleep 1 &', 'git commit -m "$(cat <<\'EOF\'\nmsg )\nEOF\n)"', 'echo \'(\' ")"',
      'echo \\)', "x=$(ls; echo ')')", 'if [ -f x ]; then echo; elif true; then echo; else echo; fi',
      'for ((i=0;i<3;i++)); do echo; done', 'echo "unclosed', 'echo $(ls',
      // A form feed or vertical tab is a word to bash, not a blank (it used to stop the tokenizer).
      '\f && x', 'echo a\vb && echo c', '\r',
    ];
    expect(lines.map((l) => recoverLine(l))).toEqual(lines.map(() => undefined));
  });
});
