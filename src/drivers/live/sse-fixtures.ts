// Recorded-style Messages API streams for tests: the event sequence the oracle's fake API
// (oracle/run.mjs) and the real API send (message_start, per block content_block_start, deltas,
// content_block_stop, then message_delta with the stop reason, message_stop).

export type FixtureBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export interface StreamOptions {
  id?: string;
  model?: string;
  usage?: { input_tokens: number; cache_creation_input_tokens?: number; cache_read_input_tokens?: number };
  outputTokens?: number;
  /** Split text and JSON deltas into pieces of this many characters (as the real API does). */
  pieceChars?: number;
}

const pieces = (s: string, n: number) => {
  if (s === '') return [''];
  const out: string[] = [];
  for (let i = 0; i < s.length; i += n) out.push(s.slice(i, i + n));
  return out;
};

/** The SSE events of one assistant message, as a list of `event:`/`data:` texts. */
export function sseEventsOf(blocks: readonly FixtureBlock[], o: StreamOptions = {}): string[] {
  const ev = (name: string, d: unknown) => `event: ${name}\ndata: ${JSON.stringify(d)}\n\n`;
  const n = o.pieceChars ?? 1_000_000;
  const out = [
    ev('message_start', {
      type: 'message_start',
      message: {
        id: o.id ?? 'msg_test',
        type: 'message',
        role: 'assistant',
        model: o.model ?? 'claude-opus-5',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: o.usage?.input_tokens ?? 10,
          output_tokens: 1,
          cache_creation_input_tokens: o.usage?.cache_creation_input_tokens ?? 0,
          cache_read_input_tokens: o.usage?.cache_read_input_tokens ?? 0,
        },
      },
    }),
    ev('ping', { type: 'ping' }),
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
      for (const p of pieces(b.text, n))
        out.push(
          ev('content_block_delta', {
            type: 'content_block_delta',
            index,
            delta: { type: 'text_delta', text: p },
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
      for (const p of pieces(JSON.stringify(b.input), n))
        out.push(
          ev('content_block_delta', {
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json: p },
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
      usage: { output_tokens: o.outputTokens ?? 5 },
    }),
    ev('message_stop', { type: 'message_stop' }),
  );
  return out;
}
