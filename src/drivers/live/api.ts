// One streaming call to the Messages API (POST {baseUrl}/v1/messages, stream: true) from the
// browser: the headers the API asks of a page (anthropic-version, x-api-key and
// anthropic-dangerous-direct-browser-access), a deadline, a byte budget, errors as coded values,
// and the raw request and response kept for people with the key masked.
import { MessageBuilder, StreamErrorEvent, type AssistantMessage } from './message';
import { SseLimitError, sseEvents, type SseLimits } from './sse';

export const ANTHROPIC_VERSION = '2023-06-01';
export const DEFAULT_BASE_URL = 'https://api.anthropic.com';

export type LiveErrorKind =
  | 'auth' // 401: the key is wrong or revoked
  | 'permission' // 403
  | 'rate-limit' // 429
  | 'overloaded' // 529, or an overloaded_error event mid-stream
  | 'bad-request' // 400, 404, 413: the request itself (model name, size)
  | 'server' // other 5xx, or an error event mid-stream
  | 'network' // fetch failed: offline, DNS, CORS, a refused connection
  | 'cut' // the stream ended before message_stop
  | 'deadline' // the call passed its deadline
  | 'too-large' // the response passed the byte budget
  | 'stopped'; // the person stopped it

export class LiveApiError extends Error {
  constructor(
    readonly kind: LiveErrorKind,
    message: string,
    readonly status?: number,
    /** Seconds the server asked to wait (retry-after), when it said. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'LiveApiError';
  }
  /** The exchange as far as it went (masked) and its timings, for the page's per-call view. */
  raw?: RawExchange;
  timings?: CallTimings;
  /** Worth trying again as it is (the page retries these by itself, a few times). */
  get transient(): boolean {
    return this.kind === 'rate-limit' || this.kind === 'overloaded';
  }
}

export interface RawExchange {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  status?: number;
  responseHeaders?: Record<string, string>;
  /** The response as it came (SSE text or the error JSON), capped for display. */
  responseText: string;
}

export interface CallTimings {
  /** From sending to the response headers. */
  headersMs?: number;
  /** From sending to the first content block. */
  firstBlockMs?: number;
  totalMs: number;
}

export interface CallOutcome {
  message: AssistantMessage;
  raw: RawExchange;
  timings: CallTimings;
}

export interface CallOptions {
  fetch: typeof fetch;
  baseUrl: string;
  apiKey: string;
  body: Record<string, unknown>;
  signal: AbortSignal;
  /** The whole call (headers and stream). */
  deadlineMs: number;
  limits: SseLimits;
  /** The message as it streams. */
  onUpdate?: (m: AssistantMessage) => void;
  /** The raw exchange as it streams (masked). */
  onRaw?: (raw: RawExchange) => void;
  now?: () => number;
}

/** Characters of the raw response kept for display. */
const RAW_CAP = 256 * 1024;

function secretsOf(apiKey: string, baseUrl: string): string[] {
  return [apiKey, ...urlSecrets(baseUrl)].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
}

const maskWith = (secrets: readonly string[]) => (s: string) =>
  secrets.reduce((out, k) => out.split(k).join('[masked]'), s);

/** The key never leaves this function unmasked: every text shown or kept passes through here. */
export function masker(apiKey: string, baseUrl: string): (s: string) => string {
  return maskWith(secretsOf(apiKey, baseUrl));
}

/** Masks a text that arrives in pieces, where a key may be split between two: the tail of what
 * has come that could begin a key is held back until the next piece (or the end) settles it. */
export function streamMasker(apiKey: string, baseUrl: string): { push: (t: string) => string; end: () => string } {
  const secrets = secretsOf(apiKey, baseUrl);
  const mask = maskWith(secrets);
  const longest = secrets[0]?.length ?? 0;
  let held = '';
  /** Where the earliest tail that could begin a key starts (the text's length when none). */
  const holdFrom = (s: string) => {
    for (let i = Math.max(0, s.length - longest + 1); i < s.length; i++) {
      const tail = s.slice(i);
      if (secrets.some((k) => k.length > tail.length && k.startsWith(tail))) return i;
    }
    return s.length;
  };
  return {
    push: (t) => {
      const s = held + t;
      const cut = holdFrom(s);
      held = s.slice(cut);
      return mask(s.slice(0, cut));
    },
    end: () => {
      const rest = mask(held);
      held = '';
      return rest;
    },
  };
}

/** Parts of a base URL that may carry a proxy's credentials: user, password, query values. */
function urlSecrets(baseUrl: string): string[] {
  try {
    const u = new URL(baseUrl);
    const out = [u.username, u.password].filter(Boolean).map((s) => decodeURIComponent(s));
    for (const v of u.searchParams.values()) out.push(v);
    return out;
  } catch {
    return [];
  }
}

/** The base URL as shown: no user, no password, query values masked. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    for (const k of [...u.searchParams.keys()]) u.searchParams.set(k, '[masked]');
    return u.toString();
  } catch {
    return '[an invalid URL]';
  }
}

export function messagesUrl(baseUrl: string): string {
  const base = (baseUrl.trim() || DEFAULT_BASE_URL).replace(/\/+$/, '');
  const u = new URL(base);
  // A proxy's query (a token) stays on the URL, after the path.
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/v1/messages`;
  return u.toString();
}

const headerObject = (h: Headers, mask: (s: string) => string) =>
  Object.fromEntries([...h.entries()].map(([k, v]) => [k, mask(v)]));

function retryAfterSeconds(h: Headers): number | undefined {
  const v = h.get('retry-after');
  if (v === null) return undefined;
  const n = Number(v);
  if (Number.isFinite(n) && n >= 0) return n;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

function httpError(status: number, text: string, headers: Headers): LiveApiError {
  let detail = text.trim().slice(0, 500);
  try {
    const j = JSON.parse(text) as { error?: { type?: string; message?: string } };
    if (j.error?.message) detail = `${j.error.type ?? 'error'}: ${j.error.message}`;
  } catch {
    // not JSON: the text as it came
  }
  const kind: LiveErrorKind =
    status === 401
      ? 'auth'
      : status === 403
        ? 'permission'
        : status === 429
          ? 'rate-limit'
          : status === 529
            ? 'overloaded'
            : status >= 500
              ? 'server'
              : 'bad-request';
  const what: Record<LiveErrorKind, string> = {
    auth: 'The API key was refused (401): check it, or make a new one in the Anthropic Console',
    permission: 'The key may not use this (403)',
    'rate-limit': 'Rate limited (429)',
    overloaded: 'The API is overloaded (529)',
    server: `The API failed (${status})`,
    'bad-request': `The API refused the request (${status})`,
    network: '',
    cut: '',
    deadline: '',
    'too-large': '',
    stopped: '',
  };
  return new LiveApiError(
    kind,
    `${what[kind]}${detail ? `: ${detail}` : ''}`,
    status,
    retryAfterSeconds(headers),
  );
}

export async function callMessages(o: CallOptions): Promise<CallOutcome> {
  const now = o.now ?? (() => performance.now());
  const mask = masker(o.apiKey, o.baseUrl);
  const url = messagesUrl(o.baseUrl);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'anthropic-version': ANTHROPIC_VERSION,
    'anthropic-dangerous-direct-browser-access': 'true',
    'x-api-key': o.apiKey,
  };
  const raw: RawExchange = {
    url: maskUrl(url),
    headers: { ...headers, 'x-api-key': '[masked]' },
    body: o.body,
    responseText: '',
  };
  const push = () => o.onRaw?.({ ...raw });
  const deadline = AbortSignal.timeout(o.deadlineMs);
  const signal = AbortSignal.any([o.signal, deadline]);
  const t0 = now();
  const timings: CallTimings = { totalMs: 0 };
  const why = (e: unknown): LiveApiError => {
    if (e instanceof LiveApiError) return e;
    if (o.signal.aborted) return new LiveApiError('stopped', 'Stopped by you');
    if (deadline.aborted)
      return new LiveApiError('deadline', `The model call passed its deadline (${o.deadlineMs / 1000} s)`);
    if (e instanceof SseLimitError)
      return e.limit === 'bytes'
        ? new LiveApiError(
            'too-large',
            `The response passed the budget of ${e.value.toLocaleString('en-US')} bytes and was dropped`,
          )
        : new LiveApiError('cut', `The stream stalled: ${e.message}`);
    if (e instanceof StreamErrorEvent)
      return e.errorType === 'overloaded_error'
        ? new LiveApiError('overloaded', `The API is overloaded (in the stream): ${e.message}`)
        : e.errorType === 'bad_event'
          ? new LiveApiError('cut', `The stream was malformed: ${e.message}`)
          : new LiveApiError('server', `The stream reported ${e.errorType}: ${e.message}`);
    return new LiveApiError('network', `Network error: ${mask(e instanceof Error ? e.message : String(e))}`);
  };
  try {
    let res: Response;
    try {
      res = await o.fetch(url, { method: 'POST', headers, body: JSON.stringify(o.body), signal });
    } catch (e) {
      throw why(e);
    }
    timings.headersMs = now() - t0;
    raw.status = res.status;
    raw.responseHeaders = headerObject(res.headers, mask);
    if (!res.ok) {
      let text = '';
      try {
        text = await res.text();
      } catch {
        // the body failed too: the status says enough
      }
      raw.responseText = mask(text).slice(0, RAW_CAP);
      push();
      throw httpError(res.status, mask(text), res.headers);
    }
    if (!res.body) throw new LiveApiError('cut', 'The response had no body');
    const builder = new MessageBuilder();
    const streamed = streamMasker(o.apiKey, o.baseUrl);
    const keep = (t: string) => {
      if (raw.responseText.length < RAW_CAP) raw.responseText = (raw.responseText + t).slice(0, RAW_CAP);
    };
    try {
      for await (const ev of sseEvents(res.body, o.limits, (t) => keep(streamed.push(t)))) {
        builder.apply(ev.event, ev.data);
        if (ev.event === 'content_block_start' && timings.firstBlockMs === undefined)
          timings.firstBlockMs = now() - t0;
        o.onUpdate?.(builder.snapshot());
        push();
      }
    } catch (e) {
      keep(streamed.end());
      const err = why(e);
      // The connection dropped after the response began: a cut stream, not a failed request.
      throw err.kind === 'network'
        ? new LiveApiError(
            'cut',
            `The stream was cut mid-way (${builder.started ? 'after the message started' : 'before the message started'}): ${err.message.replace(/^Network error: /, '')}`,
          )
        : err;
    }
    keep(streamed.end());
    if (signal.aborted) throw why(undefined);
    if (!builder.stopped)
      throw new LiveApiError(
        'cut',
        builder.started
          ? 'The stream was cut before the message ended (no message_stop)'
          : 'The stream ended before the message started',
      );
    timings.totalMs = now() - t0;
    return { message: builder.result(), raw: { ...raw }, timings };
  } catch (e) {
    timings.totalMs = now() - t0;
    const err = why(e);
    push();
    err.raw = { ...raw };
    err.timings = timings;
    throw err;
  }
}
