// One assistant message built from the Messages API's stream events (message_start,
// content_block_start/delta/stop, message_delta, message_stop). The blocks are kept as the API
// sent them (thinking blocks with their signatures too), because the next request must send
// them back unchanged.

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'thinking'; thinking: string; signature: string }
  | ({ type: string } & Record<string, unknown>);

export interface AssistantMessage {
  id: string;
  model: string;
  content: Block[];
  stop_reason: string | null;
  usage: Usage;
}

/** A stream `error` event (overloaded in the middle of a response, for example). */
export class StreamErrorEvent extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(message);
    this.name = 'StreamErrorEvent';
  }
}

export const ZERO_USAGE: Usage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

function mergeUsage(u: Usage, more: unknown): Usage {
  if (!more || typeof more !== 'object') return u;
  const m = more as Record<string, unknown>;
  return {
    input_tokens: num(m.input_tokens, u.input_tokens),
    output_tokens: num(m.output_tokens, u.output_tokens),
    cache_creation_input_tokens: num(m.cache_creation_input_tokens, u.cache_creation_input_tokens),
    cache_read_input_tokens: num(m.cache_read_input_tokens, u.cache_read_input_tokens),
  };
}

export class MessageBuilder {
  private message: AssistantMessage = {
    id: '',
    model: '',
    content: [],
    stop_reason: null,
    usage: { ...ZERO_USAGE },
  };
  /** tool_use input as it streams (partial JSON), by block index. */
  private readonly json = new Map<number, string>();
  started = false;
  stopped = false;

  /** Applies one event's data; `event` is the SSE event name. */
  apply(event: string, data: string): void {
    if (event === 'ping') return;
    let d: Record<string, unknown>;
    try {
      d = JSON.parse(data) as Record<string, unknown>;
    } catch {
      throw new StreamErrorEvent(
        'bad_event',
        `the stream sent an event that is not JSON: ${data.slice(0, 200)}`,
      );
    }
    const type = typeof d.type === 'string' ? d.type : event;
    const index = num(d.index, -1);
    switch (type) {
      case 'message_start': {
        const m = (d.message ?? {}) as Record<string, unknown>;
        this.started = true;
        this.message = {
          id: String(m.id ?? ''),
          model: String(m.model ?? ''),
          content: [],
          stop_reason: null,
          usage: mergeUsage({ ...ZERO_USAGE }, m.usage),
        };
        return;
      }
      case 'content_block_start': {
        const b = { ...(d.content_block as Record<string, unknown>) } as Block;
        if (b.type === 'tool_use') this.json.set(index, '');
        this.message.content[index] = b;
        return;
      }
      case 'content_block_delta': {
        const b = this.message.content[index] as Record<string, unknown> | undefined;
        const delta = (d.delta ?? {}) as Record<string, unknown>;
        if (!b) throw new StreamErrorEvent('bad_event', `a delta for block ${index}, which never started`);
        if (delta.type === 'text_delta') b.text = String(b.text ?? '') + String(delta.text ?? '');
        else if (delta.type === 'input_json_delta')
          this.json.set(index, (this.json.get(index) ?? '') + String(delta.partial_json ?? ''));
        else if (delta.type === 'thinking_delta')
          b.thinking = String(b.thinking ?? '') + String(delta.thinking ?? '');
        else if (delta.type === 'signature_delta')
          b.signature = String(b.signature ?? '') + String(delta.signature ?? '');
        else if (delta.type === 'citations_delta')
          b.citations = [...((b.citations as unknown[]) ?? []), delta.citation];
        return;
      }
      case 'content_block_stop': {
        const b = this.message.content[index];
        const partial = this.json.get(index);
        if (b && b.type === 'tool_use' && partial !== undefined) {
          (b as { input: unknown }).input = partial === '' ? {} : parseInput(partial);
          this.json.delete(index);
        }
        return;
      }
      case 'message_delta': {
        const delta = (d.delta ?? {}) as Record<string, unknown>;
        if (typeof delta.stop_reason === 'string') this.message.stop_reason = delta.stop_reason;
        this.message.usage = mergeUsage(this.message.usage, d.usage);
        return;
      }
      case 'message_stop':
        this.stopped = true;
        return;
      case 'error': {
        const e = (d.error ?? {}) as Record<string, unknown>;
        throw new StreamErrorEvent(
          String(e.type ?? 'error'),
          String(e.message ?? 'the stream reported an error'),
        );
      }
      default:
        // Event types added after this was written are ignored, as the API asks clients to.
        return;
    }
  }

  /** The message so far; a tool_use still streaming shows its partial JSON as `partial_json`. */
  snapshot(): AssistantMessage {
    return {
      ...this.message,
      usage: { ...this.message.usage },
      content: this.message.content.map((b, i) => {
        const partial = this.json.get(i);
        return partial !== undefined ? { ...b, partial_json: partial } : { ...b };
      }),
    };
  }

  /** The finished message (only after message_stop). */
  result(): AssistantMessage {
    return this.snapshot();
  }
}

function parseInput(json: string): Record<string, unknown> {
  try {
    const v = JSON.parse(json) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new StreamErrorEvent(
    'bad_event',
    `a tool_use input that is not a JSON object: ${json.slice(0, 200)}`,
  );
}
