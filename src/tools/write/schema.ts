import { z } from 'zod';

export const writeInput = z.strictObject({
  file_path: z.string(),
  content: z.string(),
});
export type WriteInput = z.infer<typeof writeInput>;
