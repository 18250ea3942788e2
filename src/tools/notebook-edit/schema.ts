import { z } from 'zod';

// 2.1.273's zod printed "Invalid input" for a value outside an enum; zod 4.6 says "Invalid
// option: …", so the message is given here to keep the recorded InputValidationError text.
const INVALID = { error: 'Invalid input' };

export const notebookEditInput = z.strictObject({
  notebook_path: z.string(),
  cell_id: z.string().optional(),
  new_source: z.string(),
  cell_type: z.enum(['code', 'markdown'], INVALID).optional(),
  edit_mode: z.enum(['replace', 'insert', 'delete'], INVALID).optional(),
});
export type NotebookEditInput = z.infer<typeof notebookEditInput>;
export type CellType = NonNullable<NotebookEditInput['cell_type']>;
export type EditMode = NonNullable<NotebookEditInput['edit_mode']>;
