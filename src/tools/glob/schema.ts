import { z } from 'zod';

export const globInput = z.strictObject({
  pattern: z.string(),
  path: z.string().optional(),
});
export type GlobInput = z.infer<typeof globInput>;
