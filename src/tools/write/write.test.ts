import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { CWD, RELAXED, STRICT, harness as on, type HarnessOptions } from '../../session/file-tools.test-support';

const harness = (o?: HarnessOptions) => on(createMemfsWorkspace(), o);

const SUFFIX = '(file state is current in your context — no need to Read it back)';
const UNREAD =
  '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>';
const MODIFIED =
  '<tool_use_error>File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.</tool_use_error>';

describe('Write', () => {
  it('creates a file with its parent directories and records it in the ledger', async () => {
    const h = harness();
    expect(await h.run('Write', { file_path: `${CWD}/deep/er/notes.md`, content: '# hi\n' })).toEqual({
      content: `File created successfully at: ${CWD}/deep/er/notes.md ${SUFFIX}`,
      is_error: false,
      structured: {
        type: 'create',
        filePath: `${CWD}/deep/er/notes.md`,
        content: '# hi\n',
        structuredPatch: [],
        originalFile: null,
        userModified: false,
      },
    });
    expect(h.text('deep/er/notes.md')).toEqual('# hi\n');
    const e = h.ledger.get(`${CWD}/deep/er/notes.md`);
    expect(e && { content: e.content, via: e.via, partial: e.partial, offset: e.offset }).toEqual({
      content: '# hi\n',
      via: 'Write',
      partial: false,
      offset: undefined,
    });
  });

  it('replaces a file it has read, with a line patch of the change', async () => {
    const h = harness({ model: STRICT, files: { 'cfg.ini': 'a=1\nb=2\nc=3\nd=4\ne=5\nf=6\ng=7\nh=8\n' } });
    await h.run('Read', { file_path: `${CWD}/cfg.ini` });
    expect(
      await h.run('Write', { file_path: 'cfg.ini', content: 'a=1\nb=2\nc=3\nd=4\ne=50\nf=6\ng=7\nh=8\n' }),
    ).toEqual({
      content: `The file cfg.ini has been updated successfully. ${SUFFIX}`,
      is_error: false,
      structured: {
        type: 'update',
        filePath: 'cfg.ini',
        content: 'a=1\nb=2\nc=3\nd=4\ne=50\nf=6\ng=7\nh=8\n',
        structuredPatch: [
          {
            oldStart: 2,
            oldLines: 7,
            newStart: 2,
            newLines: 7,
            lines: [' b=2', ' c=3', ' d=4', '-e=5', '+e=50', ' f=6', ' g=7', ' h=8'],
          },
        ],
        originalFile: 'a=1\nb=2\nc=3\nd=4\ne=5\nf=6\ng=7\nh=8\n',
        userModified: false,
      },
    });
  });

  it('refuses an unread file for the strict model, and accepts it under the relaxed rule', async () => {
    const strict = harness({ model: STRICT, files: { 'a.txt': 'x\n' } });
    expect(await strict.run('Write', { file_path: `${CWD}/a.txt`, content: 'y\n' })).toEqual({
      content: UNREAD,
      is_error: true,
      structured: 'Error: File has not been read yet. Read it first before writing to it.',
    });
    expect(strict.text('a.txt')).toEqual('x\n');

    const relaxed = harness({ model: RELAXED, files: { 'a.txt': 'x\n' } });
    expect((await relaxed.run('Write', { file_path: `${CWD}/a.txt`, content: 'y\n' })).content).toEqual(
      `The file ${CWD}/a.txt has been updated successfully. ${SUFFIX}`,
    );
    expect(relaxed.text('a.txt')).toEqual('y\n');
  });

  it('keeps the strict rule when Read is not offered or reading would prompt', async () => {
    const noRead = harness({ model: RELAXED, offered: ['Write'], files: { 'a.txt': 'x\n' } });
    expect((await noRead.run('Write', { file_path: `${CWD}/a.txt`, content: 'y\n' })).content).toEqual(
      UNREAD,
    );
    const prompting = harness({ model: RELAXED, files: { 'a.txt': 'x\n' }, promptOnRead: [`${CWD}/a.txt`] });
    expect((await prompting.run('Write', { file_path: `${CWD}/a.txt`, content: 'y\n' })).content).toEqual(
      UNREAD,
    );
  });

  it('refuses a file changed since it was read; a moved mtime alone is not a change', async () => {
    const h = harness({ model: STRICT, files: { 'a.txt': 'one\n', 'b.txt': 'two\n' } });
    await h.seed('a.txt');
    await h.seed('b.txt');
    await h.touch('a.txt', 'changed\n');
    await h.touch('b.txt');
    expect(await h.run('Write', { file_path: `${CWD}/a.txt`, content: 'mine\n' })).toEqual({
      content: MODIFIED,
      is_error: true,
      structured:
        'Error: File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.',
    });
    expect(h.text('a.txt')).toEqual('changed\n');
    expect((await h.run('Write', { file_path: `${CWD}/b.txt`, content: 'mine\n' })).content).toEqual(
      `The file ${CWD}/b.txt has been updated successfully. ${SUFFIX}`,
    );
  });

  it('counts a ranged read, but not a PARTIAL view', async () => {
    const h = harness({ model: STRICT, files: { 'r.txt': '1\n2\n3\n', 'p.txt': '1\n2\n3\n' } });
    await h.seed('r.txt', { offset: 2, limit: 1, partial: true });
    await h.seed('p.txt', { partial: true, partialView: true });
    expect((await h.run('Write', { file_path: `${CWD}/r.txt`, content: 'new\n' })).is_error).toEqual(false);
    expect((await h.run('Write', { file_path: `${CWD}/p.txt`, content: 'new\n' })).content).toEqual(UNREAD);
  });

  it('counts a whole Read cut at the line limit, which cannot vouch for the rest once the mtime moves', async () => {
    const h = harness({ model: STRICT, files: { 'l.txt': '1\n2\n3\n', 'm.txt': '1\n2\n3\n' } });
    await h.seed('l.txt', { content: '1\n2', partial: true });
    await h.seed('m.txt', { content: '1\n2', partial: true });
    await h.touch('m.txt');
    expect((await h.run('Write', { file_path: `${CWD}/l.txt`, content: 'new\n' })).is_error).toEqual(false);
    expect((await h.run('Write', { file_path: `${CWD}/m.txt`, content: 'new\n' })).content).toEqual(MODIFIED);
  });

  it('refuses to write through a symlink, in plain text', async () => {
    const h = harness({ files: { 'real.txt': 'r\n' } });
    h.ws.vol.symlinkSync('real.txt', `${CWD}/link.txt`);
    await h.seed('link.txt');
    const msg = `Refusing to write ${CWD}/link.txt: it is a symbolic link. Write to the link's target path instead.`;
    expect(await h.run('Write', { file_path: `${CWD}/link.txt`, content: 'x\n' })).toEqual({
      content: msg,
      is_error: true,
      structured: `Error: ${msg}`,
    });
    expect(h.text('real.txt')).toEqual('r\n');
  });

  it('passes the raw EISDIR text through for a directory', async () => {
    const h = harness({ files: { 'sub/x': '' } });
    expect(await h.run('Write', { file_path: `${CWD}/sub`, content: 'x' })).toEqual({
      content: 'EISDIR: illegal operation on a directory, read',
      is_error: true,
      structured: 'Error: EISDIR: illegal operation on a directory, read',
    });
  });

  it('keeps UTF-16LE but drops BOMs and CRLF, and keeps the mode', async () => {
    const u16 = new Uint8Array([0xff, 0xfe, 0x6f, 0x00, 0x0a, 0x00]);
    const h = harness({ files: { 'w.txt': u16, 'b.txt': '\uFEFFold\r\nline\r\n', 'run.sh': '#!/bin/sh\n' } });
    h.ws.vol.chmodSync(`${CWD}/run.sh`, 0o755);
    for (const p of ['w.txt', 'b.txt', 'run.sh']) await h.seed(p);
    const w = await h.run('Write', { file_path: `${CWD}/w.txt`, content: 'né\n' });
    expect(w.structured).toEqual({
      type: 'update',
      filePath: `${CWD}/w.txt`,
      content: 'né\n',
      structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-\uFEFFo', '+né'] }],
      originalFile: '\uFEFFo\n',
      userModified: false,
    });
    expect([...h.bytes('w.txt')]).toEqual([0x6e, 0x00, 0xe9, 0x00, 0x0a, 0x00]);
    await h.run('Write', { file_path: `${CWD}/b.txt`, content: 'new\nline\n' });
    expect(h.text('b.txt')).toEqual('new\nline\n');
    await h.run('Write', { file_path: `${CWD}/run.sh`, content: '#!/bin/sh\necho\n' });
    expect((await h.ws.fs.stat(`${CWD}/run.sh`)).mode).toEqual(0o755);
  });

  it('leaves the file current in the ledger, so an Edit can follow', async () => {
    const h = harness({ model: STRICT });
    await h.run('Write', { file_path: `${CWD}/n.txt`, content: 'one\r\ntwo\r\n' });
    expect(h.text('n.txt')).toEqual('one\r\ntwo\r\n');
    expect(
      (await h.run('Edit', { file_path: `${CWD}/n.txt`, old_string: 'two', new_string: 'TWO' })).content,
    ).toEqual(`The file ${CWD}/n.txt has been updated successfully. ${SUFFIX}`);
    expect(h.text('n.txt')).toEqual('one\r\nTWO\r\n');
  });

  it('explains and reports the ledger entry it consulted', async () => {
    const h = harness({ model: STRICT, files: { 'a.txt': 'x\n' } });
    await h.seed('a.txt');
    const rec = await h.record('Write', { file_path: `${CWD}/a.txt`, content: 'y\n' });
    expect(rec.consulted?.callId).toEqual('toolu_seed');
    expect(rec.explain).toEqual(
      'The ledger holds a Read of this path (call toolu_seed) and the file has not changed since (or only its mtime moved). The whole file was replaced as given (no BOM and no CRLF restored, as this release does); the ledger now holds the new content.',
    );
  });
  it('reports a path under a file as a crash of the checks, naming the path (recorded from 2.1.273)', async () => {
    const h = harness({ files: { 'f.txt': 'x\n' } });
    const text = `Error calling tool (Write): ENOTDIR: not a directory, stat '${CWD}/f.txt/inner.txt'`;
    expect(await h.run('Write', { file_path: `${CWD}/f.txt/inner.txt`, content: 'y\n' })).toEqual({
      content: `<tool_use_error>${text}</tool_use_error>`,
      is_error: true,
      structured: text,
    });
  });
  it('decodes \\uXXXX escapes and drops trailing whitespace, except in Markdown (recorded from 2.1.273)', async () => {
    const h = harness();
    expect(
      await h.run('Write', {
        file_path: `${CWD}/d.json`,
        content: '{"a": "caf\\u00e9",  \n "b": "\\\\u0041"}\n',
      }),
    ).toEqual({
      content: `File created successfully at: ${CWD}/d.json ${SUFFIX}`,
      is_error: false,
      structured: {
        type: 'create',
        filePath: `${CWD}/d.json`,
        content: '{"a": "café",\n "b": "\\\\u0041"}\n',
        structuredPatch: [],
        originalFile: null,
        userModified: false,
      },
    });
    await h.run('Write', { file_path: `${CWD}/r.md`, content: 'hard  \nbreak \\u00e9\n' });
    expect(h.text('r.md')).toEqual('hard  \nbreak é\n');
  });

  // The encoding refusal is Write's call, so the permission check's symlink refusal comes first.
  it('refuses a symlink to a Latin-1 file as a symlink, and the file itself for its encoding', async () => {
    const h = harness({ version: '2.1.332', files: { 'f.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]) } });
    h.ws.vol.symlinkSync('f.txt', `${CWD}/link.txt`);
    const link = `Refusing to write ${CWD}/link.txt: it is a symbolic link. Write to the link's target path instead: ${CWD}/f.txt.`;
    expect(await h.run('Write', { file_path: `${CWD}/link.txt`, content: 'new\n' })).toEqual({
      content: link,
      is_error: true,
      structured: `Error: ${link}`,
    });
    const legacy =
      'File is not valid UTF-8: it uses a legacy encoding such as Windows-1252, Shift-JIS or GBK, or it is binary. These tools write UTF-8 (or UTF-16LE behind its byte-order mark) and never convert a file\'s encoding on their own, so nothing was written. If the file is text, make the change with a shell command that reads and writes it in its own encoding (iconv, or PowerShell Get-Content/Set-Content -Encoding), or ask the user whether to convert it to UTF-8 first. To replace the whole file with new UTF-8 text anyway, delete it first, then Write it.';
    expect(await h.run('Write', { file_path: `${CWD}/f.txt`, content: 'new\n' })).toEqual({
      content: legacy,
      is_error: true,
      structured: `Error: ${legacy}`,
    });
    expect([...h.bytes('f.txt')]).toEqual([0x63, 0x61, 0x66, 0xe9, 0x0a]);
  });
});
