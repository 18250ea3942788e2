import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../memfs';
import { snapshotFiles } from '../../session/tree';
import { archiveEntries, unwrapTopFolder } from './archives';
import { bundleEntries } from './bundle';
import { diskEntries } from './disk';
import { pickedEntries } from './files';
import { importEntries, type ImportEntry, type ImportProgress } from './import';

const P = '/workspace/project';
let dir: string;

/** The project as path -> text (or bytes as base64, symlinks as their target). */
async function tree(ws: ReturnType<typeof createMemfsWorkspace>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [p, v] of [...(await snapshotFiles(ws.fs, P))].sort(([a], [b]) => (a < b ? -1 : 1)))
    out[p.slice(P.length + 1)] =
      v instanceof Uint8Array
        ? v.includes(0)
          ? `base64:${Buffer.from(v).toString('base64')}`
          : new TextDecoder().decode(v)
        : `-> ${v.symlink}`;
  return out;
}

const KEPT = {
  '.gitignore': 'node_modules/\n*.log\nbuild\n',
  'README.md': '# demo\n',
  'bin.dat': `base64:${Buffer.from([0, 1, 2, 255]).toString('base64')}`,
  link: '-> README.md',
  'src/.gitignore': '*.tmp\n!keep.tmp\n',
  'src/keep.tmp': 'kept by !\n',
  'src/main.ts': 'export const x = 1;\n',
  'src/util/deep.ts': 'export {};\n',
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-test-'));
  const w = (rel: string, data: string | Uint8Array) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), data);
  };
  for (const [k, v] of Object.entries(KEPT))
    if (k === 'bin.dat') w(k, new Uint8Array([0, 1, 2, 255]));
    else if (k !== 'link') w(k, v);
  symlinkSync('README.md', join(dir, 'link'));
  w('node_modules/pkg/index.js', 'module.exports = 1;\n');
  w('debug.log', 'noise\n');
  w('build/out.js', 'built\n');
  w('src/scratch.tmp', 'ignored by src/.gitignore\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import into the in-memory workspace', () => {
  it('imports a folder on disk, leaving out what .gitignore names (nested rules, re-includes)', async () => {
    const ws = createMemfsWorkspace();
    const progress: ImportProgress[] = [];
    const report = await importEntries(ws, diskEntries(dir), { onProgress: (p) => progress.push(p) });
    expect(await tree(ws)).toEqual(KEPT);
    expect(report).toEqual({ files: 8, bytes: 94, skipped: 4, total: 8, into: P });
    expect(progress.at(-1)).toEqual({ files: 8, bytes: 94, skipped: 4, total: 8 });
  });

  it('imports everything when asked to include ignored files', async () => {
    const ws = createMemfsWorkspace();
    const report = await importEntries(ws, diskEntries(dir, { includeIgnored: true }), {
      includeIgnored: true,
    });
    expect(Object.keys(await tree(ws))).toEqual([
      '.gitignore',
      'README.md',
      'bin.dat',
      'build/out.js',
      'debug.log',
      'link',
      'node_modules/pkg/index.js',
      'src/.gitignore',
      'src/keep.tmp',
      'src/main.ts',
      'src/scratch.tmp',
      'src/util/deep.ts',
    ]);
    expect(report.skipped).toEqual(0);
  });

  it('imports a .tar.gz and a .zip of the same folder to the same tree', async () => {
    const tgz = join(dir, '..', `${dir.split('/').pop()}.tar.gz`);
    execFileSync('tar', ['czf', tgz, '-C', dir, '.']);
    const fromTar = createMemfsWorkspace();
    await importEntries(fromTar, archiveEntries('p.tar.gz', readFileSync(tgz)));
    rmSync(tgz);
    expect(await tree(fromTar)).toEqual(KEPT);

    const files: Record<string, Uint8Array> = {};
    const walked = diskEntries(dir, { includeIgnored: true });
    for (const e of walked.entries as ImportEntry[])
      if (e.symlink === undefined) files[e.path] = await e.read();
    const fromZip = createMemfsWorkspace();
    await importEntries(fromZip, archiveEntries('p.zip', zipSync(files)));
    const { link: _link, ...withoutLink } = KEPT;
    expect(await tree(fromZip)).toEqual(withoutLink);
  });

  it('drops the one top folder of an archive (GitHub’s Download ZIP) and names it; keeps two', async () => {
    const enc = (t: string) => new TextEncoder().encode(t);
    const one = unwrapTopFolder(
      archiveEntries('repo-main.zip', zipSync({ 'repo-main/': new Uint8Array(), 'repo-main/a.txt': enc('a\n'), 'repo-main/src/b.txt': enc('b\n') })),
    );
    expect(one.top).toEqual('repo-main');
    const ws = createMemfsWorkspace();
    await importEntries(ws, one.entries);
    expect(await tree(ws)).toEqual({ 'a.txt': 'a\n', 'src/b.txt': 'b\n' });
    const two = unwrapTopFolder(archiveEntries('x.zip', zipSync({ 'a/x.txt': enc('x'), 'b/y.txt': enc('y') })));
    const top = unwrapTopFolder(archiveEntries('y.zip', zipSync({ 'a/x.txt': enc('x'), 'z.txt': enc('z') })));
    expect([two.top, two.entries.map((e) => e.path), top.top, top.entries.map((e) => e.path)]).toEqual([
      undefined,
      ['a/x.txt', 'b/y.txt'],
      undefined,
      ['a/x.txt', 'z.txt'],
    ]);
  });

  it('imports a git bundle offline: the files of its HEAD commit', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'import-bundle-'));
    const git = (...a: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...a], { stdio: 'pipe' });
    git('init', '-q', '-b', 'main');
    writeFileSync(join(repo, 'a.txt'), 'first\n');
    mkdirSync(join(repo, 'sub'));
    writeFileSync(join(repo, 'sub', 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
    git('add', '.');
    git('commit', '-qm', 'one');
    writeFileSync(join(repo, 'a.txt'), 'second\n');
    git('commit', '-qam', 'two');
    git('bundle', 'create', '-q', 'x.bundle', 'HEAD', 'main');
    const bytes = readFileSync(join(repo, 'x.bundle'));
    rmSync(repo, { recursive: true, force: true });
    const { ref, entries } = await bundleEntries(bytes);
    const ws = createMemfsWorkspace();
    await importEntries(ws, entries);
    expect(ref).toEqual('HEAD');
    expect(await tree(ws)).toEqual({ 'a.txt': 'second\n', 'sub/run.sh': '#!/bin/sh\n' });
    expect((await ws.fs.stat(`${P}/sub/run.sh`)).mode).toEqual(0o755);
  });

  it('refuses paths that would land outside the project, naming the path', async () => {
    const one = (path: string): ImportEntry[] => [{ path, size: 1, read: () => new Uint8Array([1]) }];
    const ws = createMemfsWorkspace();
    await expect(importEntries(ws, one('a/../../etc/passwd'))).rejects.toThrow(
      'Refused "a/../../etc/passwd": a path that leaves the project (..).',
    );
    await expect(importEntries(ws, one('/etc/passwd'))).rejects.toThrow(
      'Refused "/etc/passwd": an absolute path.',
    );
    await expect(importEntries(ws, one('a\0b'))).rejects.toThrow(
      'Refused "a\\u0000b": a NUL byte in a path.',
    );
    expect(await tree(ws)).toEqual({});
  });

  it('stops at the limits with a clear message, and when cancelled', async () => {
    const many: ImportEntry[] = Array.from({ length: 3 }, (_, i) => ({
      path: `f${i}.txt`,
      size: 600,
      read: () => new Uint8Array(600),
    }));
    const ws = createMemfsWorkspace();
    await expect(importEntries(ws, many, { limits: { maxFiles: 2 } })).rejects.toThrow(
      'The import has 3 files after .gitignore; the limit is 2. Import a smaller folder or raise the limit.',
    );
    await expect(importEntries(ws, many, { limits: { maxBytes: 1024 } })).rejects.toThrow(
      'The import holds 1.8 KiB after .gitignore; the limit is 1.0 KiB. Import a smaller folder or raise the limit.',
    );
    const op = new AbortController();
    op.abort();
    await expect(importEntries(ws, many, { signal: op.signal })).rejects.toThrow('The import was cancelled.');
    expect(await tree(ws)).toEqual({});
  });

  it('drops the picked folder’s own name from a directory input’s paths', async () => {
    const picked = ['proj/a.txt', 'proj/src/b.txt'].map((relativePath) => ({
      relativePath,
      size: 2,
      bytes: () => Promise.resolve(new TextEncoder().encode('x\n')),
    }));
    const ws = createMemfsWorkspace();
    await importEntries(ws, pickedEntries(picked));
    expect(await tree(ws)).toEqual({ 'a.txt': 'x\n', 'src/b.txt': 'x\n' });
  });
});
