// NotebookEdit: replace, insert or delete one cell. Never relaxed: the notebook must have been
// read, and any newer mtime is a change. No model-facing strings here (render.ts).
import { nodeExtname as extname } from '../../text/paths';
import { applyLineEnding, encodeText, readTextFile, type TextFile } from '../../text/encoding';
import { normaliseWrittenText } from '../../text/normalise-input';
import { isFsError } from '../../workspace/types';
import type { ToolContext } from '../types';
import { catchFs, fsErrorText } from '../files/errors';
import { readState, type ReadState } from '../files/freshness';
import { resolvePath } from '../files/paths';
import {
  hasCellIds,
  locateCell,
  newCellId,
  parseNotebook,
  serialiseNotebook,
  sourceText,
  type Cell,
  type Notebook,
} from './notebook';
import type { CellType, EditMode, NotebookEditInput } from './schema';

export type NotebookError =
  | { code: 'not-ipynb' }
  | { code: 'insert-needs-type' }
  | { code: 'unread' }
  | { code: 'stale' }
  | { code: 'missing' }
  | { code: 'bad-json' }
  | { code: 'needs-cell-id' }
  | { code: 'no-cell-index'; index: number }
  | { code: 'no-cell-id'; id: string };

export type NotebookOutcome =
  | { kind: 'refused'; error: NotebookError; path: string; state?: ReadState }
  | { kind: 'check-error'; path: string; message: string }
  /** A failure inside the call: Claude Code reports it in the result's `error` field. */
  | { kind: 'failed'; path: string; message: string; newSource: string; cellType: CellType; cellId?: string }
  | {
      kind: 'edited';
      path: string;
      newSource: string;
      oldSource?: string;
      /** The replaced or deleted cell's type, on releases that report it. */
      oldCellType?: CellType;
      cellType: CellType;
      language: string;
      editMode: EditMode;
      /** The id reported back: the new cell's id on insert, the given id otherwise; undefined
       * for notebooks without ids (nbformat < 4.5). */
      cellId?: string;
      /** An inserted cell without an id, which the version words as "a new cell". */
      unnamed?: true;
      index: number;
      originalFile: string;
      updatedFile: string;
      state?: ReadState;
    };

interface Plan {
  path: string;
  file: TextFile;
  nb: Notebook;
  state: ReadState;
}

const refused = (path: string, error: NotebookError, state?: ReadState): NotebookOutcome => ({
  kind: 'refused',
  error,
  path,
  state,
});

async function assess(input: NotebookEditInput, ctx: ToolContext): Promise<Plan | NotebookOutcome> {
  const { fs } = ctx.ws;
  const path = resolvePath(input.notebook_path, ctx);
  const mode = input.edit_mode ?? 'replace';
  if (extname(path) !== '.ipynb') return refused(path, { code: 'not-ipynb' });
  if (mode === 'insert' && !input.cell_type) return refused(path, { code: 'insert-needs-type' });

  let mtimeMs: number;
  try {
    mtimeMs = (await fs.stat(path)).mtimeMs;
  } catch (e) {
    if (!isFsError(e)) throw e;
    if (e.code !== 'ENOENT') return { kind: 'check-error', path, message: fsErrorText(e) };
    return ctx.ledger.get(path) ? refused(path, { code: 'missing' }) : refused(path, { code: 'unread' });
  }
  const state = await readState(path, mtimeMs, () => Promise.resolve(''), ctx, {
    relaxable: false,
    relaxPartialView: false,
    compareContent: false,
  });
  if (state.kind === 'unread') return refused(path, { code: 'unread' }, state);
  if (state.kind === 'stale') return refused(path, { code: 'stale' }, state);

  const read = await catchFs(async () => readTextFile(await fs.readFile(path)));
  if ('error' in read)
    return read.error.code === 'ENOENT'
      ? refused(path, { code: 'missing' }, state)
      : { kind: 'check-error', path, message: fsErrorText(read.error) };
  const nb = parseNotebook(read.ok.content);
  if (!nb) return refused(path, { code: 'bad-json' }, state);
  if (input.cell_id === undefined || input.cell_id === '') {
    if (mode !== 'insert') return refused(path, { code: 'needs-cell-id' }, state);
  } else {
    const at = locateCell(nb, input.cell_id);
    if ('missingIndex' in at) return refused(path, { code: 'no-cell-index', index: at.missingIndex }, state);
    if ('missingId' in at) return refused(path, { code: 'no-cell-id', id: at.missingId }, state);
  }
  return { path, file: read.ok, nb, state };
}

export async function validateNotebookEdit(
  input: NotebookEditInput,
  ctx: ToolContext,
): Promise<NotebookOutcome | undefined> {
  const a = await assess(input, ctx);
  return 'kind' in a ? a : undefined;
}

export async function notebookEdit(input: NotebookEditInput, ctx: ToolContext): Promise<NotebookOutcome> {
  const plan = await assess(input, ctx);
  if ('kind' in plan) return plan;
  const { path, file, nb, state } = plan;
  const mode = input.edit_mode ?? 'replace';
  const cellType = input.cell_type ?? 'code';
  const source = normaliseWrittenText(input.new_source, { stripTrailing: false });

  let index = 0;
  if (input.cell_id) {
    const at = locateCell(nb, input.cell_id);
    index = 'index' in at ? at.index : 0;
    if (mode === 'insert') index += 1;
  }
  const language = nb.metadata?.language_info?.name ?? 'python';
  const ids = hasCellIds(nb);
  let cellId: string | undefined;
  if (ids)
    cellId =
      mode === 'insert' ? newCellId(ctx.callId, new Set(nb.cells.map((c) => c.id ?? ''))) : input.cell_id;
  else if (ctx.profile.notebookKeepsFormat && mode !== 'insert') cellId = input.cell_id;

  let oldSource: string | undefined;
  // Releases that report the old cell's type report the type the edit leaves (the old one unless
  // the input names another), where older ones report the input's type or code.
  const oldCellType = mode !== 'insert' && ctx.profile.notebookReportsOldCellType ? (nb.cells[index]?.cell_type as CellType | undefined) : undefined;
  const reportedType = oldCellType === undefined ? cellType : (input.cell_type ?? oldCellType);
  if (mode === 'delete') {
    oldSource = sourceText(nb.cells[index]);
    nb.cells.splice(index, 1);
  } else if (mode === 'insert') {
    const cell: Cell =
      input.cell_type === 'markdown'
        ? { cell_type: 'markdown', id: cellId, source: source, metadata: {} }
        : {
            cell_type: 'code',
            id: cellId,
            source: source,
            metadata: {},
            execution_count: null,
            outputs: [],
          };
    nb.cells.splice(index, 0, cell);
  } else {
    const target = nb.cells[index] as Cell;
    oldSource = sourceText(target);
    target.source = source;
    const wasCode = target.cell_type === 'code';
    if (input.cell_type && input.cell_type !== target.cell_type) target.cell_type = input.cell_type;
    // A changed code cell loses its outputs, as when Jupyter edits it.
    if (ctx.profile.notebookCellKeysFollowType ? target.cell_type === 'code' : wasCode) {
      target.execution_count = null;
      target.outputs = [];
    } else if (ctx.profile.notebookCellKeysFollowType && target.cell_type === 'markdown') {
      delete target.execution_count;
      delete target.outputs;
    }
  }

  const updatedFile = serialiseNotebook(nb, ctx.profile.notebookKeepsFormat && file.content.endsWith('\n'));
  const written = await catchFs(async () => {
    await ctx.ws.fs.writeFile(path, encodeText(applyLineEnding(updatedFile, file.lineEnding), file.encoding));
    return ctx.ws.fs.stat(path);
  });
  if ('error' in written)
    return {
      kind: 'failed',
      path,
      message: fsErrorText(written.error),
      newSource: source,
      cellType,
      cellId: input.cell_id,
    };
  ctx.ledger.set({
    path,
    content: updatedFile,
    mtimeMs: written.ok.mtimeMs,
    partial: false,
    via: 'NotebookEdit',
    callId: ctx.callId,
  });
  return {
    kind: 'edited',
    path,
    newSource: source,
    oldSource,
    ...(oldCellType === undefined ? {} : { oldCellType }),
    cellType: mode === 'delete' && oldCellType !== undefined ? oldCellType : reportedType,
    language,
    editMode: mode,
    cellId,
    // 2.1.332 names no id for a cell it inserts into a notebook without ids (nb-x-insert-no-ids).
    ...(mode === 'insert' && cellId === undefined && ctx.profile.notebookKeepsFormat ? { unnamed: true } : {}),
    index,
    originalFile: file.content,
    updatedFile,
    state,
  };
}
