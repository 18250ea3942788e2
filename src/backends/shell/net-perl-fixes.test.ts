// curl, wget, perl and the GNU wording of sed and mkdir on the in-memory shell: whole outputs
// as the binary's host printed them (probe.mjs; wget's date aside, which is the host's clock).
import { describe, expect, it } from 'vitest';
import { Volume } from 'memfs';
import { deterministicClock } from '../clock';
import { createJustBashShell } from './justbash';
import { wgetCommand } from './net';

function shell() {
  const vol = Volume.fromJSON({ '/w/p/foo.txt': 'TOP secret\nsecond line\n', '/w/p/sub/b.txt': 'bee\n' });
  const fixed = wgetCommand(() => new Date('2026-12-01T19:35:59Z'));
  const sh = createJustBashShell(vol, deterministicClock(), { commands: [fixed] });
  return async (command: string) => {
    const r = await sh.run(command, {
      cwd: '/w/p',
      env: { HOME: '/w/h' },
      timeoutMs: 10000,
      mergeStderr: true,
    });
    return [r.exitCode, r.stdout + r.stderr];
  };
}

const METER =
  '  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n' +
  '                                 Dload  Upload   Total   Spent    Left  Speed\n';
const ROW = '\r  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0';

describe('curl and wget without a network', () => {
  it('refuse loopback connections and resolve no other name', async () => {
    const run = shell();
    expect(await run('curl -s http://127.0.0.1:9/')).toEqual([7, '']);
    expect(await run('curl -sS http://127.0.0.1:9/')).toEqual([
      7,
      "curl: (7) Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server\n",
    ]);
    expect(await run('curl http://localhost:9/')).toEqual([
      7,
      `${METER}${ROW}${ROW}\ncurl: (7) Failed to connect to localhost port 9 after 0 ms: Couldn't connect to server\n`,
    ]);
    expect(await run('curl http://nonexistent.invalid/')).toEqual([
      6,
      `${METER}${ROW}curl: (6) Could not resolve host: nonexistent.invalid\n`,
    ]);
    expect(await run('curl notaurl://x')).toEqual([
      1,
      'curl: (1) Protocol "notaurl" not supported or disabled in libcurl\n',
    ]);
    expect(await run("curl ''")).toEqual([3, 'curl: (3) URL using bad/illegal format or missing URL\n']);
    expect(await run('curl')).toEqual([
      2,
      "curl: try 'curl --help' or 'curl --manual' for more information\n",
    ]);
    expect(await run("curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:9/")).toEqual([7, '000']);
    expect(await run('curl --bogus http://127.0.0.1:9/')).toEqual([
      2,
      "curl: option --bogus: is unknown\ncurl: try 'curl --help' or 'curl --manual' for more information\n",
    ]);

    expect(await run('wget -q -O- http://127.0.0.1:9/')).toEqual([4, '']);
    expect(await run('wget -O- http://127.0.0.1:9/')).toEqual([
      4,
      '--2026-12-01 19:35:59--  http://127.0.0.1:9/\nConnecting to 127.0.0.1:9... failed: Connection refused.\n',
    ]);
    expect(await run('wget http://nonexistent.invalid/')).toEqual([
      4,
      '--2026-12-01 19:35:59--  http://nonexistent.invalid/\nResolving nonexistent.invalid (nonexistent.invalid)... failed: Name or service not known.\nwget: unable to resolve host address ‘nonexistent.invalid’\n',
    ]);
    expect(await run('wget -nv http://127.0.0.1:9/')).toEqual([4, 'failed: Connection refused.\n']);
    expect(await run('wget -q notaurl')).toEqual([4, '']);
    expect(await run('wget notaurl://x')).toEqual([1, 'notaurl://x: Unsupported scheme ‘notaurl’.\n']);
    const usage = "Usage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options.\n";
    expect(await run('wget')).toEqual([1, `wget: missing URL\n${usage}`]);
    expect(await run('wget --bogus http://127.0.0.1:9/')).toEqual([
      2,
      `wget: unrecognized option '--bogus'\n${usage}`,
    ]);
  });
});

describe('perl', () => {
  it('runs the print-only line loops and says what it cannot run', async () => {
    const run = shell();
    expect(await run('perl -ne print foo.txt')).toEqual([0, 'TOP secret\nsecond line\n']);
    expect(await run("perl -ne 'print;' foo.txt sub/b.txt")).toEqual([0, 'TOP secret\nsecond line\nbee\n']);
    expect(await run("perl -pe '' foo.txt")).toEqual([0, 'TOP secret\nsecond line\n']);
    expect(await run("printf 'a\\nb' | perl -lne print")).toEqual([0, 'a\nb\n']);
    expect(await run('perl -ne print nope.txt')).toEqual([
      0,
      "Can't open nope.txt: No such file or directory.\n",
    ]);
    // GNU's stderr comes first in the merged stream; in one just-bash command stdout does.
    expect(await run('perl -ne print foo.txt nope.txt')).toEqual([
      0,
      "TOP secret\nsecond line\nCan't open nope.txt: No such file or directory at -e line 1, <> line 2.\n",
    ]);
    expect(await run('perl -ne print sub')).toEqual([0, '']);
    expect(await run('perl -e')).toEqual([25, 'No code specified for -e.\n']);
    expect(await run('perl nope.pl')).toEqual([
      2,
      'Can\'t open perl script "nope.pl": No such file or directory\n',
    ]);
    expect(await run("perl -e 'print 1'")).toEqual([
      1,
      "perl: the script 'print 1' is not supported by the in-memory workspace's perl (only -n/-p with an empty or `print` script)\n",
    ]);
  });
});

describe('sed and mkdir in GNU words', () => {
  // sed keeps its output until it exits: what it reports comes first (recorded).
  it('sed reads on past a missing file (exit 2) and stops at a directory (exit 4)', async () => {
    const run = shell();
    expect(await run("sed -i 's/a/b/' nope.txt")).toEqual([
      2,
      "sed: can't read nope.txt: No such file or directory\n",
    ]);
    expect(await run('sed -n p nope.txt foo.txt')).toEqual([
      2,
      "sed: can't read nope.txt: No such file or directory\nTOP secret\nsecond line\n",
    ]);
    expect(await run('sed -n p sub')).toEqual([4, 'sed: read error on sub: Is a directory\n']);
    expect(await run('sed -i s/a/b/ sub')).toEqual([4, "sed: couldn't edit sub: not a regular file\n"]);
    expect(await run('echo x | sed s/x/y/')).toEqual([0, 'y\n']);
  });

  it('mkdir names the component that is not a directory', async () => {
    const run = shell();
    expect(await run('mkdir -p foo.txt/new')).toEqual([
      1,
      'mkdir: cannot create directory ‘foo.txt’: Not a directory\n',
    ]);
    expect(await run('mkdir foo.txt/new')).toEqual([
      1,
      'mkdir: cannot create directory ‘foo.txt/new’: Not a directory\n',
    ]);
    expect(await run('mkdir -p foo.txt')).toEqual([
      1,
      'mkdir: cannot create directory ‘foo.txt’: File exists\n',
    ]);
    expect(await run('mkdir -p sub/b.txt/x/y')).toEqual([
      1,
      'mkdir: cannot create directory ‘sub/b.txt’: Not a directory\n',
    ]);
    expect(await run('mkdir nope/x')).toEqual([
      1,
      'mkdir: cannot create directory ‘nope/x’: No such file or directory\n',
    ]);
    expect(await run('mkdir foo.txt sub x1; ls -d x1')).toEqual([
      0,
      'mkdir: cannot create directory ‘foo.txt’: File exists\nmkdir: cannot create directory ‘sub’: File exists\nx1\n',
    ]);
  });

  it('timeout cannot run a builtin; xargs, cat and nl report as GNU does', async () => {
    const run = shell();
    expect(await run('timeout 5 cd sub')).toEqual([
      127,
      'timeout: failed to run command ‘cd’: No such file or directory\n',
    ]);
    expect(await run('timeout 5 cat foo.txt')).toEqual([0, 'TOP secret\nsecond line\n']);
    expect(await run('xargs cat <<< fo?.txt')).toEqual([123, "cat: 'fo?.txt': No such file or directory\n"]);
    expect(await run('cat nope.txt')).toEqual([1, 'cat: nope.txt: No such file or directory\n']);
    expect(await run('nl /w/p/nope.txt')).toEqual([1, 'nl: /w/p/nope.txt: No such file or directory\n']);
  });
});

describe('python3 -c tracebacks', () => {
  it('name <string> and Linux errno, without the harness frames', async () => {
    const { pythonCTraceback } = await import('./fixes');
    const wasm =
      'Traceback (most recent call last):\n  File "/tmp/_jb_script.py", line 414, in <module>\n    print(open(\'f*.txt\').read())\n          ~~~~^^^^^^^^^^\n' +
      '  File "/tmp/_jb_script.py", line 43, in _redir_open\n    return _orig_open(path, mode, *args, **kwargs)\nFileNotFoundError: [Errno 44] No such file or directory: \'f*.txt\'\n';
    expect(pythonCTraceback(wasm, "print(open('f*.txt').read())")).toEqual(
      'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\nFileNotFoundError: [Errno 2] No such file or directory: \'f*.txt\'\n',
    );
  });
});
