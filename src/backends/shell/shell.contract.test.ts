// One contract for both Shell implementations: the same commands, in order, on the same
// workspace layout at the same path; the in-memory shell must print exactly what /bin/bash does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { twinShells, type TwinShells } from './testing';

const hasGit = (() => {
  try {
    return execFileSync('git', ['--version'], { encoding: 'utf8' }).startsWith('git version 2.39');
  } catch {
    return false;
  }
})();

/** Everyday shell: echo, pipes, redirects, cd, exit codes, stderr, env, loops, text tools. */
const SHELL_CASES: string[] = [
  '/bin/echo hi; echo x > q.txt && /bin/rm q.txt; ls q.txt',
  'touch f1 f2; ls f1 nope f2; echo rc=$?',
  'mkdir -p gr/e; echo alpha > gr/e/f.txt; echo alpha > g.txt; grep -r alpha . | sort; grep -rn alpha | sort',
  'grep -rl alpha . | sort; grep -rh alpha gr; grep -rc alpha gr',
  'echo hello',
  'echo out; echo err 1>&2',
  'echo partial; exit 3',
  'false',
  "printf 'a\\nb\\nc\\n' | grep b",
  "printf 'c\\na\\nb\\n' | sort",
  "printf 'b\\nB\\na\\nA\\nb\\n' | sort; printf 'b\\nB\\na\\n' | sort -ru",
  'mkdir -p rgd; echo TOP one > rgd/x.txt; rg TOP rgd; rg -n TOP rgd; rg TOP rgd/x.txt',
  "printf 'c\\na\\nb\\n' | sort -r | head -2",
  'seq 1 20 | tail -3',
  'seq 1 100 | wc -l',
  "printf 'alpha\\nbeta\\n' > f.txt; cat f.txt; wc -c f.txt; wc -l < f.txt",
  "sed -n '2p' f.txt; sed 's/alpha/ALPHA/' f.txt; sed -i 's/beta/BETA/' f.txt; cat f.txt",
  'grep -n a f.txt; grep -c a f.txt; grep zzz f.txt; echo rc=$?',
  'head -n 1 f.txt; tail -n 1 f.txt; head -c 3 f.txt; echo',
  'cat nope.txt',
  'for i in 1 2 3; do echo "n=$i"; done',
  'X=1; export Y=2; echo "$X $Y"; env | grep \'^Y=\'',
  'echo "$HOME" | sed "s#$HOME#H#"; echo $TZ $LANG',
  'mkdir -p sub/deeper && cd sub && pwd',
  'cd sub; cd deeper; pwd',
  'cd nonexistent',
  'f',
  'true\nf',
  'echo a > x.txt && echo b >> x.txt && cat x.txt',
  'ls',
  'ls sub; ls -a sub',
  'echo hi >/dev/null; echo rc=$?',
  'cat; echo rc=$?',
  'yes | head -3',
  'yes | head wc -c; tail -n; head --lines; echo rc=$?',
  // GNU's counts: multiplier suffixes, head's all-but-the-last, tail's from-byte, its refusals.
  "seq 1 300 > n.txt; head -c 1K n.txt | wc -c; head -c 1kB n.txt | wc -c; head -c K n.txt | wc -c; tail -n 1k n.txt | wc -l",
  "printf 'a\\nb' > u.txt; head -n -1 u.txt; head -c -2 u.txt; echo; head -n -2 n.txt nope u.txt; tail -c +3 u.txt; tail -n -1 u.txt; echo",
  "head -n 5 -c 3 n.txt; echo; head -c 2X n.txt; head -n 1.5 n.txt; head -c 1Y n.txt; head -n -x n.txt; tail -n +x n.txt; tail --bytes=3w n.txt; echo rc=$?",
  // A redirection into a folder that is missing or a file: bash's error, and the line goes on.
  'echo hi > nodir/z.txt; echo after; touch ff; echo x > ff/g; echo x >> nodir/y; echo rc=$?; rm ff',
  // An operand that fails: GNU tools report it where they reach it; sed, awk, tac and od keep
  // their output until they exit, so their errors come first.
  'seq 3 > fa; cat fa missing fa; cat -n fa missing fa; cut -c1 fa missing fa; nl fa missing fa; md5sum fa missing; echo rc=$?',
  'seq 2 > fa; wc -l fa missing fa; head -1 fa missing fa; tail -n1 missing fa fa; stat -c %n fa missing; grep 1 fa missing fa; grep -c 1 fa missing; ls fa nope; echo rc=$?',
  'seq 2 > fa; sed p fa missing; awk 1 fa missing; tac fa missing fa; od -c fa missing; sort missing fa; file fa missing; tail -2 fa fa; echo rc=$?',
  'seq 2 > fa; cat fa missing fa > o1; cat o1; grep 1 fa missing fa 2>o2 >o3; cat o2 o3; echo x > o4; wc -l fa missing >> o4 2>&1; cat o4; ls fa nope &> o5; cat o5',
  // A folder where a file is read: each command's own words, and what it still does.
  'mkdir -p fd; echo hi > fa; head fd fa; tail -n 1 fd; head -n -1 fd; wc fd fa; wc -l fd; sort fa fd; uniq fd; nl fd; rev fa fd; echo rc=$?',
  'mkdir -p fd; seq 5 > fa; head -3 fd fa; head -c 2 -q fd fa fa; tail -n 2 -v fa fd; echo rc=$?',
  // What an endless producer makes follows the command's head, past the least bound.
  'yes abcdefghij | head -c 2000000 | wc -c; yes | head -n 3000000 | tail -1; head -c 3M /dev/zero | wc -c; cat /dev/zero | head -c 2000000 | wc -c',
  'seq 1 3000000 | tail -1; seq 3 -1 1; seq 2 -2 -5; seq +3 4; seq 08 10; seq 1 0 3; seq x; seq 1 2 3 4; echo rc=$?',
  // Consecutive numbers across widths, and their byte count.
  "seq 0 3 | tr '\\n' ' '; seq 8 11 | tr '\\n' ' '; seq 998 1002 | tr '\\n' ' '; seq 99999 100001; seq 5 4; seq 7 7; seq 1 123456 | wc -c; seq 999990 1000000 | md5sum",
  'mkdir -p dd; cat dd; cut -c1 dd; paste dd; md5sum dd; base64 dd; echo rc=$?',
  'yes -c | head -1; yes a -- -b | head -1; yes -- -c | head -1; yes --c | head -1; yes --he=x; echo rc=$?',
  'yes --versio | head -1; yes --h | tail -1; yes a -c | head -1; echo rc=$?',
  "printf '\\033[31mred\\033[0m\\n'",
  "printf 'caf\\xc3\\xa9 \\xf0\\x9f\\x9a\\x80\\n'",
  "printf '\\n\\nb\\n'",
  "printf '%020000000d' 0 | wc -c; printf '%-9000000s|' x | tail -c 3; echo",
  "mkdir sz; cd sz; : > e0; head -c 1 /dev/zero > b1; head -c 513 /dev/zero > b513; head -c 1024 /dev/zero > b1024; head -c 1025 /dev/zero > b1025; for s in -1k 1k +1k -2k 1 -1 +1 2 1c -2c 2w -2w 0 -1M; do echo \"$s: $(find . -type f -size $s | sort | tr '\\n' ' ')\"; done",
  "find . -size 1x; echo rc=$?; find . -size; echo rc=$?; find . -size k; echo rc=$?; for v in '' + 1kk 1.5k -1x 1K +k; do find . -size \"$v\" -print; done; echo rc=$?",
  'touch -d "2023-01-02 03:04:05" f; touch -d "2023-12-01 03:04:05" r; for a in --time-style=iso --time-style=long-iso --time-style=full-iso --time-style=+%Y/%m/%d --time-style=+%b%n%H --time-style=posix-iso --time-style=locale --time-style=bogus --full-time "--time-style=+%e|%y|%T|%F|%R|%%|%j|%a"; do echo "== $a"; ls -l $a f r; echo rc=$?; done; ls --full-time f',
  "head -c 20 /dev/zero | tr '\\0' a",
  'echo $((2+3)); echo ${#HOME}',
  'if [ -f f.txt ]; then echo yes; else echo no; fi',
  'x=$(echo sub); echo "[$x]"',
  "echo one two | awk '{print $2}'",
  'echo a,b,c | cut -d, -f2',
  "printf 'b\\na\\nb\\n' | sort | uniq -c",
  'echo abc | tr a-z A-Z',
  'basename /a/b/c.txt; dirname /a/b/c.txt',
  'test -d sub && echo dir',
  'cat <<EOF2\nheredoc $HOME\nEOF2',
  'echo $?; (exit 4); echo $?',
  'exit 0',
  'echo a | tee t.txt; cat t.txt',
  'rm t.txt; ls t.txt',
  'echo "x" | xargs echo got',
  'find sub -type d | sort',
  'echo *.txt',
  "ls '*.txt'; echo rc=$?; ls 'nope*'",
  'mv x.txt y.txt && ls y.txt x.txt',
  'cp f.txt g.txt && diff f.txt g.txt && echo same',
  "printf 'a\\nb\\n' > d1; printf 'a\\nc\\n' > d2; diff d1 d2; echo rc=$?",
  'diff nope1 nope2; echo rc=$?',
  "cmp d1 d2; echo rc=$?; cmp d1 d1; cmp -s d1 d2; echo rc=$?; printf 'a\\n' > d3; cmp d3 d1; printf 'a' > d4; cmp d4 d1; : > d5; cmp d5 d1; cmp d1 nope",
  'kill -0 999999; echo rc=$?; kill abc; kill; echo rc=$?',
  'mkdir -p p/q/r && touch p/x && rmdir -p p/q/r; echo rc=$?; rm p/x; rmdir -pv p/q/ p; rmdir; rmdir nope a.txt; echo rc=$?',
  "bash -lc 'echo hi | wc -c'; bash -l -c 'echo $0' x; bash -ec 'false; echo no'; echo rc=$?; bash --login -c 'echo z'; sh -lc 'echo a'",
  "printf 'ab\\0\\n\\001' | od -c; printf 'ab' | od -c -t x1; printf 'ab' | od -An -c",
  'printf abc > o.txt; mkdir -p o.d; od -j 100 o.txt; od -tq o.txt; od -t x3 o.txt; od -c nope o.txt; od -N x o.txt; od -j1k o.txt; od -A; od o.d; od nope; od -w3 -j1 o.txt; echo rc=$?',
  'head -n 1 nope; tail -n 1 nope; stat nope; mkdir sub; find nope; echo rc=$?',
];

/** git on a fresh repository: init, status (long and short), add, commit, log, diff, show. */
const GIT_CASES: string[] = [
  'git status',
  'git init',
  'git status',
  "printf 'a\\n' > a.txt; mkdir -p d/e; echo x > d/e/f.txt; echo y > b.txt",
  'git status',
  'git status --short',
  'git add a.txt',
  'git status',
  'git status --porcelain',
  'git commit -m first',
  'git commit -m first',
  'git log',
  'git log --oneline',
  "printf 'a\\nb\\n' > a.txt",
  'git diff',
  'git status',
  'git status -s',
  'git add -A; git status',
  'git commit -m "second change"',
  'git show',
  'git log --oneline',
  'git show HEAD~1',
  'rm b.txt; git status; git diff',
  'cd d && git status && git status --short',
  'git commit -am third',
  'git log',
  'git rebase -i HEAD~5 2>&1 | head -5; echo rc=$?',
  'git diff --cached',
  'echo new > n.txt; git add n.txt; git diff --cached; git status',
  'git ls-files; cd d && git ls-files; git ls-files -- e; cd ..; git ls-files d "*.txt"; echo untracked > u.txt; git ls-files',
  "git grep a; echo rc=$?; git grep -n 'a\\|new'; git grep -c a; git grep -l x; git grep -i NEW; git grep -w ne; echo rc=$?",
  "git grep -E 'a|x' -- d; git grep -F 'a.' ; echo rc=$?; git grep -v a -- a.txt; git grep -q new && echo found; git grep -e x -e new; cd d && git grep x; git grep -n x ..",
];

/** git on a repository with history: messages, function context, modes, quoting, branches. */
const GIT_HISTORY_CASES: string[] = [
  'git init -q -b main',
  'git commit -m x',
  'echo a > a.txt; git commit -m x',
  'git add a.txt; git commit -m x',
  'git commit -m y',
  'git status',
  'echo b >> a.txt; git add a.txt; echo c >> a.txt; git status; git status -s; git diff; git diff --cached; git diff HEAD',
  "git commit -m 'multi\nline message\n\nbody here'; git log; git log -1 --oneline",
  "printf 'l1\\nl2\\nl3\\nint main() {\\n  a;\\n  b;\\n  c;\\n  d;\\n  e;\\n}\\n' > c.c; git add c.c; git commit -qm cfile; sed -i 's/  d;/  D;/' c.c; git diff",
  'chmod +x c.c; git diff; git status -s',
  'git log -n 2 --oneline; git log -2',
  'echo "x y" > "sp ace.txt"; git status -s; git status',
  'git branch; git branch --show-current; git rev-parse --abbrev-ref HEAD; git rev-parse --is-inside-work-tree',
  'git show HEAD:a.txt',
  'echo z >> a.txt; git checkout -- a.txt; git status -s; echo w >> a.txt; git stash -q; git status -s; git stash; git checkout -- nope',
];

/** One output stream, as the Bash tool runs commands: stderr where it was written. */
const MERGED_CASES: string[] = [
  'head -n 1 nope.txt; echo after',
  'echo out; echo err 1>&2; echo out2',
  'nosuchcommand; echo x',
  'ls nope 2>/dev/null; echo quiet',
  'rm; rm -r; mv; mv nofile; cp; chmod 644; touch; mkdir; cut; tr; seq; echo rc=$?',
  "printf 'a\\nb\\n' | xargs -I{} echo x{}y; printf 'a\\nb\\n' | xargs -i echo x{}y; printf 'a b c\\n' | xargs -n1 echo",
  "printf 'a,b' | xargs -d, echo; true | xargs echo z; true | xargs -I{} echo z{}; printf 'a b\\n' | xargs -rn1 echo",
  // The host's cksum, realpath, xxd and hexdump, which just-bash lacks; env -i passing its variables.
  "printf 'hello world\\n' > h.txt; cksum h.txt; printf abc | cksum; cksum nope; realpath h.txt; realpath -m nope/../x; realpath --relative-to=sub h.txt; realpath nope/x; echo rc=$?",
  "printf '\\000\\001abc~\\n' > bin.dat; xxd bin.dat; xxd -p bin.dat; xxd -c 4 -g 1 bin.dat; xxd -l 3 -s 1 bin.dat; hexdump -C bin.dat; hexdump bin.dat; seq 100 | hexdump -C | head -5; seq 40 | xxd -u | tail -2",
  "env -i A=1 printenv A; env -i A=1 sh -c 'echo $A'; env B=2 bash -c 'echo $B'",
  // printf's floating conversions: a long double rounded exactly, ties to even; invalid numbers.
  "printf '%.0f %.0f %.0f %.1f %.2f\\n' 0.5 1.5 2.5 0.25 2.675; printf '%.20f %.17g %f\\n' 0.1 0.1 1e22; printf '%s=%.1f\\n' a 0.25 b 2.5; printf '%d %5.2f%%\\n' 7; printf '%f %d\\n' 1; printf '%e %G %#g %+08.3f|%-9.2e|\\n' 123456 1e-10 2 -3.14159 0.000123; printf '%.150f\\n' 1 | wc -c",
  "printf '%06F|%f|%f|%f\\n' -inf '' nan Infinity; printf '%.1f|' 1.5x y; echo; printf '%d|' abc; echo rc=$?",
  // A child shell sees the exported variables alone, its $0 and its arguments.
  "env -i sh -c 'env | grep -vc ^PWD='; x=1; bash -c 'echo \"[$x]\"'; export y=2; bash -c 'echo \"[$y]\"'; sh -c 'echo $0 $1 $#' a b c; printf 'echo \"$0:$1:$y\"\\n' > s.sh; bash s.sh q; env -i bash s.sh r; echo hi | bash -c 'cat; echo $y'; rm s.sh",
  // sed -i with a suffix keeps each edited file's old content beside it (`*` stands for the name).
  "printf 'a\\n' > s1; printf 'b\\n' > s2; sed -i.bak 's/a/A/' s1 s2; cat s1 s1.bak s2.bak; sed --in-place=.orig 's/b/B/' s2; cat s2.orig; sed -i'old_*' 's/A/Z/' s1; cat old_s1; sed -i.y 's/Z/Y/' s1 nope; cat s1.y; rm s1* s2* old_s1",
  // bc's scale rules, output form and errors.
  "for e in '10/3' 'scale=2; 10/3' '0.5*2' '-3/2' 'scale=3; 5%3' 'scale=4; 2^-2' '1-1.5' 'scale=2; 7.123*1' 'scale=3; sqrt(2)' '3 > 2' '1/0' '2+' 'a++' '-2^2' '2^3^2' 'x=2; x+=3; x' '2^300'; do echo \"$e\" | bc; done; printf '1+1\\nquit\\n5\\n' | bc",
  // printf's and echo -e's escapes of bytes over 0x7f are bytes, not UTF-8 characters.
  "printf '\\xff\\351\\n' | od -An -tx1; echo -e 'a\\0377\\xfe' | od -An -tx1; printf 'é\\\\377 %s\\n' '\\377' | od -An -c; echo -ne '\\xe9' | wc -c; printf '%b' '\\0351' | wc -c; printf '\\377' > p.txt; wc -c p.txt; printf '%s-%b\\n' '\\377' '\\377' | od -An -c",

  // GNU xargs: -L and its continued lines, -t's trace before each command, -s packing, -x, -E,
  // -a, the warnings of options that exclude each other, long options, errors and exit codes.
  "printf 'a b\\nc d e\\nf\\n' > xin; xargs -L 1 echo < xin; xargs -l echo < xin; printf 'a \\nb\\n\\nc\\n' | xargs -L 1 echo; xargs -t -n 2 echo < xin",
  "xargs -s 12 echo < xin; xargs -x -s 9 echo < xin; xargs -s 5 echo < xin; xargs -s 4 echo < xin; xargs -s 0 echo < xin; xargs -n 2 -s 8 -x echo < xin; echo rc=$?",
  "xargs -E d -n 1 echo < xin; xargs -a xin -n 3 echo; xargs -a nope echo; xargs -n 1 -L 1 echo < xin; xargs -L 1 -n 1 echo < xin; xargs -I{} -n 2 echo {} < xin",
  "xargs -n 2 -I{} echo {} < xin; xargs -L 2 -I{} echo {} < xin; xargs -I{} -L 1 echo {} < xin; xargs -n 0 echo < xin; xargs -n x echo < xin; echo rc=$?",
  "xargs --max-lin=1 echo < xin; xargs --ver < xin; xargs --max-args=2 --verbose echo < xin; xargs --null echo < xin; xargs nosuch < xin; echo rc=$?",
  "xargs sh -c 'exit 255' < xin; echo rc=$?; xargs -n1 sh -c 'exit 3' < xin; echo rc=$?; printf \"it's\\n\" | xargs echo; printf '  x  y \\n' | xargs -I{} echo [{}]; printf 'a\\\\ b\\n' | xargs -n1 echo",
  "xargs -I{} -n 1 echo {} < xin; wc -l $'a\\nb'; wc $'a\\nb' xin; echo rc=$?",
  "xargs -d ' ' echo < xin; xargs -0 -n1 echo < xin; xargs -L 1 < xin; xargs -r < xin; printf '' | xargs echo hi; printf '' | xargs -I{} echo hi; xargs -0r -t echo < xin",
  "echo 'abc",
  'echo $(ls',
  'done',
  '{ echo a',
  'ls; fi; echo x',
  'echo "a\nb\nc',
  'echo $(ls\nx',
  'while true\ndo echo',
  'echo a |',
  'echo a && # then',
  // The standing `2>&1` copies fd 1: stderr inside a substitution or an earlier pipeline stage
  // goes to the output, ahead of the command's own.
  'x=$(ls nope); echo "[$x]"; ls nope | wc -l; echo $(cat nope) done',
  '{ echo e >&2; echo o; } | wc -l; f() { cat nope; }; f | wc -l; cat nope | od -c | head -1',
  'ls nope 2>&1 | wc -l; x=$(echo e >&2; echo o 2>&1); echo "[$x]"; y=$(ls nope 2>&1 | wc -l); echo "[$y]"',
  'x=$(ls nope | wc -l); echo "[$x]"; ls nope |& wc -l; ls nope 2>/dev/null | wc -l',
  '{ ls nope; echo in; } > f.txt; echo after; cat f.txt; f() { ls nope; echo x; }; f > g.txt; cat g.txt',
  'for i in 1; do cat nope; done > /dev/null; { cat nope; echo o; } > h.txt 2>&1; cat h.txt; rm -f f.txt g.txt h.txt',
  '{ cat nope; echo o; } 2>&1 > k.txt; cat k.txt; { cat nope; echo p; } 2>/dev/null; { cat nope; } &> k.txt; cat k.txt; rm k.txt',
];

function contract(name: string, cases: string[], enabled = true, mergeStderr = false) {
  describe.skipIf(!enabled).each(['in-process', 'worker'] as const)(`${name} (memfs shell %s)`, (mem) => {
    let t: TwinShells;
    beforeAll(() => {
      t = twinShells(mem);
    });
    afterAll(() => {
      t.mem.dispose?.();
      t.dispose();
    });
    for (const command of cases) {
      it(command, async () => {
        const disk = await t.disk.run(command, { ...t.opts(), mergeStderr });
        // Notes say where the in-memory shell may part from bash; they are for people only.
        const { notes: _notes, ...mem } = await t.mem.run(command, { ...t.opts(), mergeStderr });
        expect(mem).toEqual(disk);
      });
    }
  });
}

contract('Shell contract: disk and memfs agree', SHELL_CASES);
contract('Shell contract: git', GIT_CASES, hasGit);
contract('Shell contract: git history', GIT_HISTORY_CASES, hasGit);
contract('Shell contract: stderr merged into stdout', MERGED_CASES, true, true);
