import { describe, expect, it } from 'vitest';
import { EXIT_SEMANTICS } from '../../profiles/2.1.273/bash';
import { exitMeaning, lastCommandWords } from './semantics';

const answer = (command: string, code = 1) => exitMeaning(command, code, EXIT_SEMANTICS) !== undefined;

describe('lastCommandWords', () => {
  it('splits at list and pipe operators outside quotes and substitutions', () => {
    expect(lastCommandWords('cat a | grep x')).toEqual(['grep', 'x']);
    expect(lastCommandWords('echo "a;b" ; grep x a')).toEqual(['grep', 'x', 'a']);
    expect(lastCommandWords("grep 'x|y' a")).toEqual(['grep', "'x|y'", 'a']);
    expect(lastCommandWords('x=$(echo a; grep x a)')).toEqual(['x=$(echo a; grep x a)']);
    expect(lastCommandWords('sleep 0 & grep x a')).toEqual(['grep', 'x', 'a']);
    expect(lastCommandWords('false |& grep x')).toEqual(['grep', 'x']);
  });
  it('keeps redirections with & and skips comments and empty commands', () => {
    expect(lastCommandWords('grep x a 2>&1')).toEqual(['grep', 'x', 'a', '2>&1']);
    expect(lastCommandWords('grep x a &> /dev/null')).toEqual(['grep', 'x', 'a', '&>', '/dev/null']);
    expect(lastCommandWords('grep x a;\n\n# done')).toEqual(['grep', 'x', 'a']);
    expect(lastCommandWords('echo x \\; grep y')).toEqual(['echo', 'x', '\\;', 'grep', 'y']);
  });
});

describe('exitMeaning (2.1.273 and 2.1.332 table)', () => {
  it('judges the last command by its first word as written', () => {
    expect(answer('grep nomatch a.txt')).toBe(true);
    expect(answer('false; grep nomatch a.txt')).toBe(true);
    expect(answer('grep nomatch a.txt && echo yes')).toBe(false);
    expect(answer('command diff a b')).toBe(false);
    expect(answer('/usr/bin/diff a b')).toBe(false);
    expect(answer('"grep" x a')).toBe(false);
    expect(answer('FOO=1 grep x a')).toBe(false);
    expect(answer('(grep x a)')).toBe(false);
    expect(answer('{ false; }; diff a b')).toBe(true);
  });
  it('only exit code 1, and git only for diff and grep', () => {
    expect(answer('grep x missing', 2)).toBe(false);
    expect(answer('test 1 -gt x', 2)).toBe(false);
    expect(answer('[ -f missing ]')).toBe(true);
    expect(answer('[[ -f missing ]]')).toBe(false);
    expect(answer('find missing')).toBe(true);
    expect(answer('git -C . diff --no-index a b')).toBe(true);
    expect(answer('git --no-pager grep x')).toBe(true);
    expect(answer('git log --exit-code -- a diff')).toBe(false);
    expect(answer('cmp a b')).toBe(false);
  });
});
