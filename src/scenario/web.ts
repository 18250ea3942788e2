// The scripted web a scenario carries (the oracle's `web` block, oracle/web.mjs): what each URL
// answers, what the domain check answers, what WebFetch's small model and WebSearch's
// server-side search answer. Nothing reaches a network: the playground has none, and the
// recordings were made against this same script. The tools read it through
// src/tools/web-fetch/script.ts.
import { z } from 'zod';

export const webPageSchema = z.strictObject({
  status: z.number().int().min(100).max(599).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  base64: z.string().optional(),
  repeat: z.string().optional(),
  count: z.number().int().nonnegative().optional(),
  redirect: z.string().optional(),
  /** The connection is dropped without an answer. */
  reset: z.literal(true).optional(),
});
export type WebPage = z.infer<typeof webPageSchema>;

const domainAnswer = z.union([
  z.enum(['allowed', 'blocked', 'error', 'unreachable']),
  z.strictObject({ status: z.number().int().optional(), body: z.unknown().optional() }),
]);
export type DomainAnswer = z.infer<typeof domainAnswer>;

export const searchStepSchema = z.union([
  z.strictObject({ text: z.string() }),
  z.strictObject({
    query: z.string().optional(),
    results: z
      .array(
        z.strictObject({
          title: z.string(),
          url: z.string(),
          page_age: z.string().nullable().optional(),
          encrypted_content: z.string().optional(),
        }),
      )
      .optional(),
    error: z.string().optional(),
  }),
]);
export type SearchStep = z.infer<typeof searchStepSchema>;

export const webScriptSchema = z.strictObject({
  pages: z.record(z.string(), webPageSchema).optional(),
  /** One answer for every domain, or answers per domain ("*": the rest). */
  domain_check: z.union([domainAnswer, z.record(z.string(), domainAnswer)]).optional(),
  /** What WebFetch's small model answers (the oracle's default: "ok"). */
  answer: z.string().optional(),
  /** WebSearch: steps per query ("*": any other query). */
  search: z.record(z.string(), z.array(searchStepSchema)).optional(),
});
export type WebScript = z.infer<typeof webScriptSchema>;

