import { describe, expect, it } from 'vitest';
import { grepArgs, paginate, splitGlobs } from './grep';
import { CWD, denyReadsUnder, searchSession, type Files } from '../search.test-support';
import { grepTool } from '.';

const ok = (content: string) => ({ content, is_error: false });

const PROJECT: Files = {
  'src/app.js': "function main() {\n  console.log('Hello World');\n  return 42;\n}\n",
  'src/util.ts': 'export function helper(x: number) {\n  // TODO: fix\n  return x * 2;\n}\n',
  'src/lib/deep.py': "def hello():\n    print('hello world')\n\nclass Foo:\n    pass\n",
  'README.md': '# Project\nHello world example.\nTODO: docs\n',
  'notes.txt': 'first line\nsecond TODO line\nthird line\n',
};

describe('Grep tool', () => {
  it('files_with_matches: newest first, with a count', async () => {
    const run = searchSession(grepTool, PROJECT);
    expect(await run({ pattern: 'TODO' })).toEqual(ok('Found 3 files\nnotes.txt\nREADME.md\nsrc/util.ts'));
    expect(await run({ pattern: 'o', type: 'js' })).toEqual(ok('Found 1 file\nsrc/app.js'));
    expect(await run({ pattern: 'o', glob: '*.md' })).toEqual(ok('Found 1 file\nREADME.md'));
    expect(await run({ pattern: 'zzz' })).toEqual(ok('No files found'));
  });

  it('files_with_matches: equal mtimes in path order (localeCompare)', async () => {
    const t = 1_700_000_000;
    const run = searchSession(grepTool, {
      'b.txt': { text: 'x', mtime: t },
      'C.txt': { text: 'x', mtime: t },
      'a.txt': { text: 'x', mtime: t },
    });
    expect(await run({ pattern: 'x' })).toEqual(ok('Found 3 files\na.txt\nb.txt\nC.txt'));
  });

  it('content: line numbers, context and separators, relative paths', async () => {
    const run = searchSession(grepTool, PROJECT);
    expect(await run({ pattern: 'TODO', output_mode: 'content', '-C': 1, path: 'src' })).toEqual(
      ok(
        'src/util.ts-1-export function helper(x: number) {\nsrc/util.ts:2:  // TODO: fix\nsrc/util.ts-3-  return x * 2;',
      ),
    );
    expect(
      await run({
        pattern: 'hello',
        '-i': true,
        '-n': false,
        output_mode: 'content',
        path: `${CWD}/README.md`,
      }),
    ).toEqual(ok('Hello world example.'));
    expect(await run({ pattern: 'class Foo:.*pass', multiline: true, output_mode: 'content' })).toEqual(
      ok('src/lib/deep.py:4:class Foo:\nsrc/lib/deep.py:5:    pass'),
    );
    expect(await run({ pattern: 'zzz', output_mode: 'content' })).toEqual(ok('No matches found'));
  });

  it('count: names a single file, totals every file past the page', async () => {
    const run = searchSession(grepTool, PROJECT);
    expect(await run({ pattern: 'o', output_mode: 'count', path: 'src/app.js' })).toEqual(
      ok('src/app.js:2\n\nFound 2 total occurrences across 1 file.'),
    );
    expect(await run({ pattern: 'TODO', output_mode: 'count', head_limit: 1 })).toEqual(
      ok('README.md:1\n\nFound 3 total occurrences across 3 files. with pagination = limit: 1'),
    );
    expect(await run({ pattern: 'zzz', output_mode: 'count' })).toEqual(
      ok('No matches found\n\nFound 0 total occurrences across 0 files.'),
    );
  });

  it('pagination texts', async () => {
    const run = searchSession(grepTool, PROJECT);
    expect(await run({ pattern: 'o', head_limit: 2 })).toEqual(
      ok('Found 2 files limit: 2\nnotes.txt\nREADME.md'),
    );
    expect(await run({ pattern: 'o', head_limit: 2, offset: 1 })).toEqual(
      ok('Found 2 files limit: 2, offset: 1\nREADME.md\nsrc/lib/deep.py'),
    );
    expect(await run({ pattern: 'o', offset: 4 })).toEqual(ok('Found 1 file offset: 4\nsrc/app.js'));
    expect(await run({ pattern: 'TODO', offset: 50 })).toEqual(
      ok('No entries at this offset. [Showing results with pagination = offset: 50]'),
    );
    expect(await run({ pattern: 'TODO', output_mode: 'content', offset: 50 })).toEqual(
      ok('No entries at this offset\n\n[Showing results with pagination = offset: 50]'),
    );
    expect(await run({ pattern: 'TODO', output_mode: 'content', path: 'notes.txt', head_limit: 0 })).toEqual(
      ok('2:second TODO line'),
    );
  });

  it('omits long lines, skips binary files, respects .gitignore in a repository, never searches .git', async () => {
    const run = searchSession(grepTool, {
      '.git/HEAD': 'needle\n',
      '.gitignore': 'ignored/\n*.log\n',
      'ignored/x.txt': 'needle\n',
      'app.log': 'needle\n',
      'bin.dat': new Uint8Array([120, 0, 110, 101, 101, 100, 108, 101, 10]),
      'long.txt': `needle ${'y'.repeat(600)}\n`,
      '.env': 'needle=1\n',
      'kept.txt': 'needle\n',
    });
    expect(await run({ pattern: 'needle' })).toEqual(ok('Found 3 files\nkept.txt\n.env\nlong.txt'));
    expect(await run({ pattern: 'needle', output_mode: 'content', path: 'long.txt' })).toEqual(
      ok('1:[Omitted long matching line]'),
    );
    expect(await run({ pattern: 'needle', output_mode: 'content', path: 'app.log' })).toEqual(ok('1:needle'));
  });

  it("reports ripgrep's diagnostic for rejected input, and other failures as no match", async () => {
    const run = searchSession(grepTool, PROJECT);
    expect(await run({ pattern: 'interface{}', output_mode: 'content' })).toEqual({
      content:
        'Search failed — ripgrep rejected the pattern, glob, or file type without searching:\nrg: regex parse error:\n    (?:interface{})\n                 ^\nerror: repetition quantifier expects a valid decimal',
      is_error: true,
    });
    expect(await run({ pattern: 'o', type: 'nosuchlang' })).toEqual({
      content:
        'Search failed — ripgrep rejected the pattern, glob, or file type without searching:\nrg: unrecognized file type: nosuchlang',
      is_error: true,
    });
    expect(await run({ pattern: 'main\\(\\) \\{\\n  console', output_mode: 'content' })).toEqual(
      ok('No matches found'),
    );
  });

  it('answers a regex too large to compile as Claude Code does (no match), having stopped at the size limit', async () => {
    // Native rg compiles [\s\S]{65536} and finds nothing; the wasm build would take minutes.
    const run = searchSession(grepTool, PROJECT);
    expect(await run({ pattern: '[\\s\\S]{65536}', output_mode: 'content' })).toEqual(ok('No matches found'));
  });

  it('refuses a NUL byte and a missing path before searching', async () => {
    const run = searchSession(grepTool, PROJECT);
    expect(await run({ pattern: 'a\0' })).toEqual({
      content:
        '<tool_use_error>Grep pattern cannot contain null bytes (\\0). Remove the null byte and try again.</tool_use_error>',
      is_error: true,
    });
    expect(await run({ pattern: 'a', path: 'nope' })).toEqual({
      content: `Path does not exist: nope. Note: your current working directory is ${CWD}.`,
      is_error: true,
    });
  });

  it('leaves files under a Read deny rule out of every mode', async () => {
    const files: Files = {
      'open.txt': 'a\nneedle\nb\n',
      'secrets/key.txt': 'x\nneedle\ny\n',
      'z.txt': 'needle\n',
    };
    const run = searchSession(grepTool, files, {}, denyReadsUnder(`${CWD}/secrets`));
    expect(await run({ pattern: 'needle' })).toEqual(ok('Found 2 files\nz.txt\nopen.txt'));
    expect(await run({ pattern: 'needle', output_mode: 'count' })).toEqual(
      ok('open.txt:1\nz.txt:1\n\nFound 2 total occurrences across 2 files.'),
    );
    expect(await run({ pattern: 'needle', output_mode: 'content', '-C': 1 })).toEqual(
      ok('open.txt-1-a\nopen.txt:2:needle\nopen.txt-3-b\n--\nz.txt:1:needle'),
    );
  });

  it('builds the argv Claude Code passes to ripgrep', () => {
    expect(
      grepArgs(
        {
          pattern: '-x',
          output_mode: 'content',
          '-A': 2,
          '-B': 1,
          '-i': true,
          multiline: true,
          type: 'js',
          glob: '*.ts,*.tsx {a,b}.js',
        },
        '/p',
      ),
    ).toEqual([
      '--hidden',
      ...[
        '--glob',
        '!.git',
        '--glob',
        '!.svn',
        '--glob',
        '!.hg',
        '--glob',
        '!.bzr',
        '--glob',
        '!.jj',
        '--glob',
        '!.sl',
      ],
      ...[
        '--max-columns',
        '500',
        '-U',
        '--multiline-dotall',
        '-i',
        '-n',
        '-B',
        '1',
        '-A',
        '2',
        '-e',
        '-x',
        '--type',
        'js',
      ],
      ...['--glob', '*.ts', '--glob', '*.tsx', '--glob', '{a,b}.js', '/p'],
    ]);
    expect(splitGlobs(' a,b  {c,d} ')).toEqual(['a', 'b', '{c,d}']);
  });

  it('paginates: default 250, 0 for all, limit reported only when it cut', () => {
    const items = Array.from({ length: 300 }, (_, i) => i);
    expect([
      paginate(items, undefined, undefined).items.length,
      paginate(items, undefined, undefined).appliedLimit,
    ]).toEqual([250, 250]);
    expect(paginate(items, 0, 10)).toEqual({ items: items.slice(10), appliedOffset: 10 });
    expect(paginate([1, 2], 2, 0)).toEqual({ items: [1, 2] });
  });
});

describe('Grep order', () => {
  it('reads output_mode from the raw input, whatever value stands in it', () => {
    const modes: unknown[] = ['content', 'count', 'files_with_matches', undefined, { toString: 4 }, ['content']];
    expect(modes.map((output_mode) => grepTool.orderInsensitive?.({ output_mode } as never))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
