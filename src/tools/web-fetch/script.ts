// The scripted web a scenario carries (the oracle's `web` block, oracle/web.mjs): what each URL
// answers, what the domain check answers, what WebFetch's small model and WebSearch's
// server-side search answer. Nothing here reaches a network: the playground has none, and the
// recordings were made against this same script.
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

/** Conversation.state key under which the session keeps the scenario's web script. */
export const WEB_SCRIPT_KEY = 'web.script';

/** The oracle's fake API answers a side request it has no script for with this text. */
export const DEFAULT_SIDE_ANSWER = 'ok';

/** What the domain check (GET api.anthropic.com/api/web/domain_info?domain=…) answers:
 * status and body, or null when the connection fails. */
export function domainCheckAnswer(web: WebScript, domain: string): { status: number; body: unknown } | null {
  let dc: unknown = web.domain_check ?? 'allowed';
  if (dc !== null && typeof dc === 'object' && !('status' in dc) && !('body' in dc)) {
    const per = dc as Record<string, DomainAnswer>;
    dc = per[domain] ?? per['*'] ?? 'allowed';
  }
  if (dc === 'allowed') return { status: 200, body: { domain, can_fetch: true } };
  if (dc === 'blocked') return { status: 200, body: { domain, can_fetch: false } };
  if (dc === 'error') return { status: 500, body: { error: 'scripted' } };
  if (dc === 'unreachable') return null;
  const o = dc as { status?: number; body?: unknown };
  return { status: o.status ?? 200, body: o.body ?? {} };
}

/** The hosts the oracle's proxy lets through: the scripted pages' and the domain check's. */
export function scriptedHosts(web: WebScript): Set<string> {
  const hosts = new Set<string>();
  for (const u of Object.keys(web.pages ?? {})) {
    try {
      hosts.add(new URL(u).hostname.replace(/^\[|\]$/g, ''));
    } catch {
      // a key that is no URL names no host
    }
  }
  return hosts;
}

export function pageBytes(p: WebPage): Uint8Array {
  if (p.base64 !== undefined) return Uint8Array.from(atob(p.base64), (c) => c.charCodeAt(0));
  if (p.repeat !== undefined) return new TextEncoder().encode(p.repeat.repeat(p.count ?? 1));
  if (p.body !== undefined) return new TextEncoder().encode(typeof p.body === 'string' ? p.body : JSON.stringify(p.body));
  return new Uint8Array(0);
}

/** A scripted page's response as the proxy serves it: status, lower-cased headers, bytes. */
export interface WebResponse {
  status: number;
  headers: Record<string, string>;
  bytes: Uint8Array;
}

export function pageResponse(p: WebPage): WebResponse {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.headers ?? {})) headers[k.toLowerCase()] = v;
  if (p.redirect !== undefined) headers.location = p.redirect;
  else if (!('content-type' in headers)) headers['content-type'] = 'text/html; charset=utf-8';
  return { status: p.status ?? (p.redirect !== undefined ? 301 : 200), headers, bytes: pageBytes(p) };
}
