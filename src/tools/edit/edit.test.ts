import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { encodeNonAscii } from '../../text/match';
import { CWD, RELAXED, STRICT, harness as on, type HarnessOptions } from '../../session/file-tools.test-support';
import { ESCAPES_NOTE } from './render';

const harness = (o?: HarnessOptions) => on(createMemfsWorkspace(), o);

const SUFFIX = '(file state is current in your context — no need to Read it back)';
const NOTE =
  '(note: the file had been modified on disk since you last read it — the edit applied cleanly, but the file contains other changes not in your context. Read it before edits that depend on surrounding content.)';
const err = (text: string) => ({
  content: `<tool_use_error>${text}</tool_use_error>`,
  is_error: true,
  structured: `Error: ${text}`,
});
const ok = (p: string) => `The file ${p} has been updated successfully. ${SUFFIX}`;

describe('Edit', () => {
  it('replaces a unique string and returns the structured edit', async () => {
    const h = harness({ model: STRICT, files: { 'app.py': 'def f():\n    return 1\n\nprint(f())\n' } });
    await h.run('Read', { file_path: `${CWD}/app.py` });
    expect(
      await h.run('Edit', { file_path: 'app.py', old_string: 'return 1', new_string: 'return 2' }),
    ).toEqual({
      content: ok('app.py'),
      is_error: false,
      structured: {
        filePath: 'app.py',
        oldString: 'return 1',
        newString: 'return 2',
        originalFile: 'def f():\n    return 1\n\nprint(f())\n',
        structuredPatch: [
          {
            oldStart: 1,
            oldLines: 4,
            newStart: 1,
            newLines: 4,
            lines: [' def f():', '-    return 1', '+    return 2', ' ', ' print(f())'],
          },
        ],
        userModified: false,
        replaceAll: false,
      },
    });
    expect(h.text('app.py')).toEqual('def f():\n    return 2\n\nprint(f())\n');
    const e = h.ledger.get(`${CWD}/app.py`);
    expect(e && { content: e.content, via: e.via }).toEqual({
      content: 'def f():\n    return 2\n\nprint(f())\n',
      via: 'Edit',
    });
  });

  it('checks in Claude Code order: identical strings first, then existence, then the notebook, then the ledger', async () => {
    const h = harness({ model: STRICT, files: { 'app.js': 'x\n', 'nb.ipynb': '{}', 'a.txt': 'a\n' } });
    expect(await h.run('Edit', { file_path: `${CWD}/gone.txt`, old_string: 'a', new_string: 'a' })).toEqual(
      err('No changes to make: old_string and new_string are exactly the same.'),
    );
    expect(await h.run('Edit', { file_path: `${CWD}/app.ts`, old_string: 'a', new_string: 'b' })).toEqual(
      err(`File does not exist. Note: your current working directory is ${CWD}. Did you mean app.js?`),
    );
    expect(await h.run('Edit', { file_path: `${CWD}/zzz.txt`, old_string: 'a', new_string: 'b' })).toEqual(
      err(`File does not exist. Note: your current working directory is ${CWD}.`),
    );
    expect(await h.run('Edit', { file_path: `${CWD}/nb.ipynb`, old_string: '{', new_string: '[' })).toEqual(
      err('File is a Jupyter Notebook. Use the NotebookEdit to edit this file.'),
    );
    expect(await h.run('Edit', { file_path: `${CWD}/a.txt`, old_string: 'zzz', new_string: 'b' })).toEqual(
      err('File has not been read yet. Read it first before writing to it.'),
    );
  });

  it('suggests the path under the working directory when the project directory was left out', async () => {
    const h = harness({ files: { 'src/main.rs': 'fn main() {}\n' } });
    expect(
      (await h.run('Edit', { file_path: '/workspace/src/main.rs', old_string: 'a', new_string: 'b' }))
        .content,
    ).toEqual(
      `<tool_use_error>File does not exist. Note: your current working directory is ${CWD}. Did you mean ${CWD}/src/main.rs?</tool_use_error>`,
    );
  });

  it('creates a file from an empty old_string, fills a blank one, and refuses one with content', async () => {
    const h = harness({ model: STRICT, files: { 'blank.txt': ' \n\t\n', 'full.txt': 'x' } });
    expect(
      await h.run('Edit', { file_path: `${CWD}/new/dir/f.txt`, old_string: '', new_string: 'hello\n' }),
    ).toEqual({
      content: ok(`${CWD}/new/dir/f.txt`),
      is_error: false,
      structured: {
        filePath: `${CWD}/new/dir/f.txt`,
        oldString: '',
        newString: 'hello\n',
        originalFile: '',
        structuredPatch: [{ oldStart: 1, oldLines: 0, newStart: 1, newLines: 1, lines: ['+hello'] }],
        userModified: false,
        replaceAll: false,
      },
    });
    expect(h.text('new/dir/f.txt')).toEqual('hello\n');
    // A blank file skips the checks, so an unread one is refused by the call itself, unwrapped
    // (recorded from the 2.1.273 binary).
    const unread = 'File has not been read yet. Read it first before writing to it.';
    expect(
      await h.run('Edit', { file_path: `${CWD}/blank.txt`, old_string: '', new_string: 'filled' }),
    ).toEqual({
      content: unread,
      is_error: true,
      structured: `Error: ${unread}`,
    });
    await h.seed('blank.txt');
    expect(
      (await h.run('Edit', { file_path: `${CWD}/blank.txt`, old_string: '', new_string: 'filled' })).is_error,
    ).toEqual(false);
    expect(h.text('blank.txt')).toEqual('filled');
    expect(await h.run('Edit', { file_path: `${CWD}/full.txt`, old_string: '', new_string: 'y' })).toEqual(
      err('Cannot create new file - file already exists.'),
    );
  });

  it('reports a missing string, and counts matches for replace_all', async () => {
    const h = harness({ files: { 'a.txt': 'x = 1\nx = 1\nx = 1\n' } });
    expect(await h.run('Edit', { file_path: `${CWD}/a.txt`, old_string: 'x = 2', new_string: 'y' })).toEqual(
      err('String to replace not found in file.\nString: x = 2'),
    );
    expect(await h.run('Edit', { file_path: `${CWD}/a.txt`, old_string: 'x = 1', new_string: 'y' })).toEqual(
      err(
        'Found 3 matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: x = 1',
      ),
    );
    const r = await h.record('Edit', {
      file_path: `${CWD}/a.txt`,
      old_string: 'x = 1',
      new_string: 'y = 2',
      replace_all: 'true',
    });
    expect(r.rendered.content).toEqual(
      `The file ${CWD}/a.txt has been updated. All occurrences were successfully replaced. ${SUFFIX}`,
    );
    expect(r.explain).toEqual(
      'old_string matched the file exactly (3 occurrences replaced). Nothing in the ledger for this path; the model has the relaxed rule, Read is offered and reading the file needs no prompt, so the file need not be read first.',
    );
    expect(h.text('a.txt')).toEqual('y = 2\ny = 2\ny = 2\n');
  });

  it('matches an old_string of 10,000 non-ASCII characters against their escapes', async () => {
    const word = 'é“ü”'.repeat(2500);
    const h = harness({ files: { 'long.js': `s = "${encodeNonAscii(word)}";\n` } });
    const r = await h.run('Edit', { file_path: `${CWD}/long.js`, old_string: word, new_string: 'short' });
    expect([r.content, r.is_error, h.text('long.js')]).toEqual([
      ok(`${CWD}/long.js`),
      false,
      's = "short";\n',
    ]);
  });

  // The regex that spelled each character both ways was ~22 pattern characters per character:
  // past 3 GB (and minutes) to compile for 5 MB.
  it('refuses an old_string of 5 MB of non-ASCII characters that is not there, in seconds', async () => {
    const h = harness({ files: { 'esc.js': 's = "\\u00e9\\u00e9";\n' } });
    const old = 'é'.repeat(5_000_000);
    expect(await h.run('Edit', { file_path: `${CWD}/esc.js`, old_string: old, new_string: 'x' })).toEqual(
      err(`String to replace not found in file.\nString: ${old}\n${ESCAPES_NOTE}`),
    );
  }, 20_000);

  it("folds curly quotes and carries the file's quote style into new_string", async () => {
    const h = harness({ files: { 'q.md': 'He said “don’t” – fine.\n', 's.md': 'it\'s "plain"\n' } });
    const r = await h.run('Edit', {
      file_path: `${CWD}/q.md`,
      old_string: 'said "don\'t"',
      new_string: "said \"won't\" and 'maybe'",
    });
    expect(r.structured).toEqual({
      filePath: `${CWD}/q.md`,
      oldString: 'said “don’t”',
      newString: "said \"won't\" and 'maybe'",
      originalFile: 'He said “don’t” – fine.\n',
      structuredPatch: [
        {
          oldStart: 1,
          oldLines: 1,
          newStart: 1,
          newLines: 1,
          lines: ['-He said “don’t” – fine.', '+He said “won’t” and ‘maybe’ – fine.'],
        },
      ],
      userModified: false,
      replaceAll: false,
    });
    expect(h.text('q.md')).toEqual('He said “won’t” and ‘maybe’ – fine.\n');
    await h.run('Edit', { file_path: `${CWD}/s.md`, old_string: 'it’s “plain”', new_string: 'it’s "fancy"' });
    expect(h.text('s.md')).toEqual('it’s "fancy"\n');
  });

  it("accepts \\uXXXX escapes and their characters either way, writing new_string in the file's spelling", async () => {
    // Recorded from the 2.1.273 binary: escapes in old_string that stand for characters in the
    // file are decoded in new_string too (and reported so); characters in old_string that stand
    // for escapes in the file are escaped in what is written (the report keeps new_string as sent).
    const h = harness({
      files: {
        'esc.js': 'const s = "caf\\u00E9";\n',
        'chr.js': 'const s = "café";\n',
        'nfd.txt': 'cafe\u0301\n',
      },
    });
    const a = await h.run('Edit', {
      file_path: `${CWD}/esc.js`,
      old_string: '"café"',
      new_string: '"thé 😀"',
    });
    expect(a.structured).toEqual({
      filePath: `${CWD}/esc.js`,
      oldString: '"caf\\u00E9"',
      newString: '"thé 😀"',
      originalFile: 'const s = "caf\\u00E9";\n',
      structuredPatch: [
        {
          oldStart: 1,
          oldLines: 1,
          newStart: 1,
          newLines: 1,
          lines: ['-const s = "caf\\u00E9";', '+const s = "th\\u00e9 \\ud83d\\ude00";'],
        },
      ],
      userModified: false,
      replaceAll: false,
    });
    expect(h.text('esc.js')).toEqual('const s = "th\\u00e9 \\ud83d\\ude00";\n');
    const b = await h.run('Edit', {
      file_path: `${CWD}/chr.js`,
      old_string: '"caf\\u00e9"',
      new_string: '"th\\u00e9"',
    });
    expect(b.structured).toEqual({
      filePath: `${CWD}/chr.js`,
      oldString: '"café"',
      newString: '"thé"',
      originalFile: 'const s = "café";\n',
      structuredPatch: [
        {
          oldStart: 1,
          oldLines: 1,
          newStart: 1,
          newLines: 1,
          lines: ['-const s = "café";', '+const s = "thé";'],
        },
      ],
      userModified: false,
      replaceAll: false,
    });
    expect(h.text('chr.js')).toEqual('const s = "thé";\n');
    expect(
      await h.run('Edit', { file_path: `${CWD}/nfd.txt`, old_string: 'café', new_string: 'tea' }),
    ).toEqual(
      err(
        'String to replace not found in file.\nString: café\n(note: Edit also tried swapping \\uXXXX escapes and their characters; neither form matched, so the mismatch is likely elsewhere in old_string. Re-read the file and copy the exact surrounding text.)',
      ),
    );
  });

  it('matches LF old_string in a CRLF file and writes CRLF back; a CRLF old_string does not match', async () => {
    const h = harness({ files: { 'w.txt': 'one\r\ntwo\r\nthree\r\n', 'm.txt': 'a\r\nb\nc\r\n' } });
    expect(
      await h.run('Edit', { file_path: `${CWD}/w.txt`, old_string: 'one\r\ntwo', new_string: 'x' }),
    ).toEqual(err('String to replace not found in file.\nString: one\r\ntwo'));
    await h.run('Edit', { file_path: `${CWD}/w.txt`, old_string: 'two\nthree', new_string: '2\n3\n4' });
    expect(h.text('w.txt')).toEqual('one\r\n2\r\n3\r\n4\r\n');
    await h.run('Edit', { file_path: `${CWD}/m.txt`, old_string: 'b', new_string: 'B' });
    expect(h.text('m.txt')).toEqual('a\r\nB\r\nc\r\n');
  });

  it('keeps a UTF-8 BOM and UTF-16LE', async () => {
    const u16 = new Uint8Array([0xff, 0xfe, ...[...'ab\ncd\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    const h = harness({ files: { 'bom.txt': '\uFEFFab\ncd\n', 'u16.txt': u16 } });
    await h.run('Edit', { file_path: `${CWD}/bom.txt`, old_string: 'ab', new_string: 'AB' });
    expect(h.text('bom.txt')).toEqual('\uFEFFAB\ncd\n');
    const r = await h.run('Edit', { file_path: `${CWD}/u16.txt`, old_string: 'cd', new_string: 'Cé' });
    expect((r.structured as { originalFile: string }).originalFile).toEqual('\uFEFFab\ncd\n');
    expect([...h.bytes('u16.txt')]).toEqual([
      0xff, 0xfe, 0x61, 0, 0x62, 0, 0x0a, 0, 0x43, 0, 0xe9, 0, 0x0a, 0,
    ]);
  });

  it('applies an edit to a changed file when old_string still matches once, with a note', async () => {
    const h = harness({ model: STRICT, files: { 'a.txt': 'alpha\nbeta\n' } });
    await h.seed('a.txt');
    await h.touch('a.txt', 'alpha\nbeta\ngamma\n');
    const r = await h.run('Edit', { file_path: `${CWD}/a.txt`, old_string: 'beta', new_string: 'BETA' });
    expect(r).toEqual({
      content: `The file ${CWD}/a.txt has been updated successfully. ${NOTE}`,
      is_error: false,
      structured: {
        filePath: `${CWD}/a.txt`,
        oldString: 'beta',
        newString: 'BETA',
        originalFile: 'alpha\nbeta\ngamma\n',
        structuredPatch: [
          {
            oldStart: 1,
            oldLines: 3,
            newStart: 1,
            newLines: 3,
            lines: [' alpha', '-beta', '+BETA', ' gamma'],
          },
        ],
        userModified: false,
        replaceAll: false,
        staleRecovered: true,
      },
    });
    // The edit made the ledger current again.
    expect(
      (await h.run('Edit', { file_path: `${CWD}/a.txt`, old_string: 'gamma', new_string: 'G' })).content,
    ).toEqual(ok(`${CWD}/a.txt`));
  });

  it('refuses a changed file when old_string is gone or ambiguous; an mtime alone changes nothing', async () => {
    const modified = err(
      'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.',
    );
    const h = harness({ model: STRICT, files: { 'a.txt': 'x\ny\n', 'b.txt': 'x\ny\n', 'c.txt': 'x\ny\n' } });
    for (const p of ['a.txt', 'b.txt', 'c.txt']) await h.seed(p);
    await h.touch('a.txt', 'z\ny\n');
    await h.touch('b.txt', 'x\nx\n');
    await h.touch('c.txt');
    expect(await h.run('Edit', { file_path: `${CWD}/a.txt`, old_string: 'x', new_string: 'X' })).toEqual(
      modified,
    );
    expect(await h.run('Edit', { file_path: `${CWD}/b.txt`, old_string: 'x', new_string: 'X' })).toEqual(
      modified,
    );
    expect(
      (await h.run('Edit', { file_path: `${CWD}/c.txt`, old_string: 'x', new_string: 'X' })).content,
    ).toEqual(ok(`${CWD}/c.txt`));
  });

  it('treats a newer mtime after a ranged read as a change (nothing whole to compare)', async () => {
    const h = harness({ model: STRICT, files: { 'a.txt': 'x\ny\nz\n' } });
    await h.seed('a.txt', { offset: 1, limit: 2, partial: true });
    await h.touch('a.txt');
    expect(
      (await h.run('Edit', { file_path: `${CWD}/a.txt`, old_string: 'z', new_string: 'Z' })).content,
    ).toEqual(`The file ${CWD}/a.txt has been updated successfully. ${NOTE}`);
  });

  it('counts a Bash view of the file as a read, and not a Read of a symlink for its target', async () => {
    const h = harness({ model: STRICT, files: { 'a.txt': 'a\n', 'real.txt': 'r\n' } });
    await h.seed('a.txt', { via: 'Bash', detail: 'cat a.txt' });
    const r = await h.record('Edit', { file_path: `${CWD}/a.txt`, old_string: 'a', new_string: 'b' });
    expect(r.explain).toEqual(
      'old_string matched the file exactly. The ledger holds a Bash view (`cat a.txt`) of this path (call toolu_seed) and the file has not changed since (or only its mtime moved).',
    );
    h.ws.vol.symlinkSync('real.txt', `${CWD}/link.txt`);
    await h.run('Read', { file_path: `${CWD}/link.txt` });
    expect(
      (await h.run('Edit', { file_path: `${CWD}/real.txt`, old_string: 'r', new_string: 'R' })).content,
    ).toEqual(
      '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
    );
  });

  it('deletes a whole line with its newline, and inserts $ patterns literally', async () => {
    const h = harness({ files: { 'a.txt': 'keep\ndrop\nkeep2\n', 'd.txt': 'price\n' } });
    await h.run('Edit', { file_path: `${CWD}/a.txt`, old_string: 'drop', new_string: '' });
    expect(h.text('a.txt')).toEqual('keep\nkeep2\n');
    await h.run('Edit', { file_path: `${CWD}/d.txt`, old_string: 'price', new_string: "$& $' $1 $$" });
    expect(h.text('d.txt')).toEqual("$& $' $1 $$\n");
  });

  it('shows leading tabs as two spaces in the patch and marks a missing final newline', async () => {
    const h = harness({ files: { Makefile: 'all:\n\t\techo hi' } });
    const r = await h.run('Edit', { file_path: `${CWD}/Makefile`, old_string: 'hi', new_string: 'bye' });
    expect((r.structured as { structuredPatch: unknown }).structuredPatch).toEqual([
      {
        oldStart: 1,
        oldLines: 2,
        newStart: 1,
        newLines: 2,
        lines: [
          ' all:',
          '-    echo hi',
          '\\ No newline at end of file',
          '+    echo bye',
          '\\ No newline at end of file',
        ],
      },
    ]);
    expect(h.text('Makefile')).toEqual('all:\n\t\techo bye');
  });

  it('refuses a symlink in plain text and reports a directory as a crash of the checks', async () => {
    const h = harness({ files: { 'real.txt': 'r\n', 'dir/x': '' } });
    h.ws.vol.symlinkSync('real.txt', `${CWD}/link.txt`);
    const msg = `Refusing to write ${CWD}/link.txt: it is a symbolic link. Write to the link's target path instead.`;
    expect(await h.run('Edit', { file_path: `${CWD}/link.txt`, old_string: 'r', new_string: 'R' })).toEqual({
      content: msg,
      is_error: true,
      structured: `Error: ${msg}`,
    });
    expect(h.text('real.txt')).toEqual('r\n');
    expect(await h.run('Edit', { file_path: `${CWD}/dir`, old_string: 'r', new_string: 'R' })).toEqual({
      content:
        '<tool_use_error>Error calling tool (Edit): EISDIR: illegal operation on a directory, read</tool_use_error>',
      is_error: true,
      structured: 'Error calling tool (Edit): EISDIR: illegal operation on a directory, read',
    });
  });

  it('reports an edit that leaves the file unchanged', async () => {
    const h = harness({ files: { 'q.txt': "it's\n" } });
    expect(
      await h.run('Edit', { file_path: `${CWD}/q.txt`, old_string: 'it’s', new_string: "it's" }),
    ).toEqual({
      content: 'String not found in file. Failed to apply edit.',
      is_error: true,
      structured: 'Error: String not found in file. Failed to apply edit.',
    });
  });

  it('relaxes read-before-edit only for the newer models', async () => {
    for (const [model, isError] of [
      [RELAXED, false],
      [STRICT, true],
      ['claude-sonnet-4-5', true],
    ] as const) {
      const h = harness({ model, files: { 'a.txt': 'a\n' } });
      expect(
        (await h.run('Edit', { file_path: `${CWD}/a.txt`, old_string: 'a', new_string: 'b' })).is_error,
      ).toEqual(isError);
    }
  });
  it('says new_string was written as given when the file itself has straight quotes', async () => {
    const h = harness({ model: STRICT, files: { 'q.txt': "It's here\n" } });
    await h.seed('q.txt');
    const q = await h.record('Edit', {
      file_path: `${CWD}/q.txt`,
      old_string: 'It’s here',
      new_string: 'It’s there',
    });
    expect({ explain: q.explain, file: h.text('q.txt') }).toEqual({
      explain:
        "old_string matched once curly quotes were folded to straight ones; the file's own spelling was replaced and new_string was written as given. The ledger holds a Read of this path (call toolu_seed) and the file has not changed since (or only its mtime moved).",
      file: 'It’s there\n',
    });
  });
  it('explains which stage matched and which ledger entry it relied on', async () => {
    const h = harness({ model: STRICT, files: { 'q.txt': 'say “hi”\n', 'a.txt': 'a\nb\n' } });
    await h.seed('q.txt');
    const q = await h.record('Edit', {
      file_path: `${CWD}/q.txt`,
      old_string: 'say "hi"',
      new_string: 'say "bye"',
    });
    expect(q.explain).toEqual(
      "old_string matched once curly quotes were folded to straight ones; the file's own spelling was replaced and new_string took the file's quote style. The ledger holds a Read of this path (call toolu_seed) and the file has not changed since (or only its mtime moved).",
    );
    expect(h.text('q.txt')).toEqual('say “bye”\n');
    await h.seed('a.txt');
    await h.touch('a.txt', 'a\nb\nb\n');
    const r = await h.record('Edit', { file_path: `${CWD}/a.txt`, old_string: 'b', new_string: 'B' });
    expect({ explain: r.explain, consulted: r.consulted?.callId }).toEqual({
      explain:
        "Edit refused: The file's mtime is newer than the Read in the ledger (call toolu_seed) and its content differs from what was read. old_string does not match the current content exactly once, so the change cannot be applied safely.",
      consulted: 'toolu_seed',
    });
  });
  it('edits a large file and numbers the hunk in the whole file', async () => {
    const big = Array.from({ length: 20000 }, (_, i) => `row ${i}`).join('\n') + '\n';
    const h = harness({ files: { 'big.txt': big } });
    const r = await h.run('Edit', {
      file_path: `${CWD}/big.txt`,
      old_string: 'row 12345\n',
      new_string: 'row 12345\nextra\n',
    });
    expect((r.structured as { structuredPatch: unknown }).structuredPatch).toEqual([
      {
        oldStart: 12344,
        oldLines: 6,
        newStart: 12344,
        newLines: 7,
        lines: [' row 12343', ' row 12344', ' row 12345', '+extra', ' row 12346', ' row 12347', ' row 12348'],
      },
    ]);
    expect(h.text('big.txt')).toEqual(big.replace('row 12345\n', 'row 12345\nextra\n'));
  });

  it('keeps the ledger current through Write, Edit and Write again for the strict model', async () => {
    const h = harness({ model: STRICT });
    const steps = [
      await h.run('Write', { file_path: `${CWD}/s.txt`, content: 'a\n' }),
      await h.run('Edit', { file_path: `${CWD}/s.txt`, old_string: 'a', new_string: 'b' }),
      await h.run('Edit', { file_path: `${CWD}/s.txt`, old_string: 'b', new_string: 'c', replace_all: true }),
      await h.run('Write', { file_path: `${CWD}/s.txt`, content: 'd\n' }),
    ];
    expect(steps.map((s) => s.content)).toEqual([
      `File created successfully at: ${CWD}/s.txt ${SUFFIX}`,
      ok(`${CWD}/s.txt`),
      `The file ${CWD}/s.txt has been updated. All occurrences were successfully replaced. ${SUFFIX}`,
      `The file ${CWD}/s.txt has been updated successfully. ${SUFFIX}`,
    ]);
    expect(
      h.ledger.list().map((e) => ({ path: e.path, content: e.content, via: e.via, callId: e.callId })),
    ).toEqual([{ path: `${CWD}/s.txt`, content: 'd\n', via: 'Write', callId: 'toolu_3' }]);
  });
  it('recovers a changed file through the cascade and with replace_all (recorded from 2.1.273)', async () => {
    const h = harness({ model: STRICT, files: { 'q.txt': 'say “hi”\n', 'a.txt': 'x\ny\n' } });
    await h.seed('q.txt');
    await h.seed('a.txt');
    await h.touch('q.txt', 'say “hi”\nmore\n');
    await h.touch('a.txt', 'x\nx\ny\n');
    expect(
      await h.run('Edit', { file_path: `${CWD}/q.txt`, old_string: 'say "hi"', new_string: 'say "yo"' }),
    ).toEqual({
      content: `The file ${CWD}/q.txt has been updated successfully. ${NOTE}`,
      is_error: false,
      structured: {
        filePath: `${CWD}/q.txt`,
        oldString: 'say “hi”',
        newString: 'say "yo"',
        originalFile: 'say “hi”\nmore\n',
        structuredPatch: [
          { oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: ['-say “hi”', '+say “yo”', ' more'] },
        ],
        userModified: false,
        replaceAll: false,
        staleRecovered: true,
      },
    });
    const r = await h.run('Edit', {
      file_path: `${CWD}/a.txt`,
      old_string: 'x',
      new_string: 'X',
      replace_all: true,
    });
    expect(r.content).toEqual(
      `The file ${CWD}/a.txt has been updated. All occurrences were successfully replaced. ${NOTE}`,
    );
    expect(h.text('a.txt')).toEqual('X\nX\ny\n');
  });

  it("resolves relative paths against the shell's current directory", async () => {
    const h = harness({ model: STRICT, files: { 'sub/a.txt': 'one\n', 'a.txt': 'top\n' } });
    h.session.conversation.cwd = `${CWD}/sub`;
    await h.seed('sub/a.txt');
    expect(
      (await h.run('Edit', { file_path: 'a.txt', old_string: 'one', new_string: 'ONE' })).content,
    ).toEqual(ok('a.txt'));
    expect([h.text('sub/a.txt'), h.text('a.txt')]).toEqual(['ONE\n', 'top\n']);
    expect(await h.run('Edit', { file_path: 'missing.txt', old_string: 'q', new_string: 'r' })).toEqual(
      err(`File does not exist. Note: your current working directory is ${CWD}/sub.`),
    );
  });
  it('strips trailing whitespace from new_string when the file exists, except in Markdown (recorded from 2.1.273)', async () => {
    const h = harness({ files: { 'a.txt': 'one\n', 'r.md': 'line\n', 'same.txt': 'x\n' } });
    const a = await h.run('Edit', {
      file_path: `${CWD}/a.txt`,
      old_string: 'one',
      new_string: 'x \t\r\ny\u00a0\nz ',
    });
    expect((a.structured as { newString: string }).newString).toEqual('x\r\ny\nz');
    expect(h.text('a.txt')).toEqual('x\r\ny\nz\n');
    await h.run('Edit', { file_path: `${CWD}/r.md`, old_string: 'line', new_string: 'hard break  \nnext' });
    expect(h.text('r.md')).toEqual('hard break  \nnext\n');
    await h.run('Edit', { file_path: `${CWD}/new.txt`, old_string: '', new_string: 'a  \nb\t\n' });
    expect(h.text('new.txt')).toEqual('a  \nb\t\n');
    expect(await h.run('Edit', { file_path: `${CWD}/same.txt`, old_string: 'x', new_string: 'x  ' })).toEqual(
      err('No changes to make: old_string and new_string are exactly the same.'),
    );
  });

  it('lets the relaxed model edit after a PARTIAL view, which Write refuses (recorded from 2.1.273)', async () => {
    const h = harness({ model: RELAXED, files: { 'p.txt': 'a\nb\n' } });
    await h.seed('p.txt', { content: 'a', partial: true, partialView: true });
    const w = await h.record('Write', { file_path: `${CWD}/p.txt`, content: 'c\n' });
    expect({ content: w.rendered.content, explain: w.explain }).toEqual({
      content:
        '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
      explain:
        'Write refused before running: The ledger holds only a PARTIAL view of this path (a Read cut short by the token cap), which does not count as a read; Write refuses it whatever the model.',
    });
    expect(
      (await h.run('Edit', { file_path: `${CWD}/p.txt`, old_string: 'b', new_string: 'B' })).content,
    ).toEqual(ok(`${CWD}/p.txt`));
    expect(h.text('p.txt')).toEqual('a\nB\n');
  });
});
