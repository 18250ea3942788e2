import { z } from 'zod';

// Numbers may arrive as strings ("timeout": "5000"); Claude Code coerces them.
export const semanticNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v),
  z.number(),
);
export const semanticBoolean = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

export const bashInput = z.strictObject({
  command: z.string(),
  timeout: semanticNumber.optional(),
  description: z.string().optional(),
  run_in_background: semanticBoolean.optional(),
  dangerouslyDisableSandbox: semanticBoolean.optional(),
});
export type BashInput = z.infer<typeof bashInput>;
