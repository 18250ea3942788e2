// How the scripted web answers (the oracle's proxy and fake API, oracle/web.mjs and run.mjs):
// the same rules here, so a replay sees what the binary saw.
import type { DomainAnswer, WebPage, WebScript } from '../../scenario/web';

export type { SearchStep, WebScript } from '../../scenario/web';

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
