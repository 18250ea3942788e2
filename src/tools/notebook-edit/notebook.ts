// The .ipynb model NotebookEdit works on: JSON with a `cells` array; cells are addressed by
// their `id`, or as `cell-N` (N = index) when no cell has that id (nbformat 4.4 has no ids).
import { sha256 } from '@noble/hashes/sha2';

export interface Cell {
  cell_type?: string;
  id?: string;
  source?: string | string[];
  metadata?: unknown;
  execution_count?: number | null;
  outputs?: unknown[];
  [k: string]: unknown;
}

export interface Notebook {
  cells: Cell[];
  metadata?: { language_info?: { name?: string } };
  nbformat?: number;
  nbformat_minor?: number;
  [k: string]: unknown;
}

export function parseNotebook(text: string): Notebook | undefined {
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && Array.isArray((v as { cells?: unknown }).cells)) return v as Notebook;
  } catch {
    // Not JSON: the caller reports it.
  }
  return undefined;
}

export function parseCellIndex(id: string): number | undefined {
  const m = /^cell-(\d+)$/.exec(id);
  return m ? Number(m[1]) : undefined;
}

export type CellLookup = { index: number } | { missingIndex: number } | { missingId: string };

/** The cell an id names: a cell with that id first, then `cell-N`. */
export function locateCell(nb: Notebook, id: string): CellLookup {
  const i = nb.cells.findIndex((c) => c.id === id);
  if (i !== -1) return { index: i };
  const n = parseCellIndex(id);
  if (n === undefined) return { missingId: id };
  return n < nb.cells.length ? { index: n } : { missingIndex: n };
}

/** nbformat 4.5 introduced cell ids. */
export function hasCellIds(nb: Notebook): boolean {
  const major = nb.nbformat ?? 0;
  return major > 4 || (major === 4 && (nb.nbformat_minor ?? 0) >= 5);
}

export function sourceText(c: Cell | undefined): string | undefined {
  if (!c) return undefined;
  return Array.isArray(c.source) ? c.source.join('') : c.source;
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** An 8-character cell id like the binary's random ones, but derived from a seed so a replay
 * gives the same id every time. */
export function newCellId(seed: string, taken: ReadonlySet<string>): string {
  for (let k = 0; ; k++) {
    const h = sha256(new TextEncoder().encode(`${seed}#${k}`));
    let id = '';
    for (let i = 0; i < 8; i++) id += ALPHABET[(h[i] as number) % 36];
    if (!taken.has(id)) return id;
  }
}

/** Notebooks are written back with one-space indentation; a final newline only where the
 * version keeps the file's own (2.1.273 drops it). */
export function serialiseNotebook(nb: Notebook, finalNewline = false): string {
  const json = JSON.stringify(nb, null, 1);
  return finalNewline ? `${json}\n` : json;
}
