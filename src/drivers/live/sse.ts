// Server-sent events (the Messages API's streaming format): `event:` and `data:` lines, a blank
// line ends an event. Read from a byte stream with a cap on bytes and on silence, so a stuck or
// endless response cannot hold the page.

export interface SseEvent {
  event: string;
  data: string;
}

export interface SseLimits {
  /** Bytes of the whole response. */
  maxBytes: number;
  /** Milliseconds without a byte before the stream counts as cut. */
  idleMs: number;
}

export class SseLimitError extends Error {
  constructor(
    readonly limit: 'bytes' | 'idle',
    readonly value: number,
  ) {
    super(limit === 'bytes' ? `the response passed ${value} bytes` : `no byte for ${value} ms`);
    this.name = 'SseLimitError';
  }
}

/** Parses a complete or partial SSE text: events ended by a blank line, the rest left over. */
export function parseSse(text: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  let event = 'message';
  let data: string[] = [];
  let rest = text;
  for (;;) {
    const m = /\r\n|\r|\n/.exec(rest);
    // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
    if (!m || (m[0] === '\r' && m.index === rest.length - 1)) break;
    const line = rest.slice(0, m.index);
    rest = rest.slice(m.index + m[0].length);
    if (line === '') {
      if (data.length > 0) events.push({ event, data: data.join('\n') });
      event = 'message';
      data = [];
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  // Lines of an event not yet ended stay in `rest` for the next chunk.
  if (data.length > 0 || event !== 'message') rest = reassemble(event, data) + rest;
  return { events, rest };
}

const reassemble = (event: string, data: string[]) =>
  (event !== 'message' ? `event: ${event}\n` : '') + data.map((d) => `data: ${d}\n`).join('');

/** Events of a response body as they arrive. `onText` sees every decoded chunk (the raw view). */
export async function* sseEvents(
  body: ReadableStream<Uint8Array>,
  limits: SseLimits,
  onText?: (chunk: string) => void,
): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let bytes = 0;
  try {
    for (;;) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new SseLimitError('idle', limits.idleMs)), limits.idleMs);
      });
      let r: ReadableStreamReadResult<Uint8Array>;
      try {
        r = await Promise.race([reader.read(), idle]);
      } finally {
        clearTimeout(timer);
      }
      if (r.done) break;
      bytes += r.value.byteLength;
      if (bytes > limits.maxBytes) throw new SseLimitError('bytes', limits.maxBytes);
      const text = decoder.decode(r.value, { stream: true });
      onText?.(text);
      const { events, rest } = parseSse(pending + text);
      pending = rest;
      yield* events;
    }
    const tail = decoder.decode();
    if (tail) onText?.(tail);
    // A last event without its blank line still counts (some proxies drop the final newline).
    const { events } = parseSse(pending + tail + '\n\n');
    yield* events;
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
