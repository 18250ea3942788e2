import { z } from 'zod';

// zod's own "Invalid option: expected one of …" for a value outside an enum is what 2.1.332
// prints; 2.1.273 printed "Invalid input" (session/validation.ts words it per profile).
export const notebookEditInput = z.strictObject({
  notebook_path: z.string(),
  cell_id: z.string().optional(),
  new_source: z.string(),
  cell_type: z.enum(['code', 'markdown']).optional(),
  edit_mode: z.enum(['replace', 'insert', 'delete']).optional(),
});
export type NotebookEditInput = z.infer<typeof notebookEditInput>;
export type CellType = NonNullable<NotebookEditInput['cell_type']>;
export type EditMode = NonNullable<NotebookEditInput['edit_mode']>;
