// WebFetch outcome -> what the model receives. A refusal in the call is a plain error text
// (no <tool_use_error> wrapper); a fetch gives the small model's answer, or a fixed line when
// it answered nothing (web-answer-empty).
import type { Rendered } from '../types';
import { PROXY_CLOSED, type WebFetchOutcome } from './web-fetch';

export const NO_OUTPUT = '(WebFetch completed with no output)';

export function renderWebFetch(o: WebFetchOutcome): Rendered {
  if (o.kind === 'error') return { content: o.message, is_error: true, structured: `Error: ${o.message}` };
  return {
    content: o.result === '' ? NO_OUTPUT : o.result,
    is_error: false,
    structured: { bytes: o.bytes, code: o.code, codeText: o.codeText, result: o.result, durationMs: 0, url: o.url },
  };
}

export function explainWebFetch(o: WebFetchOutcome): string {
  if (o.kind === 'error' && o.message === PROXY_CLOSED)
    return "The scenario's web has no page on this host, so the connection fails. This is the text the binary gives when the oracle's proxy closes such a connection; on a real network it would name the DNS or connection failure instead (not recorded).";
  if (o.kind === 'error') return `WebFetch stopped before reading a page: ${o.message}`;
  if (o.redirect !== undefined)
    return `The page redirects to ${o.redirect}, another host (or scheme): WebFetch hands the new URL back instead of following it.`;
  const saved = o.saved !== undefined ? ' The bytes are binary, so they were also saved to a file.' : '';
  if (o.code < 200 || o.code >= 300) return `The page answered ${o.code} ${o.codeText}: WebFetch does not read the body of an error status.`;
  return `The page answered ${o.code} ${o.codeText} with ${o.bytes} bytes; the small model read it (as Markdown when it was HTML) and its answer is what the model gets. Here that answer is the scenario's scripted one (web.answer, default "ok"), not a model's.${saved}`;
}
