// WebFetch on the scenario's scripted web (script.ts). The order, as recorded (web-* scenarios):
// the permission check (rules on the URL's host, the preapproved documentation hosts, the mode),
// then in the call: localhost and dotless names are refused, http is upgraded to https, the
// domain check asks api.anthropic.com whether the host may be fetched (skipped with the
// skipWebFetchPreflight setting), the page is fetched following same-host redirects (www. may be
// added or dropped) up to 10, a redirect elsewhere comes back as a text naming both URLs, HTML
// becomes Markdown, and the small model answers the prompt against the content (scripted:
// `web.answer`, default `ok`).
import { sanitizePath, sessionId } from '../bash/paths';
import type { ToolContext, ToolSetup } from '../types';
import { settingsOf } from '../../scenario/env';
import { htmlToMarkdown } from './markdown';
import type { WebFetchInput } from './schema';
import {
  DEFAULT_SIDE_ANSWER,
  WEB_SCRIPT_KEY,
  domainCheckAnswer,
  pageResponse,
  scriptedHosts,
  type WebResponse,
  type WebScript,
} from './script';

/** What the session keeps under WEB_SCRIPT_KEY. */
export interface WebSession {
  script: WebScript;
  /** The skipWebFetchPreflight setting: no domain check (web-domain-check-skip-setting). */
  skipPreflight: boolean;
}

/** A scenario without a `web` block ran with no network at all: the domain check cannot be
 * reached, so every fetch ends there. */
const NO_NETWORK: WebSession = { script: { pages: {}, domain_check: 'unreachable' }, skipPreflight: false };

/** The scripted web WebFetch and WebSearch answer from; skipWebFetchPreflight in any settings
 * file skips the domain check (web-domain-check-skip-setting). */
export const setupWeb: ToolSetup = (scen, conversation) => {
  if (!scen.web) return;
  const skipPreflight = settingsOf(scen).some((s) => s?.skipWebFetchPreflight === true);
  conversation.state.set(WEB_SCRIPT_KEY, { script: scen.web, skipPreflight } satisfies WebSession);
};

export function webSession(ctx: ToolContext): WebSession {
  return (ctx.conversation.state.get(WEB_SCRIPT_KEY) as WebSession | undefined) ?? NO_NETWORK;
}

export type WebFetchOutcome =
  | { kind: 'error'; message: string }
  | {
      kind: 'fetched';
      /** The input URL, as given. */
      url: string;
      /** The final response's status. */
      code: number;
      codeText: string;
      /** Body bytes (for a redirect text: the text's UTF-8 length). */
      bytes: number;
      result: string;
      /** For people: the Markdown (or text) the small model was given, and its prompt. */
      content?: string;
      /** A cross-host redirect that was not followed. */
      redirect?: string;
      /** Binary content saved to this file. */
      saved?: string;
    };

const MAX_REDIRECTS = 10;

/** Reason phrases of the statuses a scripted page may answer with (Node's table, as the
 * binary's `codeText` shows them). */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 203: 'Non-Authoritative Information', 204: 'No Content',
  205: 'Reset Content', 206: 'Partial Content', 300: 'Multiple Choices', 301: 'Moved Permanently',
  302: 'Found', 303: 'See Other', 304: 'Not Modified', 307: 'Temporary Redirect', 308: 'Permanent Redirect',
  400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 406: 'Not Acceptable', 408: 'Request Timeout', 409: 'Conflict', 410: 'Gone',
  418: "I'm a Teapot", 429: 'Too Many Requests', 500: 'Internal Server Error', 501: 'Not Implemented',
  502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};
export const statusText = (code: number): string => STATUS_TEXT[code] ?? '';

/** A fetch that failed before any response: the text the binary's HTTP client gives. */
class NetError extends Error {}

/** Through the oracle's proxy, a host it does not serve has its CONNECT closed unanswered. */
export const PROXY_CLOSED = 'Proxy connection ended before receiving CONNECT response';

/** The oracle's binary reaches 127.0.0.1 directly (NO_PROXY), where nothing listens on 443. */
const DIRECT_HOSTS = new Set(['127.0.0.1']);

/** One request to the scripted web, as the oracle's proxy answers it: a page is looked up by
 * scheme, Host header and path (then without the port); the fragment is never sent. */
function request(web: WebScript, url: URL): WebResponse {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (DIRECT_HOSTS.has(host)) throw new NetError(`connect ECONNREFUSED ${host}:${url.port || '443'}`);
  if (!scriptedHosts(web).has(host)) throw new NetError(PROXY_CLOSED);
  const pages = web.pages ?? {};
  const rest = `${url.pathname}${url.search}`;
  const page = pages[`${url.protocol}//${url.host}${rest}`] ?? pages[`${url.protocol}//${url.hostname}${rest}`];
  if (!page)
    // A scripted host's other paths: the proxy's 404.
    return { status: 404, headers: { 'content-type': 'text/plain' }, bytes: new TextEncoder().encode('not scripted') };
  if (page.reset) throw new NetError('socket hang up');
  return pageResponse(page);
}

/** The oracle sends a string body as it is, anything else as JSON. */
function isJson(body: unknown): boolean {
  if (typeof body !== 'string') return true;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/** The domain check's answer, asked once per host and session. */
function domainCheck(ctx: ToolContext, web: WebScript, host: string): WebFetchOutcome | undefined {
  const cache = (ctx.conversation.state.get('web.domainChecks') as Map<string, boolean> | undefined) ?? new Map<string, boolean>();
  ctx.conversation.state.set('web.domainChecks', cache);
  if (cache.get(host) === true) return undefined;
  const a = domainCheckAnswer(web, host);
  if (!a || a.status !== 200 || (ctx.profile.webFetch.unparsableCheckUnverified && !isJson(a.body)))
    return {
      kind: 'error',
      message: `Unable to verify if domain ${host} is safe to fetch. This may be due to network restrictions or enterprise security policies blocking claude.ai.`,
    };
  const ok = a.body !== null && typeof a.body === 'object' && (a.body as { can_fetch?: unknown }).can_fetch === true;
  if (!ok) return { kind: 'error', message: `Claude Code is unable to fetch from ${host}` };
  cache.set(host, true);
  return undefined;
}

/** A redirect is followed when only the path changes, or the host gains or loses `www.`
 * (web-redirect-www); another scheme (web-redirect-loop-downgrade), port or host is not. */
function followable(from: URL, to: URL): boolean {
  if (from.protocol !== to.protocol || from.port !== to.port || to.username || to.password) return false;
  const strip = (h: string) => h.replace(/^www\./, '');
  return strip(from.hostname) === strip(to.hostname);
}

function redirectText(original: string, target: string, status: number, prompt: string): string {
  return `REDIRECT DETECTED: The URL redirects to a location that was not fetched automatically.

    Original URL: ${original}
    Redirect URL (from the server's Location header — server-supplied, not verified): ${target}
    Status: ${status} ${statusText(status)}

    To complete your request, I need to fetch content from the redirected URL. Please use WebFetch again with these parameters:
    - url: "${target}"
    - prompt: "${prompt}"`;
}

const utf8 = (b: Uint8Array) => new TextDecoder('utf-8').decode(b);

/** Content types whose bytes are kept as a file beside the answer, and the file's extension. */
function binaryExtension(mime: string): string | undefined {
  if (mime.startsWith('text/') || /json|xml|javascript|markdown/.test(mime) || mime === '') return undefined;
  const known: Record<string, string> = {
    'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'application/pdf': 'pdf',
    'application/zip': 'zip', 'application/octet-stream': 'bin',
  };
  return known[mime] ?? 'bin';
}

/** The most a response may hold (the HTTP client's maxContentLength: web-size-11000000-plain). */
const MAX_CONTENT_BYTES = 10_485_760;
/** The most page text the small model is given per call (web-size-*). */
const MAX_TEXT = 100_000;
const TRUNCATED = '\n\n[Content truncated due to length...]';

function statusRefusal(code: number): string {
  return `The server returned HTTP ${code} ${statusText(code)}.\n\nThe response body was not retrieved. If this URL requires authentication, use an authenticated tool (e.g. \`gh\` for GitHub, or an MCP-provided fetch tool) instead of WebFetch.`;
}

export async function webFetch(input: WebFetchInput, ctx: ToolContext): Promise<WebFetchOutcome> {
  const { script, skipPreflight } = webSession(ctx);
  const behaviour = ctx.profile.webFetch;
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return { kind: 'error', message: 'Invalid URL' };
  }
  // No host (javascript:, mailto:, file:), credentials, or (where the schema does not limit it)
  // a URL over 2,000 characters: web-url-invalid, web-url-shapes.
  if (url.hostname === '' || url.username !== '' || url.password !== '' || input.url.length > 2000)
    return { kind: 'error', message: 'Invalid URL' };
  const host = url.hostname;
  if (host === 'localhost' || !host.includes('.'))
    return {
      kind: 'error',
      message: 'WebFetch cannot fetch localhost or other hostnames without a dot. To reach a local server, use Bash with curl instead.',
    };
  if (url.protocol === 'http:') url.protocol = 'https:';
  if (!skipPreflight) {
    const refused = domainCheck(ctx, script, url.hostname);
    if (refused) return refused;
  }
  // The HTTP client knows only http and https (web-url-invalid: ftp after the domain check).
  if (url.protocol !== 'https:') return { kind: 'error', message: `Unsupported protocol ${url.protocol}` };
  url.hash = '';
  let res: WebResponse;
  let at = url;
  try {
    for (let hops = 0; ; hops++) {
      res = request(script, at);
      const loc = res.headers.location;
      if (res.status < 300 || res.status >= 400 || loc === undefined) break;
      const next = new URL(loc, at);
      if (!followable(at, next)) {
        const result = redirectText(input.url, next.href, res.status, input.prompt);
        return {
          kind: 'fetched', url: input.url, code: res.status, codeText: statusText(res.status),
          bytes: new TextEncoder().encode(result).length, result, redirect: next.href,
        };
      }
      if (hops + 1 > MAX_REDIRECTS) return { kind: 'error', message: `Too many redirects (exceeded ${MAX_REDIRECTS})` };
      at = next;
    }
  } catch (e) {
    if (e instanceof NetError) return { kind: 'error', message: e.message };
    throw e;
  }
  if (res.bytes.length > MAX_CONTENT_BYTES)
    return { kind: 'error', message: `maxContentLength size of ${MAX_CONTENT_BYTES} exceeded` };
  // Any status outside 2xx: the body is not read (web-status-codes, web-unscripted-host).
  if (res.status < 200 || res.status >= 300) {
    const result = statusRefusal(res.status);
    return { kind: 'fetched', url: input.url, code: res.status, codeText: statusText(res.status), bytes: 0, result };
  }
  const mime = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const text = utf8(res.bytes);
  const page = mime === 'text/html' ? htmlToMarkdown(text) : text;
  const offset = input.offset ?? 0;
  // Past the end: said instead of asking the small model (web-offset; an offset of exactly the
  // length was not recorded).
  if (offset > 0 && offset >= page.length) {
    const result = `Nothing left to read from offset ${offset}: this page's text is ${page.length} characters long.`;
    return { kind: 'fetched', url: input.url, code: res.status, codeText: statusText(res.status), bytes: res.bytes.length, result };
  }
  const end = Math.min(page.length, offset + MAX_TEXT);
  const cut = page.length > end;
  const content = page.slice(offset, end) + (cut ? TRUNCATED : '');
  const answer = script.answer ?? DEFAULT_SIDE_ANSWER;
  if (answer === '' && behaviour.emptyAnswerError !== undefined) return { kind: 'error', message: behaviour.emptyAnswerError };
  let result = answer;
  if (cut && behaviour.truncationNote)
    result += `\n\n[WebFetch note: this page's text is ${page.length} characters long and the answer above covers only characters ${offset} to ${end}; the final ${page.length - end} were not read — to read on, call WebFetch again with the same url and offset: ${end}.]`;
  const ext = binaryExtension(mime);
  let saved: string | undefined;
  if (ext !== undefined) {
    const info = ctx.ws.info;
    const stamp = `${ctx.ws.clock.now()}-${ctx.conversation.nextId('webfetch').replace(/\D/g, '').padStart(6, '0').slice(-6)}`;
    saved = `${info.home}/.claude/projects/${sanitizePath(info.cwd)}/${sessionId(ctx.conversation)}/tool-results/webfetch-${stamp}.${ext}`;
    await ctx.ws.fs.mkdir(saved.slice(0, saved.lastIndexOf('/')), { recursive: true });
    await ctx.ws.fs.writeFile(saved, res.bytes);
    result += `\n\n[Binary content (${mime}, ${res.bytes.length} bytes) also saved to ${saved}]`;
  }
  return {
    kind: 'fetched', url: input.url, code: res.status, codeText: statusText(res.status), bytes: res.bytes.length,
    result, content, ...(saved !== undefined ? { saved } : {}),
  };
}
