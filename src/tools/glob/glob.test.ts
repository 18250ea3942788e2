import { describe, expect, it } from 'vitest';
import { CWD, denyReadsUnder, searchSession } from '../search.test-support';
import { splitAbsolutePattern } from './glob';
import { globTool } from '.';

const ok = (content: string) => ({ content, is_error: false });

describe('Glob tool', () => {
  it('lists matches oldest first, relative under the cwd', async () => {
    const run = searchSession(globTool, {
      'b.txt': { text: 'b', mtime: 1_700_000_300 },
      'a.txt': { text: 'a', mtime: 1_700_000_100 },
      'sub/c.txt': { text: 'c', mtime: 1_700_000_200 },
      'd.md': 'd',
    });
    expect(await run({ pattern: '**/*.txt' })).toEqual(ok('a.txt\nsub/c.txt\nb.txt'));
    expect(await run({ pattern: '*.MD' })).toEqual(ok('No files found'));
    expect(await run({ pattern: 'sub' })).toEqual(ok('No files found'));
  });

  it('shows paths outside the cwd absolute, and takes an absolute pattern', async () => {
    const run = searchSession(globTool, {
      '/workspace/outside/o.txt': 'o',
      'src/app.js': 'x',
      'src/lib/deep.js': 'y',
    });
    expect(await run({ pattern: '*.txt', path: '/workspace/outside' })).toEqual(
      ok('/workspace/outside/o.txt'),
    );
    // A glob without a slash matches at any depth under the directory (ripgrep's rule).
    expect(await run({ pattern: `${CWD}/src/*.js` })).toEqual(ok('src/app.js\nsrc/lib/deep.js'));
    expect(await run({ pattern: `${CWD}/src/lib/*.js` })).toEqual(ok('src/lib/deep.js'));
    expect(await run({ pattern: 'src/**/*.js' })).toEqual(ok('src/app.js\nsrc/lib/deep.js'));
    expect(await run({ pattern: '*.js', path: 'src/lib' })).toEqual(ok('src/lib/deep.js'));
  });

  it('caps the list at 100 and says how many were left out', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 103; i++) files[`many/f${String(i).padStart(3, '0')}.txt`] = `${i}`;
    const run = searchSession(globTool, files);
    const shown = Array.from({ length: 100 }, (_, i) => `many/f${String(i).padStart(3, '0')}.txt`);
    expect(await run({ pattern: 'many/*.txt' })).toEqual(
      ok(
        `${shown.join('\n')}\n(Showing 100 of 103 matching files; 3 more are not listed. Narrow the pattern or path to see the rest.)`,
      ),
    );
  });

  it('lists hidden files, .git internals and ignored files by default', async () => {
    const run = searchSession(globTool, {
      '.git/HEAD': 'ref',
      '.gitignore': 'ignored/\n*.log\n',
      'ignored/x.js': 'x',
      'app.log': 'l',
      '.env': 'e',
      'node_modules/p/i.js': 'i',
    });
    expect(await run({ pattern: '**/*' })).toEqual(
      ok('.git/HEAD\n.gitignore\nignored/x.js\napp.log\n.env\nnode_modules/p/i.js'),
    );
  });

  it('CLAUDE_CODE_GLOB_NO_IGNORE=false skips ignored directories but still lists an ignored file the glob names', async () => {
    const run = searchSession(
      globTool,
      {
        '.git/HEAD': 'ref',
        '.gitignore': 'ignored/\n*.log\n',
        'ignored/x.js': 'x',
        'app.log': 'l',
        'kept.js': 'k',
      },
      { CLAUDE_CODE_GLOB_NO_IGNORE: 'false' },
    );
    expect(await run({ pattern: '**/*.{js,log}' })).toEqual(ok('app.log\nkept.js'));
  });

  it('CLAUDE_CODE_GLOB_HIDDEN=0 skips hidden directories; a hidden file the glob names is still listed', async () => {
    const files = { '.config/s.txt': 's', 'v.txt': 'v', '.h.txt': 'h' };
    expect(
      await searchSession(globTool, files, { CLAUDE_CODE_GLOB_HIDDEN: '0' })({ pattern: '*.txt' }),
    ).toEqual(ok('v.txt\n.h.txt'));
    expect(await searchSession(globTool, files)({ pattern: '*.txt' })).toEqual(
      ok('.config/s.txt\nv.txt\n.h.txt'),
    );
  });

  it('leaves files under a Read deny rule out', async () => {
    const run = searchSession(
      globTool,
      { 'a.txt': 'a', 'secrets/key.txt': 'k' },
      {},
      denyReadsUnder(`${CWD}/secrets`),
    );
    expect(await run({ pattern: '**/*.txt' })).toEqual(ok('a.txt'));
  });

  it('refuses a path that is not a directory', async () => {
    const run = searchSession(globTool, { 'a.txt': 'a' });
    expect(await run({ pattern: '*', path: `${CWD}/nope` })).toEqual({
      content: `Directory does not exist: ${CWD}/nope. Note: your current working directory is ${CWD}.`,
      is_error: true,
    });
    expect(await run({ pattern: '*', path: `${CWD}/a.txt` })).toEqual({
      content: `Path is not a directory: ${CWD}/a.txt`,
      is_error: true,
    });
  });

  it("passes ripgrep's diagnostic for a bad glob through", async () => {
    const run = searchSession(globTool, { 'a.txt': 'a' });
    expect(await run({ pattern: 'a[' })).toEqual({
      content:
        "Search failed — ripgrep rejected the pattern, glob, or file type without searching:\nrg: error parsing glob 'a[': unclosed character class; missing ']'",
      is_error: true,
    });
  });

  it("refuses deeply nested braces as the binary's ripgrep does, without overflowing a stack", async () => {
    const run = searchSession(globTool, { 'a.txt': 'a' });
    const deep = `${'{'.repeat(3000)}a${'}'.repeat(3000)}`;
    const wide = `${'{a,'.repeat(2000)}b${'}'.repeat(2000)}`;
    const refused = (g: string) => ({
      content: `Search failed — ripgrep rejected the pattern, glob, or file type without searching:\nrg: error parsing glob '${g}': nested alternate groups are not allowed`,
      is_error: true,
    });
    expect([await run({ pattern: deep }), await run({ pattern: wide })]).toEqual([refused(deep), refused(wide)]);
  });

  it('splits an absolute pattern at its first glob segment', () => {
    expect([
      splitAbsolutePattern('/a/b/*.js'),
      splitAbsolutePattern('/a/**/x'),
      splitAbsolutePattern('/a/b'),
      splitAbsolutePattern('a/*'),
    ]).toEqual([
      { dir: '/a/b', pattern: '*.js' },
      { dir: '/a', pattern: '**/x' },
      { dir: '/a', pattern: 'b' },
      null,
    ]);
  });
});
