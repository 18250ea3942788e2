// Read on a memfs workspace, through the session engine (so validation, batching and rendering
// run as in a replay). Inputs here are deliberately not the corpus's: other names, sizes,
// encodings and orders.
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { createNodeServices } from '../../backends/node-services';
import { withServices } from '../../workspace/types';
import { Ledger } from '../../ledger/ledger';
import { getProfile } from '../../profiles';
import { Session } from '../../session/engine';
import { allowAll } from '../../session/permissions';
import { readTool, scenarioTokenCounter, setTokenCounter } from '.';
import { parsePages } from './pdf';
import { screenshotAlternative } from './read';

/** The ports the entries add to every workspace (the image codec, the PDF engine). */
const services = createNodeServices();

const CWD = '/workspace/project';
const HOME = '/workspace/home';

function session(opts: { model?: string; env?: Record<string, string>; files?: Record<string, string | Uint8Array> } = {}) {
  const ws = withServices(createMemfsWorkspace(), services);
  for (const [p, c] of Object.entries(opts.files ?? {})) {
    const abs = p.startsWith('/') ? p : `${CWD}/${p}`;
    ws.vol.mkdirSync(abs.slice(0, abs.lastIndexOf('/')), { recursive: true });
    ws.vol.writeFileSync(abs, c);
  }
  const ledger = new Ledger();
  const s = new Session({
    ws,
    profile: getProfile('2.1.273'),
    model: opts.model ?? 'claude-opus-5[1m]',
    tools: [readTool],
    offered: new Set(['Read']),
    withheld: {},
    permissions: allowAll,
    ledger,
    env: { HOME, ...opts.env },
  });
  let n = 0;
  const message = async (...inputs: Record<string, unknown>[]) => {
    const rec = await s.runModelCall(inputs.map((input) => ({ id: `toolu_${n++}`, name: 'Read', input })));
    return rec.calls.map((c) => ({ content: c.rendered.content, is_error: c.rendered.is_error, structured: c.rendered.structured, attachments: c.rendered.attachments }));
  };
  const read = async (input: Record<string, unknown>) => (await message(input))[0];
  return { ws, s, ledger, read, message };
}

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1)).join('\n') + '\n';

describe('Read: text', () => {
  it('numbers from 1, shows the empty line after a final newline, and records the whole file', async () => {
    const { read, ledger } = session({ files: { 'notes.md': '# t\n\tx\n' } });
    expect(await read({ file_path: `${CWD}/notes.md` })).toEqual({
      content: '1\t# t\n2\t\tx\n3\t',
      is_error: false,
      structured: { type: 'text', file: { filePath: `${CWD}/notes.md`, content: '# t\n\tx\n', numLines: 3, startLine: 1, totalLines: 3 } },
      attachments: undefined,
    });
    expect(ledger.list()).toEqual([{ path: `${CWD}/notes.md`, content: '# t\n\tx\n', mtimeMs: expect.any(Number), offset: undefined, limit: undefined, partial: false, via: 'Read', callId: 'toolu_0' }]);
  });

  it('reads ranges (offset 0 numbers from 0, string numbers coerced, limit 0 ignored) and records them', async () => {
    const { read, ledger } = session({ files: { 'k.txt': 'a\nb\nc\nd' } });
    expect((await read({ file_path: 'k.txt', offset: '3', limit: ' 1 ' }))?.content).toEqual('3\tc');
    expect(ledger.get(`${CWD}/k.txt`)).toEqual({ path: `${CWD}/k.txt`, content: 'c', mtimeMs: expect.any(Number), offset: 3, limit: 1, partial: true, via: 'Read', callId: 'toolu_0' });
    expect((await read({ file_path: 'k.txt', offset: 0, limit: 2 }))?.content).toEqual('0\ta\n1\tb');
    expect((await read({ file_path: 'k.txt', limit: 0 }))?.content).toEqual('1\ta\n2\tb\n3\tc\n4\td');
  });

  it('keeps a lone CR inside its line, drops the CR of CRLF, strips a UTF-8 BOM and shows Latin-1 as U+FFFD', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x78, 0x0d, 0x79, 0x0d, 0x0a, 0xe9, 0x0a]);
    const { read } = session({ files: { 'mix.txt': bytes } });
    expect((await read({ file_path: `${CWD}/mix.txt` }))?.content).toEqual('1\tx\ry\n2\t\ufffd\n3\t');
  });

  it('shows UTF-16LE raw (2.1.273 does not decode it)', async () => {
    const { read } = session({ files: { 'w.txt': new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x0a, 0x00]) } });
    expect((await read({ file_path: `${CWD}/w.txt` }))?.content).toEqual('1\t\ufffd\ufffdA\u0000\n2\t\u0000');
  });

  it('applies no 2000-line default: 2600 short lines come back whole', async () => {
    const { read } = session({ files: { 'many.txt': lines(2600, (i) => `r${i}`) } });
    const r = await read({ file_path: `${CWD}/many.txt` });
    expect((r?.structured as { file: { numLines: number; totalLines: number } }).file).toMatchObject({ numLines: 2601, totalLines: 2601 });
  });

  it('warns for an empty file and for an offset past the end', async () => {
    const { read } = session({ files: { 'e.txt': '', 'three.txt': 'x\ny\n' } });
    expect(await read({ file_path: `${CWD}/e.txt`, offset: 0 })).toEqual({
      content: '<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>',
      is_error: false,
      structured: { type: 'text', file: { filePath: `${CWD}/e.txt`, content: '', numLines: 1, startLine: 0, totalLines: 1 } },
      attachments: undefined,
    });
    expect((await read({ file_path: `${CWD}/three.txt`, offset: 4 }))?.content).toEqual(
      '<system-reminder>Warning: the file exists but is shorter than the provided offset (4). The file has 3 lines.</system-reminder>',
    );
  });
});

describe('Read: caps', () => {
  it('refuses a whole read over 256 KB with the size in KB, but reads a range of it', async () => {
    const { read } = session({ files: { 'big.log': lines(3000, (i) => `${i}`.padEnd(99, '.')) } });
    expect(await read({ file_path: `${CWD}/big.log` })).toEqual({
      content: 'File content (293KB) exceeds maximum allowed size (256KB). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file.',
      is_error: true,
      structured: 'Error: File content (293KB) exceeds maximum allowed size (256KB). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file.',
      attachments: undefined,
    });
    expect((await read({ file_path: `${CWD}/big.log`, offset: 2999, limit: 1 }))?.content).toEqual(`2999\t${'2999'.padEnd(99, '.')}`);
  });

  it('pages a whole read over the token cap: lines by the average line length, notice as an attachment', async () => {
    const { read, ledger } = session({ env: { CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS: '500' }, files: { 'p.txt': lines(100, (i) => `p${i}`.padEnd(39, '-')) } });
    const r = await read({ file_path: `${CWD}/p.txt` });
    // 4000 chars -> 1000 tokens; 101 lines * 0.85 * 500 / 1000 = 42.9 -> 42 lines.
    expect(r?.content).toEqual(Array.from({ length: 42 }, (_, i) => `${i + 1}\t${`p${i + 1}`.padEnd(39, '-')}`).join('\n'));
    expect(r?.attachments).toEqual([
      {
        role: 'system',
        type: 'text',
        text: `[Truncated: PARTIAL view — ${CWD}/p.txt: showing lines 1-42 of 101 total (1000 tokens, cap 500). Call Read with offset=43 limit=42 for the next page, or Grep to find a specific section. Do NOT answer from this page alone if the answer may be further in the file.]`,
      },
    ]);
    expect(ledger.get(`${CWD}/p.txt`)).toMatchObject({ partial: true, partialView: true, offset: undefined, limit: undefined });
    // A PARTIAL view is not guarded: the same call returns the page again.
    expect((await read({ file_path: `${CWD}/p.txt` }))?.content).toEqual(r?.content);
  });

  it('pages the README\'s 3001-line log at 1393 lines under the default cap', async () => {
    const { read } = session({ files: { 'big.log': lines(3000, (i) => `log line ${i} `.padEnd(60, 'x')) } });
    expect((await read({ file_path: `${CWD}/big.log` }))?.attachments?.[0]?.text).toEqual(
      `[Truncated: PARTIAL view — ${CWD}/big.log: showing lines 1-1393 of 3001 total (45750 tokens, cap 25000). Call Read with offset=1394 limit=1393 for the next page, or Grep to find a specific section. Do NOT answer from this page alone if the answer may be further in the file.]`,
    );
  });

  it('puts the notice inside the tool_result for claude-opus-4-6', async () => {
    const { read } = session({ model: 'claude-opus-4-6', env: { CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS: '10' }, files: { 'q.txt': lines(10, () => 'abcdefghi') } });
    expect((await read({ file_path: `${CWD}/q.txt` }))?.content).toEqual(
      '1\tabcdefghi\n2\tabcdefghi\n3\tabcdefghi\n\n<system-reminder>\n[Truncated: PARTIAL view — /workspace/project/q.txt: showing lines 1-3 of 11 total (25 tokens, cap 10). Call Read with offset=4 limit=3 for the next page, or Grep to find a specific section. Do NOT answer from this page alone if the answer may be further in the file.]\n</system-reminder>',
    );
  });

  it('falls back to characters when not even the first line fits, counting JSON at 2 bytes per token', async () => {
    const { read } = session({ env: { CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS: '100' }, files: { 'one.json': `[${'1,'.repeat(300)}1]` } });
    const r = await read({ file_path: `${CWD}/one.json` });
    // 603 chars / 2 = 302 tokens; 603 * 85 / 302 = 169.7 -> 169 characters.
    expect(r?.content).toEqual(`1\t[${'1,'.repeat(84)}`);
    expect(r?.attachments?.[0]?.text).toEqual(
      `[Truncated: PARTIAL view — ${CWD}/one.json: showing the first 169 of 603 characters (302 tokens, cap 100); this file has very long lines and cannot be paginated by line. Use Grep to find a specific section, or Read with offset/limit to page through it. Do NOT answer from this excerpt alone if the answer may be elsewhere in the file.]`,
    );
  });

  it('errors for an explicit range over the cap', async () => {
    const { read } = session({ env: { CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS: '20' }, files: { 'r.txt': lines(30, () => 'xxxxxxx') } });
    expect((await read({ file_path: `${CWD}/r.txt`, offset: 2 }))?.content).toEqual(
      'File content (58 tokens) exceeds maximum allowed tokens (20). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file.',
    );
    // offset 1 is a whole read: the PARTIAL view, floor(31 * 0.85 * 20 / 60) = 8 lines.
    expect((await read({ file_path: `${CWD}/r.txt`, offset: 1 }))?.content).toEqual(
      Array.from({ length: 8 }, (_, i) => `${i + 1}\txxxxxxx`).join('\n'),
    );
  });

  it('uses the count_tokens answer when a session emulates one', async () => {
    const { read, s } = session({ env: { CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS: '100' }, files: { 'c.txt': lines(20, () => 'xxxxxxxxx') } });
    setTokenCounter(s.conversation, scenarioTokenCounter(1000));
    const r = await read({ file_path: `${CWD}/c.txt` });
    // 200 chars estimate 50 tokens (> cap/4), so the API is asked; 21 * 85 / 1000 -> 1 line.
    expect(r?.content).toEqual('1\txxxxxxxxx');
    setTokenCounter(s.conversation, scenarioTokenCounter(10));
    expect((await read({ file_path: `${CWD}/c.txt`, limit: 20 }))?.is_error).toEqual(false);
    expect(await scenarioTokenCounter('chars4')?.('a\nb')).toEqual(Math.ceil('[{"role":"user","content":"a\\nb"}]'.length / 4));
  });
});

describe('Read: repeat guard', () => {
  it('refuses an identical Read of an unchanged file, but not two in one message', async () => {
    const { message } = session({ files: { 'g.txt': 'g\n' } });
    const both = await message({ file_path: `${CWD}/g.txt` }, { file_path: 'g.txt' });
    expect(both.map((c) => c.content)).toEqual(['1\tg\n2\t', '1\tg\n2\t']);
    expect(await message({ file_path: `${CWD}/g.txt`, offset: 1 })).toEqual([
      {
        content: 'Wasted call — file unchanged since your last Read. Refer to that earlier tool_result instead.',
        is_error: false,
        structured: { type: 'file_unchanged', file: { filePath: `${CWD}/g.txt` } },
        attachments: undefined,
      },
    ]);
  });

  it('compares the mtime only', async () => {
    const { read, ws } = session({ files: { 'm.txt': 'old\n' } });
    await read({ file_path: `${CWD}/m.txt` });
    const mtime = (await ws.fs.stat(`${CWD}/m.txt`)).mtimeMs;
    await ws.fs.writeFile(`${CWD}/m.txt`, new TextEncoder().encode('new\n'));
    await ws.fs.utimes(`${CWD}/m.txt`, mtime);
    expect((await read({ file_path: `${CWD}/m.txt` }))?.content).toEqual('Wasted call — file unchanged since your last Read. Refer to that earlier tool_result instead.');
    await ws.fs.utimes(`${CWD}/m.txt`, mtime + 5000);
    expect((await read({ file_path: `${CWD}/m.txt` }))?.content).toEqual('1\tnew\n2\t');
  });

  it('ignores entries another tool made and reads with another range', async () => {
    const { read, ledger } = session({ files: { 'b.txt': 'b\n' } });
    const st = { path: `${CWD}/b.txt`, content: 'b\n', partial: false, via: 'Bash' as const, callId: 'x' };
    await read({ file_path: `${CWD}/b.txt`, limit: 1 });
    ledger.set({ ...st, mtimeMs: (ledger.get(`${CWD}/b.txt`) as { mtimeMs: number }).mtimeMs });
    expect((await read({ file_path: `${CWD}/b.txt`, limit: 1 }))?.content).toEqual('1\tb');
    expect((await read({ file_path: `${CWD}/b.txt`, limit: 2 }))?.content).toEqual('1\tb\n2\t');
  });
});

describe('Read: paths and errors', () => {
  it('expands ~ and resolves relative paths', async () => {
    const { read } = session({ files: { [`${HOME}/todo.txt`]: 'home\n', 'sub/r.txt': 'rel\n' } });
    expect((await read({ file_path: '~/todo.txt' }))?.content).toEqual('1\thome\n2\t');
    expect((await read({ file_path: 'sub/../sub/r.txt' }))?.structured).toEqual({ type: 'text', file: { filePath: 'sub/../sub/r.txt', content: 'rel\n', numLines: 2, startLine: 1, totalLines: 2 } });
  });

  it('suggests a re-anchored path before a same-stem sibling', async () => {
    const { read } = session({ files: { 'lib/x.py': 'p\n', '/workspace/lib/x.pyc.bak': 'q', '/workspace/lib/x.txt': 'y' } });
    expect((await read({ file_path: '/workspace/lib/x.py' }))?.content).toEqual(`File does not exist. Note: your current working directory is ${CWD}. Did you mean ${CWD}/lib/x.py?`);
    expect((await read({ file_path: `${CWD}/lib/x.rb` }))?.content).toEqual(`File does not exist. Note: your current working directory is ${CWD}. Did you mean x.py?`);
    expect((await read({ file_path: `${CWD}/lib/y.rb` }))?.content).toEqual(`File does not exist. Note: your current working directory is ${CWD}.`);
  });

  it('retries a screenshot name with the other space before PM', async () => {
    expect(screenshotAlternative('/d/Shot 3.14.15 PM.png')).toEqual('/d/Shot 3.14.15\u202fPM.png');
    expect(screenshotAlternative('/d/Shot\u202fAM.png')).toEqual('/d/Shot AM.png');
    expect(screenshotAlternative('/d/Shot AM.jpg')).toEqual(undefined);
  });

  it('passes directory and ENOTDIR errors through raw, refuses binary extensions in validation', async () => {
    const { read } = session({ files: { 'd/f.txt': 'f\n' } });
    expect((await read({ file_path: 'd' }))?.content).toEqual(`EISDIR: illegal operation on a directory, read '${CWD}/d'`);
    expect((await read({ file_path: `${CWD}/d/f.txt/` }))?.content).toEqual(`ENOTDIR: not a directory, open '${CWD}/d/f.txt/'`);
    expect(await read({ file_path: `${CWD}/gone.Wasm` })).toEqual({
      content: '<tool_use_error>This tool cannot read binary files. The file appears to be a binary .wasm file. Please use appropriate tools for binary file analysis.</tool_use_error>',
      is_error: true,
      structured: 'Error: This tool cannot read binary files. The file appears to be a binary .wasm file. Please use appropriate tools for binary file analysis.',
      attachments: undefined,
    });
  });
});

describe('Read: images, notebooks, PDFs', () => {
  const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0xd0, 0x07, 0x64, 0x00, 0, 0, 0, 0x3b]);

  it('returns an image block with its dimensions (media type from the bytes, extension in any case)', async () => {
    const { read } = session({ files: { 'banner.GIF': gif } });
    expect(await read({ file_path: `${CWD}/banner.GIF` })).toEqual({
      content: [{ type: 'image', source: { type: 'base64', data: 'R0lGODlh0AdkAAAAADs=', media_type: 'image/gif' } }],
      is_error: false,
      structured: { type: 'image', file: { base64: 'R0lGODlh0AdkAAAAADs=', type: 'image/gif', originalSize: 14, dimensions: { originalWidth: 2000, originalHeight: 100, displayWidth: 2000, displayHeight: 100 } } },
      attachments: undefined,
    });
  });

  it('scales the reported size of an image over 2000 pixels and adds the coordinates note', async () => {
    const wide = gif.slice();
    wide.set([0x60, 0x09, 0x0a, 0x00], 6); // 2400 x 10
    const { read } = session({ files: { 'w.gif': wide } });
    const r = await read({ file_path: `${CWD}/w.gif` });
    expect([(r?.structured as { file: { dimensions: unknown } }).file.dimensions, r?.attachments]).toEqual([
      { originalWidth: 2400, originalHeight: 10, displayWidth: 2000, displayHeight: 8 },
      [{ role: 'user', type: 'text', text: '[Image: original 2400x10, displayed at 2000x8. Multiply coordinates by 1.20 to map to original image.]' }],
    ]);
  });

  it('names what a fake image holds', async () => {
    const { read } = session({ files: { 'a.jpeg': '<!doctype html><p>denied</p>\n', 'b.webp': 'plain\n' } });
    expect((await read({ file_path: `${CWD}/a.jpeg` }))?.content).toEqual(
      `File has an image extension but its content is not a valid PNG/JPEG/GIF/WebP. Detected: HTML document (starts with "<!doctype html><p>denied"). This usually means a download saved an error/login page instead of the image. Use \`file "${CWD}/a.jpeg"\` to confirm, or read it as text with Bash (e.g. \`head -c 500\`).`,
    );
    expect((await read({ file_path: `${CWD}/b.webp` }))?.content).toEqual(
      `File has an image extension but its content is not a valid PNG/JPEG/GIF/WebP. Detected: unrecognized bytes (hex: 70 6c 61 69 6e 0a). This usually means a download saved an error/login page instead of the image. Use \`file "${CWD}/b.webp"\` to confirm, or read it as text with Bash (e.g. \`head -c 500\`).`,
    );
  });

  it('renders notebook cells and outputs, joining adjacent text', async () => {
    const nb = JSON.stringify({
      cells: [
        { cell_type: 'markdown', metadata: {}, source: ['## Plan'] },
        { cell_type: 'code', id: 'k', execution_count: 4, metadata: {}, source: ['1+1'], outputs: [{ output_type: 'execute_result', data: { 'text/plain': ['2'] } }] },
      ],
      metadata: { language_info: { name: 'r' } },
      nbformat: 4,
      nbformat_minor: 4,
    });
    const { read, ledger } = session({ files: { 'a.ipynb': nb } });
    expect(await read({ file_path: `${CWD}/a.ipynb`, offset: 5 })).toEqual({
      content: [{ text: '<cell id="cell-0"><cell_type>markdown</cell_type>## Plan</cell id="cell-0">\n<cell id="k"><language>r</language>1+1</cell id="k">\n\n2', type: 'text' }],
      is_error: false,
      structured: {
        type: 'notebook',
        file: {
          filePath: `${CWD}/a.ipynb`,
          cells: [
            { cellType: 'markdown', source: '## Plan', cell_id: 'cell-0' },
            { cellType: 'code', source: '1+1', execution_count: 4, cell_id: 'k', language: 'r', outputs: [{ output_type: 'execute_result', text: '2' }] },
          ],
        },
      },
      attachments: undefined,
    });
    expect(ledger.get(`${CWD}/a.ipynb`)).toMatchObject({ content: nb, via: 'Read', partial: false, offset: undefined, limit: undefined });
    // A notebook is always read whole, so another range is still a repeat.
    expect((await read({ file_path: `${CWD}/a.ipynb`, limit: 1 }))?.content).toEqual('Wasted call — file unchanged since your last Read. Refer to that earlier tool_result instead.');
  });

  it('validates pages before anything else, for any file', async () => {
    expect([parsePages('4'), parsePages(' 2-3 '), parsePages('9-'), parsePages('2,5'), parsePages('0'), parsePages('5-2'), parsePages('x')]).toEqual([
      { first: 4, last: 4 },
      { first: 2, last: 3 },
      { first: 9, last: Infinity },
      { first: 2, last: 2 },
      undefined,
      undefined,
      undefined,
    ]);
    const { read } = session({ files: { 'n.txt': 'n\n' } });
    expect((await read({ file_path: `${CWD}/n.txt`, pages: '2-40' }))?.content).toEqual('<tool_use_error>Page range "2-40" exceeds maximum of 20 pages per request. Please use a smaller range.</tool_use_error>');
    expect((await read({ file_path: `${CWD}/n.txt`, pages: '1' }))?.content).toEqual('1\tn\n2\t');
  });

  it('refuses a whole PDF over 20 MB and devices that never end', async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const { read } = session({ files: { 'big.pdf': big } });
    expect((await read({ file_path: `${CWD}/big.pdf` }))?.content).toEqual('PDF file exceeds maximum allowed size of 20MB.');
    expect((await read({ file_path: '/dev/random' }))?.content).toEqual("<tool_use_error>Cannot read '/dev/random': this device file would block or produce infinite output.</tool_use_error>");
  });

  it('reads a page number past 2^53 as one page, which a PDF does not have', async () => {
    const { read } = session({ files: { 'odd.pdf': '%PDF-1.7\nnot really\n' } });
    expect(await read({ file_path: `${CWD}/odd.pdf`, pages: '99999999999999999999' })).toEqual({
      content: 'PDF file is corrupted or invalid.',
      is_error: true,
      structured: 'Error: PDF file is corrupted or invalid.',
      attachments: undefined,
    });
  });

  it('refuses empty and header-less PDFs', async () => {
    const { read } = session({ files: { 'e.pdf': '', 'h.pdf': '<html>' } });
    expect((await read({ file_path: `${CWD}/e.pdf` }))?.content).toEqual(`PDF file is empty: ${CWD}/e.pdf`);
    expect((await read({ file_path: `${CWD}/h.pdf` }))?.content).toEqual(`File is not a valid PDF (missing %PDF- header): ${CWD}/h.pdf`);
  });
});

describe('Read: explanations', () => {
  it('says which rule shaped the result', async () => {
    const { s } = session({ env: { CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS: '10' }, files: { 'x.txt': 'x\n', 'big.txt': lines(10, () => 'abcdefghi') } });
    const explain = async (input: Record<string, unknown>) => (await s.runModelCall([{ id: `e${JSON.stringify(input)}`, name: 'Read', input }])).calls[0]?.explain;
    expect([
      await explain({ file_path: `${CWD}/x.txt` }),
      await explain({ file_path: `${CWD}/x.txt` }),
      await explain({ file_path: `${CWD}/big.txt` }),
      await explain({ file_path: `${CWD}/nope.txt` }),
    ]).toEqual([
      'Read returned all 2 lines, numbered from 1 (a trailing newline shows as an empty last line; Claude Code applies no 2000-line default when the file fits the caps), and recorded the file in the ledger.',
      `The ledger holds a Read of this path with the same offset and limit (e{"file_path":"${CWD}/x.txt"}) and the file's mtime has not changed: this release's repeat-read guard refuses to send it again (it compares the mtime only, not the content).`,
      'The whole-file read came to 25 tokens, over the 10-token cap, so Read sent the first 3 of 11 lines (about 85% of the cap) with a PARTIAL-view notice; the ledger marks it as a partial view, which Edit and Write do not accept as a read.',
      'No file at this path and no suggester matched; Read only names the working directory.',
    ]);
  });
});
