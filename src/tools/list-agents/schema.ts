import { z } from 'zod';

// `cursor` only where the version's definition has it (2.1.332; profiles/schema.ts narrows it away
// for 2.1.273, where it is an unexpected parameter).
export const listAgentsInput = z.strictObject({
  channel: z.string().max(256).optional(),
  q: z.string().max(256).optional(),
  cursor: z.string().max(256).optional(),
});
export type ListAgentsInput = z.infer<typeof listAgentsInput>;
