import { z } from 'zod';

export const webSearchInput = z.strictObject({
  query: z.string().min(2),
  allowed_domains: z.array(z.string()).optional(),
  blocked_domains: z.array(z.string()).optional(),
});
export type WebSearchInput = z.infer<typeof webSearchInput>;
