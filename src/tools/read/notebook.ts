// Jupyter notebooks as Read returns them: each cell as `<cell id="…">…</cell id="…">` text
// (non-code cells tagged with their type, code cells in another language with it), outputs as
// text and image blocks, adjacent text blocks joined with a newline (read-ipynb and probes).

export interface NotebookImage {
  image_data: string;
  media_type: 'image/png' | 'image/jpeg';
}

export interface NotebookOutput {
  output_type: string;
  text?: string;
  image?: NotebookImage;
}

/** One cell as the structured result lists it (key order as recorded). */
export interface NotebookCell {
  cellType: string;
  source: string;
  execution_count?: number;
  cell_id: string;
  language?: string;
  outputs?: NotebookOutput[];
}

export type NotebookBlock =
  | { text: string; type: 'text' }
  | { type: 'image'; source: { data: string; media_type: string; type: 'base64' } };

type Json = Record<string, unknown>;

/** Outputs whose JSON is longer than this are not included. */
const LARGE_OUTPUTS = 10000;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const joinText = (v: unknown): string => (Array.isArray(v) ? v.map(String).join('') : typeof v === 'string' ? v : '');

function image(data: unknown): NotebookImage | undefined {
  if (!isObj(data)) return undefined;
  const png = data['image/png'];
  if (typeof png === 'string') return { image_data: png.replace(/\s/g, ''), media_type: 'image/png' };
  const jpeg = data['image/jpeg'];
  if (typeof jpeg === 'string') return { image_data: jpeg.replace(/\s/g, ''), media_type: 'image/jpeg' };
  return undefined;
}

function output(o: Json): NotebookOutput {
  const type = String(o.output_type);
  switch (type) {
    case 'stream':
      return { output_type: type, text: joinText(o.text) };
    case 'execute_result':
    case 'display_data': {
      const data = isObj(o.data) ? o.data : {};
      const out: NotebookOutput = { output_type: type, text: joinText(data['text/plain']) };
      const img = image(data);
      if (img) out.image = img;
      return out;
    }
    case 'error': {
      const tb = Array.isArray(o.traceback) ? o.traceback.map(String).join('\n') : '';
      return { output_type: type, text: `${String(o.ename)}: ${String(o.evalue)}\n${tb}` };
    }
    default:
      return { output_type: type };
  }
}

/** Read refuses a notebook unless its top-level object's "cells" is an array of objects, each
 * with a string or string-array "source"; cell_type is not required (read-x-notebook-shape). */
export function isNotebookShape(nb: unknown): boolean {
  if (!isObj(nb) || !Array.isArray(nb.cells)) return false;
  return nb.cells.every(
    (c) => isObj(c) && (typeof c.source === 'string' || (Array.isArray(c.source) && c.source.every((x) => typeof x === 'string'))),
  );
}

/** Parses the notebook JSON (throws SyntaxError on bad JSON, as JSON.parse does). */
export function parseNotebook(text: string): NotebookCell[] {
  const nb: unknown = JSON.parse(text);
  if (!isObj(nb)) return [];
  const meta = isObj(nb.metadata) ? nb.metadata : {};
  const info = isObj(meta.language_info) ? meta.language_info : {};
  const language = typeof info.name === 'string' ? info.name : 'python';
  const cells = Array.isArray(nb.cells) ? nb.cells : [];
  return cells.filter(isObj).map((c, i) => {
    const cellType = String(c.cell_type);
    const cell: NotebookCell = {
      cellType,
      source: joinText(c.source),
      ...(typeof c.execution_count === 'number' ? { execution_count: c.execution_count } : {}),
      cell_id: typeof c.id === 'string' ? c.id : `cell-${i}`,
    };
    if (cellType === 'code') {
      cell.language = language;
      const raw = Array.isArray(c.outputs) ? c.outputs.filter(isObj) : [];
      // Bulky outputs are replaced by a pointer (read-probe2-notebook-large-output).
      if (JSON.stringify(raw).length > LARGE_OUTPUTS) {
        cell.outputs = [{ output_type: 'stream', text: `Outputs are too large to include. Use Bash with: cat <notebook_path> | jq '.cells[${i}].outputs'` }];
      } else if (raw.length > 0) cell.outputs = raw.map(output);
    }
    return cell;
  });
}

function cellBlocks(c: NotebookCell): NotebookBlock[] {
  let tags = '';
  if (c.cellType !== 'code') tags += `<cell_type>${c.cellType}</cell_type>`;
  if (c.cellType === 'code' && c.language !== 'python') tags += `<language>${c.language ?? ''}</language>`;
  const blocks: NotebookBlock[] = [{ text: `<cell id="${c.cell_id}">${tags}${c.source}</cell id="${c.cell_id}">`, type: 'text' }];
  for (const o of c.outputs ?? []) {
    if (o.text) blocks.push({ text: `\n${o.text}`, type: 'text' });
    if (o.image) blocks.push({ type: 'image', source: { data: o.image.image_data, media_type: o.image.media_type, type: 'base64' } });
  }
  return blocks;
}

export function notebookBlocks(cells: readonly NotebookCell[]): NotebookBlock[] {
  const out: NotebookBlock[] = [];
  for (const b of cells.flatMap(cellBlocks)) {
    const last = out[out.length - 1];
    if (last && last.type === 'text' && b.type === 'text') last.text += `\n${b.text}`;
    else out.push(b.type === 'text' ? { ...b } : b);
  }
  return out;
}
