import { z } from 'zod';

// Numbers may arrive as strings ("offset": "2"); Claude Code coerces them.
const semanticInt = z.preprocess((v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v), z.number().int());

export const readInput = z.strictObject({
  file_path: z.string(),
  offset: semanticInt.pipe(z.number().int().min(0)).optional(),
  limit: semanticInt.optional(),
  pages: z.string().optional(),
});
export type ReadInput = z.infer<typeof readInput>;
