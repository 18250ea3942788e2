import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { CWD, RELAXED, STRICT, harness as on, type HarnessOptions } from '../../session/file-tools.test-support';

const harness = (o?: HarnessOptions) => on(createMemfsWorkspace(), o);

const nb = (minor: number, cells: unknown[], metadata: unknown = { language_info: { name: 'julia' } }) =>
  JSON.stringify({ cells, metadata, nbformat: 4, nbformat_minor: minor }, null, 1) + '\n';
const code = (id: string | undefined, source: string[]) => ({
  cell_type: 'code',
  execution_count: 3,
  ...(id ? { id } : {}),
  metadata: {},
  outputs: [{ output_type: 'stream', name: 'stdout', text: ['3\n'] }],
  source,
});
const md = (id: string, source: string[]) => ({ cell_type: 'markdown', id, metadata: {}, source });
const err = (text: string) => ({
  content: `<tool_use_error>${text}</tool_use_error>`,
  is_error: true,
  structured: `Error: ${text}`,
});
const PATH = `${CWD}/n.ipynb`;

async function ready(model = RELAXED, text = nb(5, [md('m1', ['# T']), code('k1', ['a = 1\n', 'a'])])) {
  const h = harness({ model, files: { 'n.ipynb': text } });
  await h.seed('n.ipynb');
  return h;
}

describe('NotebookEdit', () => {
  it('replaces a code cell, clearing its outputs, and reports the old source', async () => {
    const h = await ready();
    const before = h.text('n.ipynb');
    const r = await h.run('NotebookEdit', { notebook_path: PATH, cell_id: 'k1', new_source: 'a = 2' });
    const after = nb(5, [
      md('m1', ['# T']),
      { cell_type: 'code', execution_count: null, id: 'k1', metadata: {}, outputs: [], source: 'a = 2' },
    ]).slice(0, -1);
    expect(r).toEqual({
      content: 'Updated cell k1 with a = 2',
      is_error: false,
      structured: {
        new_source: 'a = 2',
        old_source: 'a = 1\na',
        cell_type: 'code',
        language: 'julia',
        edit_mode: 'replace',
        cell_id: 'k1',
        error: '',
        notebook_path: PATH,
        original_file: before,
        updated_file: after,
      },
    });
    expect(h.text('n.ipynb')).toEqual(after);
    expect(h.ledger.get(PATH)?.via).toEqual('NotebookEdit');
  });

  it('words a cell inserted into a notebook without ids per version', async () => {
    const said: string[] = [];
    for (const version of ['2.1.273', '2.1.332']) {
      const h = harness({ version, files: { 'n.ipynb': nb(4, [code(undefined, ['a = 1'])]) } });
      await h.seed('n.ipynb');
      const r = await h.run('NotebookEdit', { notebook_path: PATH, new_source: 'z = 0', cell_type: 'code', edit_mode: 'insert' });
      said.push(r.content as string);
    }
    expect(said).toEqual(['Inserted cell undefined with z = 0', 'Inserted a new cell with z = 0']);
  });

  it('inserts after a cell with a fresh 8-character id, the same on every replay', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const h = await ready();
      const r = await h.run('NotebookEdit', {
        notebook_path: PATH,
        cell_id: 'm1',
        new_source: 'b',
        cell_type: 'markdown',
        edit_mode: 'insert',
      });
      const id = (r.structured as { cell_id: string }).cell_id;
      expect(r.content).toEqual(`Inserted cell ${id} with b`);
      expect(JSON.parse(h.text('n.ipynb')).cells[1]).toEqual({
        cell_type: 'markdown',
        id,
        source: 'b',
        metadata: {},
      });
      ids.push(id);
    }
    expect(ids[0]).toMatch(/^[a-z0-9]{8}$/);
    expect(ids[1]).toEqual(ids[0]);
  });

  it('inserts at the start without a cell_id, and deletes by cell-N', async () => {
    const h = await ready();
    await h.run('NotebookEdit', {
      notebook_path: PATH,
      new_source: 'first',
      cell_type: 'code',
      edit_mode: 'insert',
    });
    expect(JSON.parse(h.text('n.ipynb')).cells.map((c: { source: unknown }) => c.source)).toEqual([
      'first',
      ['# T'],
      ['a = 1\n', 'a'],
    ]);
    const d = await h.run('NotebookEdit', {
      notebook_path: PATH,
      cell_id: 'cell-1',
      new_source: '',
      edit_mode: 'delete',
    });
    expect({ content: d.content, is_error: d.is_error }).toEqual({
      content: 'Deleted cell cell-1',
      is_error: false,
    });
    expect(JSON.parse(h.text('n.ipynb')).cells.map((c: { source: unknown }) => c.source)).toEqual([
      'first',
      ['a = 1\n', 'a'],
    ]);
  });

  it('reports "undefined" for notebooks without cell ids (nbformat 4.4)', async () => {
    const h = await ready(RELAXED, nb(4, [code(undefined, ['x']), code(undefined, ['y'])], {}));
    const r = await h.run('NotebookEdit', {
      notebook_path: PATH,
      cell_id: 'cell-1',
      new_source: 'z',
      cell_type: 'markdown',
    });
    expect(r.content).toEqual('Updated cell undefined with z');
    expect(JSON.parse(h.text('n.ipynb')).cells[1]).toEqual({
      cell_type: 'markdown',
      execution_count: null,
      metadata: {},
      outputs: [],
      source: 'z',
    });
    expect((r.structured as { language: string; cell_type: string }).language).toEqual('python');
  });

  it('gives every refusal its text', async () => {
    const h = await ready();
    h.ws.vol.writeFileSync(`${CWD}/x.py`, 'x');
    expect(
      await h.run('NotebookEdit', { notebook_path: `${CWD}/x.py`, cell_id: 'k1', new_source: 'x' }),
    ).toEqual(
      err(
        'File must be a Jupyter notebook (.ipynb file). For editing other file types, use the FileEdit tool.',
      ),
    );
    expect(
      await h.run('NotebookEdit', {
        notebook_path: PATH,
        cell_id: 'k1',
        new_source: 'x',
        edit_mode: 'insert',
      }),
    ).toEqual(err('Cell type is required when using edit_mode=insert.'));
    expect(await h.run('NotebookEdit', { notebook_path: PATH, new_source: 'x' })).toEqual(
      err('Cell ID must be specified when not inserting a new cell.'),
    );
    expect(await h.run('NotebookEdit', { notebook_path: PATH, cell_id: 'nope', new_source: 'x' })).toEqual(
      err('Cell with ID "nope" not found in notebook.'),
    );
    expect(await h.run('NotebookEdit', { notebook_path: PATH, cell_id: 'cell-7', new_source: 'x' })).toEqual(
      err('Cell with index 7 does not exist in notebook.'),
    );
    h.ws.vol.writeFileSync(`${CWD}/bad.ipynb`, '{nope');
    await h.seed('bad.ipynb');
    expect(
      await h.run('NotebookEdit', { notebook_path: `${CWD}/bad.ipynb`, cell_id: 'k1', new_source: 'x' }),
    ).toEqual(err('Notebook is not valid JSON.'));
  });

  it('is never relaxed, and any newer mtime is a change', async () => {
    for (const model of [RELAXED, STRICT]) {
      const h = harness({ model, files: { 'n.ipynb': nb(5, [code('k1', ['1'])]) } });
      expect(await h.run('NotebookEdit', { notebook_path: PATH, cell_id: 'k1', new_source: '2' })).toEqual(
        err('File has not been read yet. Read it first before writing to it.'),
      );
    }
    const h = await ready();
    await h.touch('n.ipynb');
    expect(await h.run('NotebookEdit', { notebook_path: PATH, cell_id: 'k1', new_source: '2' })).toEqual(
      err(
        'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.',
      ),
    );
  });

  it('rejects an unknown edit_mode with the recorded validation text', async () => {
    const h = await ready();
    const text =
      'InputValidationError: [\n  {\n    "code": "invalid_value",\n    "values": [\n      "replace",\n      "insert",\n      "delete"\n    ],\n    "path": [\n      "edit_mode"\n    ],\n    "message": "Invalid input"\n  }\n]';
    expect(
      await h.run('NotebookEdit', {
        notebook_path: PATH,
        cell_id: 'k1',
        new_source: 'x',
        edit_mode: 'append',
      }),
    ).toEqual({ content: `<tool_use_error>${text}</tool_use_error>`, is_error: true, structured: text });
  });
  it('decodes \\uXXXX escapes in new_source but keeps trailing whitespace (recorded from 2.1.273)', async () => {
    const h = await ready();
    const r = await h.run('NotebookEdit', {
      notebook_path: PATH,
      cell_id: 'k1',
      new_source: 'y = 2  \n\\u00e9',
    });
    expect(r.content).toEqual('Updated cell k1 with y = 2  \né');
    expect(JSON.parse(h.text('n.ipynb')).cells[1].source).toEqual('y = 2  \né');
  });
});
