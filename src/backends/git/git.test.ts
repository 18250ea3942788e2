import { describe, expect, it } from 'vitest';
import { Volume } from 'memfs';
import { deterministicClock } from '../clock';
import { gitInitAndCommit } from './init';
import { gitDate, parseGitDate, runGit } from './command';
import { fileDiff, hunksText } from './diff';
import { quotePath, relativeTo } from './status';

function repoWith(files: Record<string, string>) {
  const vol = new Volume();
  vol.mkdirSync('/r/project', { recursive: true });
  for (const [p, c] of Object.entries(files)) vol.writeFileSync(`/r/project/${p}`, c);
  return vol;
}

const env = new Map([['HOME', '/r/home']]);

describe('gitInitAndCommit', () => {
  it('reproduces the oracle commit id for the same files', async () => {
    // `git init -q -b main; git add -A; git commit -q -m init` as oracle at 2023-11-14T22:13:20Z
    // over a.txt = "a\n" gives 5c3e926 (perm-default-bash-git-readonly).
    const vol = repoWith({ 'a.txt': 'a\n' });
    expect(await gitInitAndCommit(vol, '/r/project', deterministicClock())).toEqual(
      '5c3e926435c5d2c9dc55045aaeca405051282ea5',
    );
    const ctx = { vol, clock: deterministicClock(), cwd: '/r/project', env };
    expect(await runGit(ctx, ['log', '--oneline'])).toEqual({
      stdout: '5c3e926 init\n',
      stderr: '',
      exitCode: 0,
    });
    expect(await runGit(ctx, ['status', '--short'])).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    expect(await runGit(ctx, ['rebase', '-i', 'HEAD~1'])).toEqual({
      stdout: '',
      stderr: "fatal: invalid upstream 'HEAD~1'\n",
      exitCode: 128,
    });
  });
});

describe('git command', () => {
  it('says so outside a repository', async () => {
    const ctx = { vol: repoWith({}), clock: deterministicClock(), cwd: '/r/project', env };
    expect(await runGit(ctx, ['status'])).toEqual({
      stdout: '',
      stderr: 'fatal: not a git repository (or any of the parent directories): .git\n',
      exitCode: 128,
    });
  });

  it('refuses to commit without an identity', async () => {
    const vol = repoWith({ 'a.txt': 'a\n' });
    const ctx = { vol, clock: deterministicClock(), cwd: '/r/project', env };
    await runGit(ctx, ['init', '-q']);
    await runGit(ctx, ['add', '.']);
    const r = await runGit(ctx, ['commit', '-m', 'x']);
    expect({ exitCode: r.exitCode, first: r.stderr.split('\n')[0] }).toEqual({
      exitCode: 128,
      first: 'Author identity unknown',
    });
  });
});

describe('git text helpers', () => {
  it('formats dates as git does', () => {
    expect(gitDate({ name: 'a', email: 'b', timestamp: 1700000000, timezoneOffset: 0 })).toEqual(
      'Tue Nov 14 22:13:20 2023 +0000',
    );
    expect(gitDate({ name: 'a', email: 'b', timestamp: 1700000000, timezoneOffset: -120 })).toEqual(
      'Wed Nov 15 00:13:20 2023 +0200',
    );
    expect(parseGitDate('@1700000000 +0200')).toEqual({ timestamp: 1700000000, timezoneOffset: -120 });
  });

  it('writes hunks with function context', () => {
    const old = 'int main() {\n  a;\n  b;\n  c;\n  d;\n  e;\n}\n';
    expect(hunksText(old, old.replace('  e;', '  E;'))).toEqual(
      '@@ -3,5 +3,5 @@ int main() {\n   b;\n   c;\n   d;\n-  e;\n+  E;\n }\n',
    );
  });

  it('marks binary files', () => {
    const a = { bytes: new Uint8Array([0, 1]), mode: '100644', oid: 'a'.repeat(40) };
    const b = { bytes: new Uint8Array([0, 2]), mode: '100644', oid: 'b'.repeat(40) };
    expect(fileDiff('x.bin', a, b)).toEqual(
      'diff --git a/x.bin b/x.bin\nindex aaaaaaa..bbbbbbb 100644\nBinary files a/x.bin and b/x.bin differ\n',
    );
  });

  it('quotes and relativises paths', () => {
    expect(quotePath('a b.txt', true)).toEqual('"a b.txt"');
    expect(quotePath('café')).toEqual('"caf\\303\\251"');
    expect(relativeTo('d/e', 'a.txt')).toEqual('../../a.txt');
    expect(relativeTo('d', 'd/x.txt')).toEqual('x.txt');
  });
});

describe('git checkout', () => {
  it('creates and switches to a branch, and restores a path from the index, in git 2.39 words', async () => {
    const vol = repoWith({ 'a.txt': 'a\n' });
    await gitInitAndCommit(vol, '/r/project', deterministicClock());
    const ctx = { vol, clock: deterministicClock(), cwd: '/r/project', env };
    expect(await runGit(ctx, ['checkout', '-b', 'topic'])).toEqual({
      stdout: '',
      stderr: "Switched to a new branch 'topic'\n",
      exitCode: 0,
    });
    expect(await runGit(ctx, ['branch'])).toEqual({ stdout: '  main\n* topic\n', stderr: '', exitCode: 0 });
    expect(await runGit(ctx, ['checkout', '-b', 'topic'])).toEqual({
      stdout: '',
      stderr: "fatal: a branch named 'topic' already exists\n",
      exitCode: 128,
    });
    vol.writeFileSync('/r/project/a.txt', 'changed\n');
    expect(await runGit(ctx, ['checkout', '--', 'a.txt'])).toEqual({
      stdout: '',
      stderr: '',
      exitCode: 0,
    });
    expect(vol.readFileSync('/r/project/a.txt', 'utf8')).toEqual('a\n');
  });
});

describe('checkout -- paths and stash (as git 2.39 does them without a terminal)', () => {
  const setup = async () => {
    const vol = repoWith({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    const clock = deterministicClock();
    await gitInitAndCommit(vol, '/r/project', clock);
    return { vol, ctx: { vol, clock, cwd: '/r/project', env } };
  };
  it('restores a changed file from the index, silently, and leaves an unchanged one alone', async () => {
    const { vol, ctx } = await setup();
    const before = vol.statSync('/r/project/b.txt').mtimeMs;
    vol.writeFileSync('/r/project/a.txt', 'changed\n');
    expect(await runGit(ctx, ['checkout', '--', 'a.txt', 'b.txt'])).toEqual({
      stdout: '',
      stderr: '',
      exitCode: 0,
    });
    expect(String(vol.readFileSync('/r/project/a.txt'))).toEqual('a\n');
    expect(vol.statSync('/r/project/b.txt').mtimeMs).toEqual(before);
    expect(await runGit(ctx, ['checkout', '--', 'missing'])).toEqual({
      stdout: '',
      stderr: "error: pathspec 'missing' did not match any file(s) known to git\n",
      exitCode: 1,
    });
  });
  it('stashes tracked changes back to HEAD and keeps untracked files', async () => {
    const { vol, ctx } = await setup();
    expect(await runGit(ctx, ['stash', '-q'])).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    expect((await runGit(ctx, ['stash'])).stdout).toEqual('No local changes to save\n');
    vol.writeFileSync('/r/project/a.txt', 'changed\n');
    vol.writeFileSync('/r/project/c.txt', 'new\n');
    await runGit(ctx, ['add', 'a.txt']);
    expect(await runGit(ctx, ['stash', '-q'])).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    expect(String(vol.readFileSync('/r/project/a.txt'))).toEqual('a\n');
    expect((await runGit(ctx, ['status', '--short'])).stdout).toEqual('?? c.txt\n');
  });
});

describe('the files git init and the first commit write', () => {
  it('get mtimes in the order real git writes them (readspecial Glob listings of .git)', async () => {
    const vol = repoWith({ 'a.txt': 'alpha\nbeta\n' });
    vol.mkdirSync('/r/project/sub', { recursive: true });
    vol.writeFileSync('/r/project/sub/b.md', 'beta\n');
    await gitInitAndCommit(vol, '/r/project', deterministicClock());
    const files: [string, number][] = [];
    const walk = (d: string) => {
      for (const n of vol.readdirSync(d) as string[]) {
        const p = `${d}/${n}`;
        const st = vol.statSync(p);
        if (st.isDirectory()) walk(p);
        else files.push([p.slice('/r/project/.git/'.length), st.mtimeMs]);
      }
    };
    walk('/r/project/.git');
    // Ties would leave the order to the walk; every file has its own time.
    expect(new Set(files.map(([, t]) => t)).size).toBe(files.length);
    expect(files.sort((a, b) => a[1] - b[1]).map(([p]) => p)).toEqual([
      'description',
      'hooks/pre-applypatch.sample',
      'hooks/pre-push.sample',
      'hooks/fsmonitor-watchman.sample',
      'hooks/commit-msg.sample',
      'hooks/post-update.sample',
      'hooks/update.sample',
      'hooks/pre-commit.sample',
      'hooks/pre-rebase.sample',
      'hooks/prepare-commit-msg.sample',
      'hooks/push-to-checkout.sample',
      'hooks/pre-merge-commit.sample',
      'hooks/pre-receive.sample',
      'hooks/applypatch-msg.sample',
      'info/exclude',
      'HEAD',
      'config',
      'objects/fb/bee861521bd5355538b096fa3998541cd33909',
      'objects/65/b2df87f7df3aeedef04be96703e55ac19c2cfb',
      'objects/e4/1a7194aa25f4b5ffae91f4a2f05753e51a12fc',
      'objects/e6/e1f30b32d8faace4ef449a9c36c83658df80fa',
      'index',
      'objects/f2/2e37b8f48f4e6b1f811b7306d583e7bed67fe4',
      'COMMIT_EDITMSG',
      'refs/heads/main',
      'logs/HEAD',
      'logs/refs/heads/main',
    ]);
  });

  it('writes the hook samples as executable placeholders, not git’s GPL scripts', async () => {
    const vol = repoWith({});
    await runGit({ vol, clock: deterministicClock(), cwd: '/r/project', env }, ['init', '-q']);
    const p = '/r/project/.git/hooks/pre-commit.sample';
    expect({ text: vol.readFileSync(p, 'utf8'), mode: Number(vol.statSync(p).mode) & 0o777 }).toEqual({
      text: '#!/bin/sh\n# Placeholder for git\'s sample hook "pre-commit": git\'s sample hooks are GPL-2.0 scripts and this playground does not embed their content.\n',
      mode: 0o755,
    });
  });
});
