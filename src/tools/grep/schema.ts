import { z } from 'zod';

// Numbers and booleans may arrive as strings ("head_limit": "2", "-i": "true"); Claude Code
// coerces them.
const num = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
  z.number(),
);
const bool = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

export const grepInput = z.strictObject({
  pattern: z.string(),
  path: z.string().optional(),
  glob: z.string().optional(),
  output_mode: z.enum(['content', 'files_with_matches', 'count']).optional(),
  '-B': num.optional(),
  '-A': num.optional(),
  '-C': num.optional(),
  context: num.optional(),
  '-n': bool.optional(),
  '-i': bool.optional(),
  '-o': bool.optional(),
  type: z.string().optional(),
  head_limit: num.optional(),
  offset: num.optional(),
  multiline: bool.optional(),
});
export type GrepInput = z.infer<typeof grepInput>;
