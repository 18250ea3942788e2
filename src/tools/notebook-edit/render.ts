// NotebookEdit outcome -> exactly what Claude Code 2.1.273 sends the model.
import type { Rendered, ToolContext } from '../types';
import { checkCrash, MODIFIED, refusal, UNREAD } from '../files/render';
import type { NotebookError, NotebookOutcome } from './notebook-edit';

export function notebookErrorText(e: NotebookError): string {
  switch (e.code) {
    case 'not-ipynb':
      return 'File must be a Jupyter notebook (.ipynb file). For editing other file types, use the FileEdit tool.';
    case 'insert-needs-type':
      return 'Cell type is required when using edit_mode=insert.';
    case 'unread':
      return UNREAD;
    case 'stale':
      return MODIFIED;
    case 'missing':
      return 'Notebook file does not exist.';
    case 'bad-json':
      return 'Notebook is not valid JSON.';
    case 'needs-cell-id':
      return 'Cell ID must be specified when not inserting a new cell.';
    case 'no-cell-index':
      return `Cell with index ${e.index} does not exist in notebook.`;
    case 'no-cell-id':
      return `Cell with ID "${e.id}" not found in notebook.`;
  }
}

export function renderNotebookEdit(o: NotebookOutcome, _ctx: ToolContext): Rendered {
  switch (o.kind) {
    case 'refused':
      return refusal(notebookErrorText(o.error));
    case 'check-error':
      return checkCrash('NotebookEdit', o.message);
    case 'failed':
      return {
        is_error: true,
        content: o.message,
        structured: {
          new_source: o.newSource,
          cell_type: o.cellType,
          language: 'python',
          edit_mode: 'replace',
          error: o.message,
          cell_id: o.cellId,
          notebook_path: o.path,
          original_file: '',
          updated_file: '',
        },
      };
    case 'edited': {
      // 2.1.273 prints the id even when there is none ("Updated cell undefined with …").
      const id = String(o.cellId);
      const content =
        o.editMode === 'delete'
          ? `Deleted cell ${id}`
          : o.editMode === 'insert'
            ? `Inserted ${o.unnamed ? 'a new cell' : `cell ${id}`} with ${o.newSource}`
            : `Updated cell ${id} with ${o.newSource}`;
      return {
        is_error: false,
        content,
        structured: {
          new_source: o.newSource,
          old_source: o.oldSource,
          ...(o.oldCellType === undefined ? {} : { old_cell_type: o.oldCellType }),
          cell_type: o.cellType,
          language: o.language,
          edit_mode: o.editMode,
          cell_id: o.cellId,
          error: '',
          notebook_path: o.path,
          original_file: o.originalFile,
          updated_file: o.updatedFile,
        },
      };
    }
  }
}
