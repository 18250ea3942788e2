import { z } from 'zod';

// Numbers may arrive as strings ("offset": "2", " 1 "); Claude Code coerces them. A negative
// offset and a limit of 0 or less are dropped rather than refused (read-limit-zero,
// read-probe-input-errors), so they read as if absent.
const asNumber = (v: unknown): unknown => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);

const offset = z.preprocess((v) => {
  const n = asNumber(v);
  return typeof n === 'number' && n < 0 ? undefined : n;
}, z.number().int().optional());

const limit = z.preprocess((v) => {
  const n = asNumber(v);
  return typeof n === 'number' && n <= 0 ? undefined : n;
}, z.number().int().optional());

export const readInput = z.strictObject({
  file_path: z.string(),
  offset,
  limit,
  pages: z.string().optional(),
  // 2.1.332 and later; a profile whose Read definition lacks it refuses it (profiles/schema.ts).
  allow_large: z.boolean().optional(),
});
export type ReadInput = z.infer<typeof readInput>;
