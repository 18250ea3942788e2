import { z } from 'zod';
import type { WebFetchBehaviour } from '../../profiles/types';

// `url` is checked as the binary's zod checks it (format "url", web-url-invalid); `offset` only
// where the version's definition has it (2.1.332; profiles/schema.ts narrows it away for 2.1.273).
export const webFetchInput = z.strictObject({
  url: z.url(),
  prompt: z.string(),
  offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type WebFetchInput = z.infer<typeof webFetchInput>;

/** The schema as a version words it: the format message, and 2.1.332's length limit
 * (web-url-shapes: "URL is longer than 2000 characters"). */
export function webFetchInputFor(b: WebFetchBehaviour): z.ZodType<WebFetchInput> {
  let url = z.url({ error: b.invalidUrlMessage });
  const max = b.schemaMaxUrl;
  if (max !== undefined)
    url = url.refine((u) => u.length <= max, { message: `URL is longer than ${max} characters` }) as unknown as typeof url;
  return webFetchInput.extend({ url });
}
