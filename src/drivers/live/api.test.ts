import { expect, test } from 'vitest';
import { callMessages, type RawExchange } from './api';
import { LIVE_DEFAULTS } from './loop';
import { sseEventsOf } from './sse-fixtures';

const KEY = 'sk-ant-api03-SPLITKEY-0123456789';

/** A response whose body arrives in `size`-byte chunks, so the key falls across several. */
function chunkedFetch(text: string, size: number, headers: Record<string, string>) {
  return (async () => {
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += size) c.enqueue(bytes.slice(i, i + size));
        c.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', ...headers } });
  }) as unknown as typeof fetch;
}

test('the key is masked across stream chunks and in the response headers: no view ever shows a piece of it', async () => {
  const sse = sseEventsOf([{ type: 'text', text: `the key is ${KEY} and again ${KEY}.` }]).join('');
  const masked = sse.split(KEY).join('[masked]');
  for (const size of [1, 5, 7, 13, 64]) {
    const views: RawExchange[] = [];
    const out = await callMessages({
      fetch: chunkedFetch(sse, size, { 'x-echo': `key=${KEY}`, 'request-id': 'req_1' }),
      baseUrl: 'http://127.0.0.1:9',
      apiKey: KEY,
      body: { model: 'm' },
      signal: new AbortController().signal,
      deadlineMs: LIVE_DEFAULTS.deadlineMs,
      limits: LIVE_DEFAULTS.limits,
      onRaw: (r) => views.push(r),
    });
    expect(out.raw.responseText).toBe(masked);
    expect(out.raw.responseHeaders).toEqual({
      'content-type': 'text/event-stream',
      'request-id': 'req_1',
      'x-echo': 'key=[masked]',
    });
    // Each view as it streamed is the start of the masked text: never a key, nor part of one.
    expect(views.filter((v) => !masked.startsWith(v.responseText))).toEqual([]);
  }
});
