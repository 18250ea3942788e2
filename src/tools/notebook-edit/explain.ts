import type { LedgerEntry } from '../../ledger/ledger';
import { explainState } from '../files/explain';
import type { NotebookOutcome } from './notebook-edit';

export function explainNotebookEdit(o: NotebookOutcome): string {
  switch (o.kind) {
    case 'refused':
      switch (o.error.code) {
        case 'unread':
          return `NotebookEdit refused: ${explainState(o.state)} NotebookEdit is never relaxed, whatever the model.`;
        case 'stale':
          return "NotebookEdit refused: the notebook's mtime is newer than the read in the ledger. NotebookEdit compares mtimes only and never recovers.";
        case 'not-ipynb':
          return 'NotebookEdit only edits .ipynb files.';
        case 'insert-needs-type':
          return 'Inserting a cell needs cell_type (code or markdown).';
        case 'missing':
          return 'The notebook was read earlier but no longer exists.';
        case 'bad-json':
          return 'The notebook file is not valid JSON with a cells array.';
        case 'needs-cell-id':
          return 'replace and delete name a cell; only insert may omit cell_id (the new cell then goes first).';
        case 'no-cell-index':
          return `cell-${o.error.index} addresses a cell by index, and the notebook has fewer cells.`;
        case 'no-cell-id':
          return 'No cell has this id, and it is not of the cell-N form.';
      }
      break;
    case 'check-error':
      return `Checking the notebook failed (${o.message}).`;
    case 'failed':
      return `Writing the notebook failed (${o.message}); Claude Code reports it in the result's error field.`;
    case 'edited': {
      const what =
        o.editMode === 'delete'
          ? `Deleted cell ${o.index}`
          : o.editMode === 'insert'
            ? `Inserted a new ${o.cellType} cell at index ${o.index}`
            : `Replaced the source of cell ${o.index}`;
      const id =
        o.cellId === undefined
          ? ' The notebook predates cell ids (nbformat < 4.5), so Claude Code reports the id as "undefined".'
          : '';
      return `${what}; the notebook was written back with one-space JSON indentation and no final newline.${id} ${explainState(o.state)}`;
    }
  }
}

export function consultedByNotebookEdit(o: NotebookOutcome): LedgerEntry | undefined {
  if (o.kind === 'refused' || o.kind === 'edited') return o.state?.entry;
  return undefined;
}
