import { describe, expect, it } from 'vitest';
import { Volume } from 'memfs';
import { deterministicClock } from '../clock';
import { createJustBashShell, rewriteShellErrors } from './justbash';
import { ENDLESS_NOTE } from './run';
import { decodeTrOctal, normalDiff } from './commands';
import { quoteName } from './fixes';
import { SHELL_OUTPUT_CAP_BYTES } from '../../workspace/types';

function setup() {
  const vol = new Volume();
  vol.mkdirSync('/ws/project/sub', { recursive: true });
  vol.mkdirSync('/ws/home', { recursive: true });
  vol.writeFileSync('/ws/project/a.txt', 'alpha\nbeta\n');
  const clock = deterministicClock(1_700_000_000_000);
  const shell = createJustBashShell(vol, clock);
  // A deadline no run here should meet, even on a loaded machine: the tests of timeouts set their own.
  const opts = { cwd: '/ws/project', env: { PATH: '/usr/bin:/bin', HOME: '/ws/home' }, timeoutMs: 120000 };
  return { vol, shell, opts };
}

describe('createJustBashShell', () => {
  it('writes into the same memfs volume, stamped by the workspace clock', async () => {
    const { vol, shell, opts } = setup();
    const r = await shell.run('echo new > b.txt; sed -i s/alpha/ALPHA/ a.txt', opts);
    expect(r).toEqual({ stdout: '', stderr: '', exitCode: 0, interrupted: false, cwdAfter: '/ws/project' });
    expect(String(vol.readFileSync('/ws/project/b.txt', 'utf8'))).toEqual('new\n');
    expect(String(vol.readFileSync('/ws/project/a.txt', 'utf8'))).toEqual('ALPHA\nbeta\n');
    const mtimes = ['b.txt', 'a.txt'].map((f) =>
      Math.floor(Number(vol.statSync(`/ws/project/${f}`).mtimeMs) / 1000),
    );
    expect(mtimes).toEqual([1_700_000_000, 1_700_000_000]);
  });

  it('keeps an explicit touch date and uses the clock for a plain touch', async () => {
    const { vol, shell, opts } = setup();
    await shell.run("touch -d '2001-01-01 00:00:00' a.txt", opts);
    expect(Number(vol.statSync('/ws/project/a.txt').mtimeMs)).toEqual(Date.UTC(2001, 0, 1));
    await shell.run('touch a.txt', opts);
    expect(Math.floor(Number(vol.statSync('/ws/project/a.txt').mtimeMs) / 1000)).toEqual(1_700_000_000);
  });

  it('treats /dev/null as a sink without a /dev in the volume', async () => {
    const { vol, shell, opts } = setup();
    const r = await shell.run(
      'echo hi > /dev/null; cat /dev/null; echo rc=$?; head -c 5 /dev/zero | wc -c',
      opts,
    );
    expect(r.stdout).toEqual('rc=0\n5\n');
    expect(vol.existsSync('/dev')).toEqual(false);
  });

  it("makes what the command's head asks of an endless producer, between 1 MiB and 128 MiB, and says so under the result", async () => {
    const { shell, opts } = setup();
    const commands = [
      'yes | head -c 2000000 | wc -c',
      'yes ab | head -n 600000 | wc -c',
      'wc -c < /dev/zero',
      'head -c 200M /dev/zero | wc -c',
      // A count the script computes is not read before it runs: the least bound.
      'n=2000000; yes | head -c $n | wc -c',
      'cd /dev && head -c 3 urandom | wc -c',
      'echo y | head -c 2',
      'seq 100000000000 | head -3',
      'seq 5 5 100000000000 | head -n 300000 | tail -1',
      'seq 3 | wc -l',
    ];
    const runs = [];
    for (const c of commands) runs.push(await shell.run(c, opts));
    expect(runs.map((r) => [r.stdout, r.interrupted, r.notes])).toEqual([
      ['2000000\n', false, [ENDLESS_NOTE]],
      ['1800000\n', false, [ENDLESS_NOTE]],
      ['1048576\n', false, [ENDLESS_NOTE]],
      ['134217728\n', false, [ENDLESS_NOTE]],
      ['1048576\n', false, [ENDLESS_NOTE]],
      ['3\n', false, [ENDLESS_NOTE]],
      ['y\n', false, undefined],
      ['1\n2\n3\n', false, [ENDLESS_NOTE]],
      ['1500000\n', false, [ENDLESS_NOTE]],
      ['3\n', false, undefined],
    ]);
  });

  it('keeps each stream up to SHELL_OUTPUT_CAP_BYTES and counts the rest, as the disk shell does', async () => {
    const { shell, opts } = setup();
    const r = await shell.run('yes | head -c 70000000', opts);
    expect({ ...r, stdout: r.stdout.length }).toEqual({
      stdout: SHELL_OUTPUT_CAP_BYTES,
      stderr: '',
      exitCode: 0,
      interrupted: false,
      cwdAfter: '/ws/project',
      outputBytes: 70000000,
      notes: [ENDLESS_NOTE],
    });
  });

  it("ends the shell at kill $$ with the signal's status, keeping what it printed; QUIT, CHLD and kill -0 do nothing", async () => {
    const { shell, opts } = setup();
    const runs = [];
    for (const c of ['echo a; kill -TERM $$; echo after', 'echo b >&2; (kill -9 $$); echo no', 'kill -s HUP $$', 'kill -QUIT $$; kill -CHLD $$; kill -0 $$; echo q', 'kill 42'])
      runs.push(await shell.run(c, opts));
    const cwdAfter = '/ws/project';
    expect(runs).toEqual([
      { stdout: 'a\n', stderr: '', exitCode: 143, interrupted: false, cwdAfter, signal: 'SIGTERM' },
      { stdout: '', stderr: 'b\n', exitCode: 137, interrupted: false, cwdAfter, signal: 'SIGKILL' },
      { stdout: '', stderr: '', exitCode: 129, interrupted: false, cwdAfter, signal: 'SIGHUP' },
      { stdout: 'q\n', stderr: '', exitCode: 0, interrupted: false, cwdAfter },
      { stdout: '', stderr: '/bin/bash: line 1: kill: (42) - No such process\n', exitCode: 1, interrupted: false, cwdAfter },
    ]);
  });

  it('keeps what a command printed before its timeout stopped it, whether it waited or looped', async () => {
    const { shell, opts } = setup();
    const runs = [];
    for (const c of ['echo start; sleep 30; echo end', 'echo s >&2; while true; do :; done', 'echo t; while true; do x=1; done'])
      runs.push(await shell.run(c, { ...opts, timeoutMs: 300 }));
    const cwdAfter = '/ws/project';
    expect(runs).toEqual([
      { stdout: 'start\n', stderr: '', exitCode: 143, interrupted: true, cwdAfter },
      { stdout: '', stderr: 's\n', exitCode: 143, interrupted: true, cwdAfter },
      { stdout: 't\n', stderr: '', exitCode: 143, interrupted: true, cwdAfter },
    ]);
  });

  it('reports unknown commands as bash does, exit 127', async () => {
    const { shell, opts } = setup();
    expect(await shell.run('python3 -c "print(1)"', opts)).toEqual({
      stdout: '',
      stderr: '/bin/bash: line 1: python3: command not found\n',
      exitCode: 127,
      interrupted: false,
      cwdAfter: '/ws/project',
    });
    expect((await shell.run('nosuchthing', opts)).stderr).toEqual(
      '/bin/bash: line 1: nosuchthing: command not found\n',
    );
  });

  it('moves cwdAfter only when the command succeeds', async () => {
    const { shell, opts } = setup();
    expect((await shell.run('cd sub', opts)).cwdAfter).toEqual('/ws/project/sub');
    expect((await shell.run('cd sub && false', opts)).cwdAfter).toEqual('/ws/project');
    expect((await shell.run('cd /ws/home; exit 2', opts)).cwdAfter).toEqual('/ws/project');
  });

  it('ends the shell by SIGSEGV where a function or eval nests without end, as bash overflows its stack', async () => {
    const { shell, opts } = setup();
    const runs = [];
    for (const c of ['echo a; f() { f; }; f; echo no', 'echo b; x="eval \\$x"; eval $x; echo no'])
      runs.push(await shell.run(c, opts));
    const cwdAfter = '/ws/project';
    expect(runs).toEqual([
      { stdout: 'a\n', stderr: '', exitCode: 139, interrupted: false, cwdAfter, signal: 'SIGSEGV' },
      { stdout: 'b\n', stderr: '', exitCode: 139, interrupted: false, cwdAfter, signal: 'SIGSEGV' },
    ]);
  });

  it('stops a runaway loop at the timeout and reports it as interrupted', async () => {
    const { shell, opts } = setup();
    const r = await shell.run('while true; do :; done', { ...opts, timeoutMs: 300 });
    expect(r).toEqual({ stdout: '', stderr: '', exitCode: 143, interrupted: true, cwdAfter: '/ws/project' });
  });

  it('stops a loop inside awk or sed at the timeout; what they had not written out in whole blocks is lost', async () => {
    const { shell, opts } = setup();
    const runs = [];
    for (const c of [
      "awk 'BEGIN{while(1){}}'",
      "echo before; echo x | awk '{print \"hi\"; for(;;){}}'; echo no",
      "sed -n 'p;:a;ba' <<< x",
      "awk 'BEGIN{for(i=0;i<500;i++)print \"aaaaaaaaa\"; while(1){}}' > out.txt",
    ])
      runs.push(await shell.run(c, { ...opts, timeoutMs: 300 }));
    runs.push(await shell.run('wc -c < out.txt', opts));
    const cwdAfter = '/ws/project';
    expect(runs).toEqual([
      { stdout: '', stderr: '', exitCode: 143, interrupted: true, cwdAfter },
      { stdout: 'before\n', stderr: '', exitCode: 143, interrupted: true, cwdAfter },
      { stdout: '', stderr: '', exitCode: 143, interrupted: true, cwdAfter },
      { stdout: '', stderr: '', exitCode: 143, interrupted: true, cwdAfter },
      { stdout: '4096\n', stderr: '', exitCode: 0, interrupted: false, cwdAfter },
    ]);
  });

  it('stops a sleep when the signal aborts', async () => {
    const { shell, opts } = setup();
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const started = Date.now();
    const r = await shell.run('sleep 20; echo late', { ...opts, signal: ac.signal });
    expect({ ...r, fast: Date.now() - started < 5000 }).toEqual({
      stdout: '',
      stderr: '',
      exitCode: 143,
      interrupted: true,
      cwdAfter: '/ws/project',
      fast: true,
    });
  });

  // The binary's order of these varies from run to run (bash-background-order probe, three
  // recordings each); this is the order it gave most often, the one the patch follows.
  it("holds a background job's output until the foreground forks, waits or ends", async () => {
    const { shell, opts } = setup();
    const merged = { ...opts, mergeStderr: true };
    const cases: Array<[string, string]> = [
      ['echo one & echo two', 'two\none\n'],
      ['echo one & true; printf "x\\n"; pwd', 'x\n/ws/project\none\n'],
      ['echo one & ls -d .', 'one\n.\n'],
      ['echo one & echo two | cat', 'one\ntwo\n'],
      ['echo one & x=$(echo hi); echo $x', 'one\nhi\n'],
      ['(echo a; echo b) & echo c', 'c\na\nb\n'],
      ['echo one >&2 & echo two', 'two\none\n'],
      ['f() { echo in f; }; echo one & f; wait; echo two', 'in f\none\ntwo\n'],
    ];
    const got: Array<[string, string]> = [];
    for (const [command] of cases) got.push([command, (await shell.run(command, merged)).stdout]);
    expect(got).toEqual(cases);
  });

  it('runs git on the same volume', async () => {
    const { shell, opts } = setup();
    const r = await shell.run('git init -q -b main && git add a.txt && git status --short', opts);
    expect(r.stdout).toEqual('A  a.txt\n');
  });
});

describe('stderr rewriting', () => {
  it('names /bin/bash and the line of the failing command', () => {
    expect(rewriteShellErrors('bash: f: command not found\n', 'true\nf')).toEqual(
      '/bin/bash: line 3: f: command not found\n',
    );
    expect(rewriteShellErrors('bash: cd: x: No such file or directory\n', 'cd x')).toEqual(
      '/bin/bash: line 1: cd: x: No such file or directory\n',
    );
  });
});

describe('coreutils wrappers', () => {
  it('decodes tr octal escapes', () => {
    expect(decodeTrOctal('\\0')).toEqual('\0');
    expect(decodeTrOctal('\\101\\n')).toEqual('A\\n');
  });
  it('prints GNU normal diff', () => {
    expect(normalDiff('a\nb\n', 'a\nc\n')).toEqual('2c2\n< b\n---\n> c\n');
    expect(normalDiff('a\nc\n', 'a\nb\nc\n')).toEqual('1a2\n> b\n');
    expect(normalDiff('x\n', '')).toEqual('1d0\n< x\n');
  });
});

// GNU coreutils 9 in C.UTF-8 on the binary's host (bperm B probe: cat, ls, wc, head, … on
// missing names).
describe('file names in coreutils messages', () => {
  it('are quoted as quotearg quotes them in its shell-escape style', () => {
    const cases: [string, string][] = [
      ['', "''"], ['a b', "'a b'"], ["it's", `"it's"`], ['x"y', `'x"y'`], ['a$b', "'a$b'"], ['a\tb', "'a'$'\\t''b'"],
      ['é', 'é'], ['*', "'*'"], ['-x', '-x'], ['a~b', 'a~b'], ['~a', "'~a'"], ['a=b', "'a=b'"], ['a#b', 'a#b'],
      ['#a', "'#a'"], ['a{b', 'a{b'], ['a,b', 'a,b'], ['a:b', "'a:b'"], ['a@b', 'a@b'], ['a^b', "'a^b'"],
      ['a]b', 'a]b'], [`a'b"c`, `'a'\\''b"c'`], ['\x01', "''$'\\001'"], ['no dir/x', "'no dir/x'"],
    ];
    expect(cases.map(([name]) => quoteName(name))).toEqual(cases.map(([, quoted]) => quoted));
  });
  it('wc -L as GNU wc measures lines: tabs to multiples of 8, wide characters two columns, a total', async () => {
    const { shell, opts } = setup();
    const command = [
      "wc -L a.txt a.txt",
      "printf 'a\\tbc\\tdefghijk\\tl\\n' | wc -L",
      "printf 'x\\r\\nabcdef\\rab\\n' | wc -L",
      "printf '\\xe4\\xb8\\xad\\xe6\\x96\\x87\\n' | wc -L",
      "printf 'caf\\xc3\\xa9\\n' | wc -mL",
      'wc -lwL a.txt',
    ].join('; ');
    expect(await shell.run(command, opts)).toEqual({
      stdout: ' 5 a.txt\n 5 a.txt\n 5 total\n33\n6\n4\n      5       4\n 2  2  5 a.txt\n',
      stderr: '',
      exitCode: 0,
      interrupted: false,
      cwdAfter: '/ws/project',
    });
  });
  it('od stars a run of repeated lines as GNU od does, and -v prints them', async () => {
    const { shell, opts } = setup();
    const command = "printf 'abababababababababababababababab-' | od -c; printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' | od -v -c";
    expect(await shell.run(command, opts)).toEqual({
      stdout:
        '0000000   a   b   a   b   a   b   a   b   a   b   a   b   a   b   a   b\n*\n0000040   -\n0000041\n' +
        '0000000   a   a   a   a   a   a   a   a   a   a   a   a   a   a   a   a\n' +
        '0000020   a   a   a   a   a   a   a   a   a   a   a   a   a   a   a   a\n0000040\n',
      stderr: '',
      exitCode: 0,
      interrupted: false,
      cwdAfter: '/ws/project',
    });
  });
  it('in cat, wc and head errors', async () => {
    const { shell, opts } = setup();
    expect(await shell.run("cat ''; wc 'a b'; head ''", opts)).toEqual({
      stdout: '',
      stderr:
        "cat: '': No such file or directory\nwc: 'a b': No such file or directory\nhead: cannot open '' for reading: No such file or directory\n",
      exitCode: 1,
      interrupted: false,
      cwdAfter: '/ws/project',
    });
  });
});

describe('built-in commands by path', () => {
  it('runs /bin/<name> and /usr/bin/<name> although the volume has no /bin', async () => {
    const { vol, shell, opts } = setup();
    const r = await shell.run('/bin/rm a.txt && /usr/bin/env | head -1; which ls', opts);
    expect(r).toEqual({
      stdout: 'PATH=/usr/bin:/bin\n/usr/bin/ls\n',
      stderr: '',
      exitCode: 0,
      interrupted: false,
      cwdAfter: '/ws/project',
    });
    expect([vol.existsSync('/ws/project/a.txt'), vol.existsSync('/bin')]).toEqual([false, false]);
  });
});

describe('python3', () => {
  it('runs through just-bash CPython when enabled (Node only)', async () => {
    const vol = new Volume();
    vol.mkdirSync('/ws/project', { recursive: true });
    vol.writeFileSync('/ws/project/.env', 'SECRET=1\n');
    const shell = createJustBashShell(vol, deterministicClock(), { python: true });
    const r = await shell.run(`python3 -c "print(open('.env').read().strip())"`, {
      cwd: '/ws/project',
      env: { PATH: '/usr/bin:/bin' },
      timeoutMs: 30000,
    });
    expect(r).toEqual({
      stdout: 'SECRET=1\n',
      stderr: '',
      exitCode: 0,
      interrupted: false,
      cwdAfter: '/ws/project',
    });
  });
});
