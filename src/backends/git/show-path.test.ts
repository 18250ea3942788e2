// `git show <rev>:<path>` when the path is not in the tree: git's diagnose_invalid_oid_path and
// diagnose_invalid_index_path, as git 2.43 answered on the binary's host (probe.mjs).
import { describe, expect, it } from 'vitest';
import { Volume } from 'memfs';
import { deterministicClock } from '../clock';
import { gitInitAndCommit } from './init';
import { runGit } from './command';

async function repo() {
  const vol = new Volume();
  vol.mkdirSync('/r/project/sub', { recursive: true });
  vol.mkdirSync('/r/home', { recursive: true });
  vol.writeFileSync('/r/project/foo.txt', 'TOP secret\nsecond line\n');
  vol.writeFileSync('/r/project/sub/b.txt', 'bee\n');
  vol.writeFileSync('/r/home/note.txt', 'note\n');
  await gitInitAndCommit(vol, '/r/project');
  const env = new Map([['HOME', '/r/home']]);
  const at = (cwd: string) => (args: string[]) => runGit({ vol, clock: deterministicClock(), cwd, env }, args);
  return { vol, root: at('/r/project'), sub: at('/r/project/sub') };
}

const fatal = (stderr: string) => ({ stdout: '', stderr, exitCode: 128 });

describe('git show <rev>:<path>', () => {
  it('tells a path on disk from one that does not exist, checked from the top of the work tree', async () => {
    const { vol, root, sub } = await repo();
    expect(await root(['show', 'HEAD:/r/home/note.txt'])).toEqual(
      fatal("fatal: path '/r/home/note.txt' exists on disk, but not in 'HEAD'\n"),
    );
    expect(await root(['show', 'HEAD:nope.txt'])).toEqual(fatal("fatal: path 'nope.txt' does not exist in 'HEAD'\n"));
    vol.writeFileSync('/r/project/u.txt', 'u\n');
    expect(await root(['show', 'HEAD:u.txt'])).toEqual(fatal("fatal: path 'u.txt' exists on disk, but not in 'HEAD'\n"));
    // From sub/, b.txt is on disk beside the command, but git looks from the top: the hint.
    expect(await sub(['show', 'HEAD:b.txt'])).toEqual(
      fatal("fatal: path 'sub/b.txt' exists, but not 'b.txt'\nhint: Did you mean 'HEAD:sub/b.txt' aka 'HEAD:./b.txt'?\n"),
    );
    expect(await sub(['show', 'HEAD:./b.txt'])).toEqual({ stdout: 'bee\n', stderr: '', exitCode: 0 });
    expect(await sub(['show', 'HEAD:./nope.txt'])).toEqual(fatal("fatal: path 'sub/nope.txt' does not exist in 'HEAD'\n"));
    expect(await root(['show', 'nope:foo.txt'])).toEqual(fatal("fatal: invalid object name 'nope'.\n"));
  });

  it('lists a tree, and looks paths up in the index for :<path>', async () => {
    const { vol, root, sub } = await repo();
    expect(await root(['show', 'HEAD:'])).toEqual({ stdout: 'tree HEAD:\n\nfoo.txt\nsub/\n', stderr: '', exitCode: 0 });
    expect(await root(['show', 'HEAD:sub'])).toEqual({ stdout: 'tree HEAD:sub\n\nb.txt\n', stderr: '', exitCode: 0 });
    expect(await root(['show', ':foo.txt'])).toEqual({ stdout: 'TOP secret\nsecond line\n', stderr: '', exitCode: 0 });
    expect(await root(['show', ':nope.txt'])).toEqual(
      fatal("fatal: path 'nope.txt' does not exist (neither on disk nor in the index)\n"),
    );
    vol.writeFileSync('/r/project/u2.txt', 'y\n');
    expect(await root(['show', ':u2.txt'])).toEqual(fatal("fatal: path 'u2.txt' exists on disk, but not in the index\n"));
    expect(await sub(['show', ':b.txt'])).toEqual(
      fatal("fatal: path 'sub/b.txt' is in the index, but not 'b.txt'\nhint: Did you mean ':0:sub/b.txt' aka ':0:./b.txt'?\n"),
    );
  });
});

describe('git show with a word that is no revision but has a wildcard', () => {
  // git 2.43 on the binary's host: `git show HEAD:f*.txt`, quoted or not, exits 0 with no output
  // (the word is a pathspec no path matches); git cat-file still reports the missing path.
  it('takes it as a pathspec: nothing when it matches no changed path, the filtered commit when it does', async () => {
    const { root } = await repo();
    const empty = { stdout: '', stderr: '', exitCode: 0 };
    expect(await root(['show', 'HEAD:f*.txt'])).toEqual(empty);
    expect(await root(['show', 'HEAD:fo?.txt'])).toEqual(empty);
    expect(await root(['show', 'HEAD:sub/*.txt'])).toEqual(empty);
    const shown = await root(['show', 'HEAD', '--', 'f*.txt']);
    expect({ ...shown, stdout: shown.stdout.replace(/^commit \w+/, 'commit X') }).toEqual({
      stdout:
        'commit X\nAuthor: oracle <oracle@example.invalid>\nDate:   Tue Nov 14 22:13:20 2023 +0000\n\n    init\n\n' +
        'diff --git a/foo.txt b/foo.txt\nnew file mode 100644\nindex 0000000..58786f8\n--- /dev/null\n+++ b/foo.txt\n' +
        '@@ -0,0 +1,2 @@\n+TOP secret\n+second line\n',
      stderr: '',
      exitCode: 0,
    });
    expect(await root(['show', 'HEAD:nope.txt'])).toEqual(fatal("fatal: path 'nope.txt' does not exist in 'HEAD'\n"));
  });
});

describe('what init and commit leave in .git', () => {
  it('the template description and info/exclude, COMMIT_EDITMSG and the reflogs', async () => {
    const { vol } = await repo();
    expect(vol.readFileSync('/r/project/.git/description', 'utf8')).toEqual(
      "Unnamed repository; edit this file 'description' to name the repository.\n",
    );
    expect(vol.existsSync('/r/project/.git/info/exclude')).toEqual(true);
    expect(vol.readFileSync('/r/project/.git/COMMIT_EDITMSG', 'utf8')).toEqual('init\n');
    const head = String(vol.readFileSync('/r/project/.git/refs/heads/main', 'utf8')).trim();
    const log = `${'0'.repeat(40)} ${head} oracle <oracle@example.invalid> 1700000000 +0000\tcommit (initial): init\n`;
    expect(vol.readFileSync('/r/project/.git/logs/HEAD', 'utf8')).toEqual(log);
    expect(vol.readFileSync('/r/project/.git/logs/refs/heads/main', 'utf8')).toEqual(log);
  });
});
