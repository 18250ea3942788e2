// A fake Messages API on 127.0.0.1 for the live driver's e2e tests: it answers POST /v1/messages
// from a script, streaming SSE the way oracle/run.mjs's fake API (and the real API) does, with
// the CORS headers a page needs to call it directly. It never reaches the real API.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export interface Received {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    tools: { name: string }[];
    messages: { role: string; content: unknown }[];
    system: unknown;
    stream: boolean;
  };
}

type Responder = (res: ServerResponse, req: Received) => void | Promise<void>;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-expose-headers': 'retry-after, request-id',
};

const ev = (name: string, d: unknown) => `event: ${name}\ndata: ${JSON.stringify(d)}\n\n`;

/** The events of one message, as the oracle's fake server writes them. */
export function events(
  blocks: readonly Block[],
  usage = { input_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
): string[] {
  const out = [
    ev('message_start', {
      type: 'message_start',
      message: {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        model: 'claude-opus-5',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    }),
  ];
  blocks.forEach((b, index) => {
    if (b.type === 'text') {
      out.push(
        ev('content_block_start', {
          type: 'content_block_start',
          index,
          content_block: { type: 'text', text: '' },
        }),
      );
      out.push(
        ev('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'text_delta', text: b.text },
        }),
      );
    } else {
      out.push(
        ev('content_block_start', {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} },
        }),
      );
      out.push(
        ev('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(b.input) },
        }),
      );
    }
    out.push(ev('content_block_stop', { type: 'content_block_stop', index }));
  });
  const stop = blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
  out.push(
    ev('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: 5 },
    }),
  );
  out.push(ev('message_stop', { type: 'message_stop' }));
  return out;
}

const sseHead = (res: ServerResponse) =>
  res.writeHead(200, {
    ...CORS,
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'request-id': 'req_fake',
  });

/** A whole streamed message. */
export const stream =
  (blocks: readonly Block[], usage?: Parameters<typeof events>[1]): Responder =>
  (res) => {
    sseHead(res);
    for (const e of events(blocks, usage)) res.write(e);
    res.end();
  };

/** The first `n` events, then the connection is dropped. */
export const cut =
  (blocks: readonly Block[], n: number): Responder =>
  async (res) => {
    sseHead(res);
    for (const e of events(blocks).slice(0, n)) res.write(e);
    await new Promise((r) => setTimeout(r, 200));
    res.socket?.destroy();
  };

/** The first `n` events, then nothing until the client goes away. */
export const hang =
  (blocks: readonly Block[], n: number): Responder =>
  (res) =>
    new Promise<void>((resolve) => {
      sseHead(res);
      for (const e of events(blocks).slice(0, n)) res.write(e);
      res.on('close', () => resolve());
    });

export const status =
  (code: number, error: { type: string; message: string }, headers: Record<string, string> = {}): Responder =>
  (res) => {
    res.writeHead(code, { ...CORS, 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ type: 'error', error }));
  };

export class FakeMessagesApi {
  readonly received: Received[] = [];
  private script: Responder[] = [];
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeMessagesApi> {
    const ref: { api?: FakeMessagesApi } = {};
    const server = createServer((req, res) => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS);
        res.end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const api = ref.api;
        if (!api) return;
        if (!req.url?.startsWith('/v1/messages')) {
          res.writeHead(404, CORS);
          res.end();
          return;
        }
        const r: Received = {
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'],
        };
        api.received.push(r);
        const next = api.script.shift();
        if (!next)
          return void status(500, { type: 'api_error', message: 'the fake API has no scripted answer left' })(
            res,
            r,
          );
        void next(res, r);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ref.api = new FakeMessagesApi(server, `http://127.0.0.1:${port}`);
    return ref.api;
  }

  /** Answers for the next requests, in order. */
  answer(...r: Responder[]): void {
    this.script.push(...r);
  }

  get pending(): number {
    return this.script.length;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
