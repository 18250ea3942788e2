import { z } from 'zod';

export const memoryListInput = z.strictObject({
  store: z.string().optional(),
  path_prefix: z.string().optional(),
  cursor: z.string().optional(),
});
export type MemoryListInput = z.infer<typeof memoryListInput>;

export const memoryReadInput = z.strictObject({ store: z.string(), path: z.string() });
export type MemoryReadInput = z.infer<typeof memoryReadInput>;

// if_version's 64-character limit is checked in validate: Claude Code words that one issue as
// raw zod JSON, unlike its other input errors (md-discover).
export const memoryWriteInput = z.strictObject({
  store: z.string(),
  path: z.string(),
  content: z.string(),
  if_version: z.string(),
});
export type MemoryWriteInput = z.infer<typeof memoryWriteInput>;
