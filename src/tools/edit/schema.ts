import { z } from 'zod';

// Claude Code accepts "true"/"false" strings for booleans.
const semanticBoolean = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

export const editInput = z.strictObject({
  file_path: z.string(),
  old_string: z.string(),
  new_string: z.string(),
  replace_all: semanticBoolean.optional().default(false),
});
export type EditInput = z.infer<typeof editInput>;
