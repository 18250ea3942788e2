import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { getProfile } from '../../profiles';
import { INTERRUPTED_BEFORE_START } from '../../session/engine';
import { BLANK_SCENARIO, PlaygroundSession } from '../composer';
import { LIVE_DEFAULTS, LiveConversation, type LiveConfig, type LogEntry } from './loop';
import { MessageBuilder } from './message';
import { estimateCost, priceOf } from './prices';
import { parseSse } from './sse';
import { sseEventsOf, type FixtureBlock } from './sse-fixtures';
import { messagesOf, withLive } from './words';

const KEY = 'sk-ant-api03-TESTKEY-never-stored-0123456789';

type Scripted =
  | { status?: number; headers?: Record<string, string>; events: string[]; cutAfter?: number; hang?: boolean }
  | { status: number; headers?: Record<string, string>; json: unknown }
  | { networkError: string };

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A fake fetch answering from a script; every request is kept. */
function fakeFetch(script: Scripted[]) {
  const sent: Sent[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      headers: init.headers as Record<string, string>,
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
    });
    const s = script.shift();
    if (!s) throw new Error('no scripted response left');
    if ('networkError' in s) throw new TypeError(s.networkError);
    if ('json' in s)
      return new Response(JSON.stringify(s.json), {
        status: s.status,
        headers: { 'content-type': 'application/json', ...s.headers },
      });
    const enc = new TextEncoder();
    const events = s.cutAfter === undefined ? s.events : s.events.slice(0, s.cutAfter);
    const signal = init.signal;
    const body = new ReadableStream<Uint8Array>({
      async start(c) {
        for (const e of events) {
          // Split each event in two chunks: the parser must join them.
          const mid = Math.floor(e.length / 2);
          c.enqueue(enc.encode(e.slice(0, mid)));
          c.enqueue(enc.encode(e.slice(mid)));
        }
        if (s.hang) {
          await new Promise<void>((resolve) =>
            signal?.addEventListener('abort', () => resolve(), { once: true }),
          );
          c.error(new DOMException('The operation was aborted.', 'AbortError'));
          return;
        }
        c.close();
      },
    });
    return new Response(body, {
      status: s.status ?? 200,
      headers: { 'content-type': 'text/event-stream', ...s.headers },
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch: fn, sent };
}

const tools = getProfile('2.1.273').toolDefinitions.filter((d) => ['Read', 'Write'].includes(d.name));

const cfg = (over: Partial<LiveConfig> = {}): LiveConfig => ({
  apiKey: KEY,
  baseUrl: 'http://127.0.0.1:9/proxy?token=PROXYSECRET',
  model: 'claude-opus-5',
  system: 'Be brief.',
  tools,
  ...LIVE_DEFAULTS,
  ...over,
});

async function setup(script: Scripted[]) {
  const play = await PlaygroundSession.open(() => createMemfsWorkspace(), 'blank', {
    ...BLANK_SCENARIO,
    mode: 'acceptEdits',
  });
  const { fetch, sent } = fakeFetch(script);
  const sleeps: number[] = [];
  let t = 0;
  const conv = new LiveConversation({
    fetch,
    runTools: (calls, signal) => play.run(calls, undefined, signal),
    turnCount: () => play.scenario.turns.length,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => (t += 10),
  });
  return { play, conv, sent, sleeps };
}

const WRITE: FixtureBlock = {
  type: 'tool_use',
  id: 'toolu_01A',
  name: 'Write',
  input: { file_path: '/workspace/project/hi.txt', content: 'hi\n' },
};
const WROTE =
  'File created successfully at: /workspace/project/hi.txt (file state is current in your context — no need to Read it back)';
const READ: FixtureBlock = {
  type: 'tool_use',
  id: 'toolu_01B',
  name: 'Read',
  input: { file_path: '/workspace/project/hi.txt' },
};

/** What a call entry of the log says, without the raw exchange (checked on its own). */
const summary = (log: readonly LogEntry[]) =>
  log.map((e) =>
    e.kind === 'prompt'
      ? e
      : {
          n: e.n,
          status: e.status,
          attempt: e.attempt,
          turn: e.turn,
          usage: e.usage,
          costUsd: e.costUsd,
          timings: e.timings,
          error: e.error,
          content: e.message?.content,
        },
  );

describe('SSE parsing', () => {
  it('gives the same events whatever the chunking, CRLF included', () => {
    const text = sseEventsOf([{ type: 'text', text: 'a\nb' }])
      .join('')
      .replace(/\n/g, '\r\n');
    const whole = parseSse(text).events;
    let rest = '';
    const bytewise = [];
    for (const ch of text) {
      const r = parseSse(rest + ch);
      bytewise.push(...r.events);
      rest = r.rest;
    }
    expect(bytewise).toEqual(whole);
    expect(whole.map((e) => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
  });

  it('builds the whole message from text and tool_use deltas', () => {
    const b = new MessageBuilder();
    for (const e of parseSse(
      sseEventsOf([{ type: 'text', text: 'Writing it.' }, WRITE], {
        pieceChars: 3,
        usage: { input_tokens: 7, cache_read_input_tokens: 100 },
      }).join(''),
    ).events)
      b.apply(e.event, e.data);
    expect(b.stopped).toBe(true);
    expect(b.result()).toEqual({
      id: 'msg_test',
      model: 'claude-opus-5',
      stop_reason: 'tool_use',
      usage: {
        input_tokens: 7,
        output_tokens: 5,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 100,
      },
      content: [
        { type: 'text', text: 'Writing it.' },
        {
          type: 'tool_use',
          id: 'toolu_01A',
          name: 'Write',
          input: { file_path: '/workspace/project/hi.txt', content: 'hi\n' },
        },
      ],
    });
  });
});

describe('LiveConversation', () => {
  it('runs a multi-call task: each call streamed, its tools run on the session, results sent back, until end_turn', async () => {
    const { play, conv, sent } = await setup([
      {
        events: sseEventsOf([{ type: 'text', text: 'I will write it.' }, WRITE], {
          pieceChars: 4,
          usage: { input_tokens: 1200, cache_creation_input_tokens: 3000 },
        }),
      },
      { events: sseEventsOf([READ], { usage: { input_tokens: 40, cache_read_input_tokens: 3000 } }) },
      { events: sseEventsOf([{ type: 'text', text: 'Done: hi.txt says hi.' }]) },
    ]);
    const out = await conv.send('Write hi.txt, then read it.', cfg(), new AbortController().signal);
    expect(out).toEqual({ kind: 'end', stopReason: 'end_turn' });

    // The requests: the API's headers, the profile's tool definitions, the conversation so far.
    expect(sent.map((s) => s.url)).toEqual(
      Array(3).fill('http://127.0.0.1:9/proxy/v1/messages?token=PROXYSECRET'),
    );
    expect(sent[0]?.headers).toEqual({
      'content-type': 'application/json',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
      'x-api-key': KEY,
    });
    expect(sent[2]?.body).toEqual({
      model: 'claude-opus-5',
      max_tokens: 8192,
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      tools,
      stream: true,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Write hi.txt, then read it.' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'I will write it.' }, WRITE] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_01A', content: WROTE }],
        },
        { role: 'assistant', content: [READ] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01B', content: '1\thi\n2\t' }] },
      ],
    });
    expect(conv.messages.at(-1)).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Done: hi.txt says hi.' }],
    });

    // The tool calls became the scenario's turns; the words are kept beside them.
    expect(play.scenario.turns).toEqual([
      [{ name: 'Write', input: WRITE.input }],
      [{ name: 'Read', input: READ.input }],
    ]);
    expect(conv.words).toEqual([
      { turn: 0, role: 'user', text: 'Write hi.txt, then read it.' },
      { turn: 0, role: 'assistant', text: 'I will write it.' },
      { turn: 2, role: 'assistant', text: 'Done: hi.txt says hi.' },
    ]);

    // Per call: status, tokens, cache, cost (Opus 5: $5 in, $25 out, $6.25 cache writes, $0.50 hits), timings.
    expect(summary(conv.log)).toEqual([
      { kind: 'prompt', text: 'Write hi.txt, then read it.' },
      {
        n: 1,
        status: 'done',
        attempt: 1,
        turn: 0,
        usage: {
          input_tokens: 1200,
          output_tokens: 5,
          cache_creation_input_tokens: 3000,
          cache_read_input_tokens: 0,
        },
        costUsd: (1200 * 5 + 5 * 25 + 3000 * 6.25) / 1e6,
        timings: { headersMs: 10, firstBlockMs: 20, totalMs: 30, toolsMs: 10 },
        error: undefined,
        content: [{ type: 'text', text: 'I will write it.' }, WRITE],
      },
      {
        n: 2,
        status: 'done',
        attempt: 1,
        turn: 1,
        usage: {
          input_tokens: 40,
          output_tokens: 5,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 3000,
        },
        costUsd: (40 * 5 + 5 * 25 + 3000 * 0.5) / 1e6,
        timings: { headersMs: 10, firstBlockMs: 20, totalMs: 30, toolsMs: 10 },
        error: undefined,
        content: [READ],
      },
      {
        n: 3,
        status: 'done',
        attempt: 1,
        turn: undefined,
        usage: {
          input_tokens: 10,
          output_tokens: 5,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
        costUsd: (10 * 5 + 5 * 25) / 1e6,
        timings: { headersMs: 10, firstBlockMs: 20, totalMs: 30 },
        error: undefined,
        content: [{ type: 'text', text: 'Done: hi.txt says hi.' }],
      },
    ]);

    // The raw exchange is kept with the key and the proxy's token masked.
    const call1 = conv.log[1];
    expect(
      call1?.kind === 'call' &&
        call1.raw && { url: call1.raw.url, headers: call1.raw.headers, status: call1.raw.status },
    ).toEqual({
      url: 'http://127.0.0.1:9/proxy/v1/messages?token=%5Bmasked%5D',
      headers: {
        'content-type': 'application/json',
        'anthropic-version': '2023-06-01',
        'anthropic-dangerous-direct-browser-access': 'true',
        'x-api-key': '[masked]',
      },
      status: 200,
    });
    expect(JSON.stringify(conv.log)).not.toContain(KEY);
    expect(JSON.stringify(conv.log)).not.toContain('PROXYSECRET');
  });

  it('waits as a 429 asks (retry-after) and tries again, and shows it', async () => {
    const { conv, sent, sleeps } = await setup([
      {
        status: 429,
        headers: { 'retry-after': '3' },
        json: { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } },
      },
      { events: sseEventsOf([{ type: 'text', text: 'ok' }]) },
    ]);
    const out = await conv.send('hi', cfg(), new AbortController().signal);
    expect(out).toEqual({ kind: 'end', stopReason: 'end_turn' });
    expect(sleeps).toEqual([3000]);
    expect(sent.length).toBe(2);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
    const e = conv.log[1];
    expect(e?.kind === 'call' && [e.status, e.attempt, e.timings?.waitedMs, e.error]).toEqual([
      'done',
      2,
      3000,
      undefined,
    ]);
  });

  it('says what a 401, a 529, a dropped network and a cut stream are, keeps the conversation as it was, and retries', async () => {
    const { conv, sent, play } = await setup([
      {
        status: 401,
        json: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
      },
      { status: 529, json: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
      { status: 529, json: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
      { networkError: 'Failed to fetch' },
      { events: sseEventsOf([{ type: 'text', text: 'half of it' }, WRITE]), cutAfter: 4 },
      { events: sseEventsOf([{ type: 'text', text: 'fine' }]) },
    ]);
    const c = cfg({ maxRetries: 1 });
    const signal = new AbortController().signal;
    const outcomes = [];
    outcomes.push(await conv.send('hello', c, signal));
    const before = structuredClone(conv.messages);
    expect(conv.canRetry).toBe(true);
    outcomes.push(await conv.send(undefined, c, signal));
    outcomes.push(await conv.send(undefined, c, signal));
    outcomes.push(await conv.send(undefined, c, signal));
    expect(conv.messages).toEqual(before);
    expect(play.scenario.turns).toEqual([]);
    outcomes.push(await conv.send(undefined, c, signal));
    expect(
      outcomes.map((o) => (o.kind === 'error' ? [o.error.kind, o.error.status, o.error.message] : o)),
    ).toEqual([
      [
        'auth',
        401,
        'The API key was refused (401): check it, or make a new one in the Anthropic Console: authentication_error: invalid x-api-key',
      ],
      ['overloaded', 529, 'The API is overloaded (529): overloaded_error: Overloaded'],
      ['network', undefined, 'Network error: Failed to fetch'],
      ['cut', undefined, 'The stream was cut before the message ended (no message_stop)'],
      { kind: 'end', stopReason: 'end_turn' },
    ]);
    expect(sent.map((s) => s.body.messages)).toEqual(
      Array(6).fill([{ role: 'user', content: [{ type: 'text', text: 'hello' }] }]),
    );
    expect(
      conv.log.map((e) => (e.kind === 'call' ? [e.n, e.status, e.attempt, e.error?.kind] : e.kind)),
    ).toEqual([
      'prompt',
      [1, 'failed', 1, 'auth'],
      [2, 'failed', 2, 'overloaded'],
      [3, 'failed', 1, 'network'],
      [4, 'failed', 1, 'cut'],
      [5, 'done', 1, undefined],
    ]);
  });

  it('stops mid-stream: nothing of the half message is kept, and the next Send goes on from the prompt', async () => {
    const { conv, sent } = await setup([
      { events: sseEventsOf([{ type: 'text', text: 'thinking out loud' }, WRITE]).slice(0, 4), hang: true },
      { events: sseEventsOf([{ type: 'text', text: 'ok' }]) },
    ]);
    const stop = new AbortController();
    const running = conv.send('go', cfg(), stop.signal);
    await new Promise((r) => setTimeout(r, 20));
    const e = conv.log[1];
    expect(e?.kind === 'call' && [e.status, e.message?.content]).toEqual([
      'streaming',
      [{ type: 'text', text: 'thinking out loud' }],
    ]);
    stop.abort();
    expect(await running).toEqual({ kind: 'stopped' });
    expect(e?.kind === 'call' && [e.status, e.message, e.error]).toEqual([
      'stopped',
      undefined,
      { kind: 'stopped', message: 'Stopped by you', status: undefined },
    ]);
    expect(conv.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'go' }] }]);
    expect(await conv.send('again', cfg(), new AbortController().signal)).toEqual({
      kind: 'end',
      stopReason: 'end_turn',
    });
    expect(sent[1]?.body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'go' },
          { type: 'text', text: 'again' },
        ],
      },
    ]);
  });

  it('stops mid-tool: the calls not started are interrupted, their results keep the conversation valid, and Send goes on', async () => {
    const play = await PlaygroundSession.open(() => createMemfsWorkspace(), 'blank', {
      ...BLANK_SCENARIO,
      mode: 'acceptEdits',
    });
    const { fetch, sent } = fakeFetch([
      { events: sseEventsOf([WRITE, READ]) },
      { events: sseEventsOf([{ type: 'text', text: 'ok' }]) },
    ]);
    const stop = new AbortController();
    const conv = new LiveConversation({
      fetch,
      // The person presses Stop while the tool layer runs.
      runTools: (calls, signal) => {
        stop.abort();
        return play.run(calls, undefined, signal);
      },
      turnCount: () => play.scenario.turns.length,
    });
    expect(await conv.send('write and read', cfg(), stop.signal)).toEqual({ kind: 'stopped' });
    expect(play.history[0]?.calls.map((c) => [c.id, c.stage])).toEqual([
      ['toolu_oracle_0_0', 'stopped'],
      ['toolu_oracle_0_1', 'stopped'],
    ]);
    expect(conv.messages.slice(1)).toEqual([
      { role: 'assistant', content: [WRITE, READ] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_01A',
            content: INTERRUPTED_BEFORE_START,
            is_error: true,
          },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_01B',
            content: INTERRUPTED_BEFORE_START,
            is_error: true,
          },
        ],
      },
    ]);
    expect(await conv.send('go on', cfg(), new AbortController().signal)).toEqual({
      kind: 'end',
      stopReason: 'end_turn',
    });
    expect((sent[1]?.body.messages as unknown[]).at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_01A', content: INTERRUPTED_BEFORE_START, is_error: true },
        { type: 'tool_result', tool_use_id: 'toolu_01B', content: INTERRUPTED_BEFORE_START, is_error: true },
        { type: 'text', text: 'go on' },
      ],
    });
  });

  it('holds every call to its deadline, its byte budget and its silence limit, and retries an overloaded error sent mid-stream', async () => {
    const overloadedMidStream = [
      ...sseEventsOf([{ type: 'text', text: 'x' }]).slice(0, 2),
      `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })}\n\n`,
    ];
    const { conv } = await setup([
      { events: sseEventsOf([{ type: 'text', text: 'never ends' }]).slice(0, 2), hang: true },
      { events: sseEventsOf([{ type: 'text', text: 'x'.repeat(5000) }]) },
      { events: sseEventsOf([{ type: 'text', text: 'stalls' }]).slice(0, 2), hang: true },
      { events: overloadedMidStream },
      { events: sseEventsOf([{ type: 'text', text: 'fine' }]) },
    ]);
    const signal = new AbortController().signal;
    const outcomes = [
      await conv.send('a', cfg({ deadlineMs: 50 }), signal),
      await conv.send(undefined, cfg({ limits: { maxBytes: 4000, idleMs: 10_000 } }), signal),
      await conv.send(undefined, cfg({ limits: { maxBytes: 1e6, idleMs: 50 } }), signal),
      await conv.send(undefined, cfg(), signal),
    ];
    expect(outcomes.map((o) => (o.kind === 'error' ? [o.error.kind, o.error.message] : o))).toEqual([
      ['deadline', 'The model call passed its deadline (0.05 s)'],
      ['too-large', 'The response passed the budget of 4,000 bytes and was dropped'],
      ['cut', 'The stream stalled: no byte for 50 ms'],
      { kind: 'end', stopReason: 'end_turn' },
    ]);
    const last = conv.log.at(-1);
    expect(last?.kind === 'call' && [last.status, last.attempt, last.message?.content]).toEqual([
      'done',
      2,
      [{ type: 'text', text: 'fine' }],
    ]);
    expect(conv.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'a' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'fine' }] },
    ]);
  });

  it('stops at the step limit', async () => {
    const { conv } = await setup([{ events: sseEventsOf([READ]) }, { events: sseEventsOf([READ]) }]);
    expect(await conv.send('loop', cfg({ maxSteps: 2 }), new AbortController().signal)).toEqual({
      kind: 'step-limit',
      steps: 2,
    });
  });

  it('rebuilds the conversation of a session from its scenario words and history', async () => {
    const { play, conv } = await setup([
      { events: sseEventsOf([{ type: 'text', text: 'Writing.' }, WRITE]) },
      { events: sseEventsOf([{ type: 'text', text: 'Done.' }]) },
    ]);
    await conv.send('Write hi.txt', cfg(), new AbortController().signal);
    const s = withLive(play.scenario, { model: 'claude-opus-5', system: 'Be brief.', words: conv.words });
    expect(s.live).toEqual({
      model: 'claude-opus-5',
      system: 'Be brief.',
      words: [
        { turn: 0, role: 'user', text: 'Write hi.txt' },
        { turn: 0, role: 'assistant', text: 'Writing.' },
        { turn: 1, role: 'assistant', text: 'Done.' },
      ],
    });
    expect(messagesOf(play.history, conv.words)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Write hi.txt' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Writing.' },
          { type: 'tool_use', id: 'toolu_oracle_0_0', name: 'Write', input: WRITE.input },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_oracle_0_0', content: WROTE }],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
    ]);
    // Calls composed before the first prompt are not part of the model's conversation.
    const later = conv.words.map((w) => ({ ...w, turn: w.turn + 1 }));
    const composedFirst = [{ ...play.history[0]!, calls: [] }, ...play.history];
    expect(messagesOf(composedFirst, later)).toEqual(messagesOf(play.history, conv.words));
    expect(messagesOf(play.history, [])).toEqual([]);
  });
});

describe('prices', () => {
  it('match model ids by their longest prefix and estimate a call', () => {
    expect([
      priceOf('claude-opus-5[1m]')?.input,
      priceOf('claude-opus-5-5')?.input,
      priceOf('claude-haiku-4-5-20251001')?.input,
      priceOf('gpt-4'),
    ]).toEqual([5, 4, 1, undefined]);
    expect(
      estimateCost('claude-haiku-5-5', {
        input_tokens: 200_000,
        output_tokens: 1000,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      }),
    ).toBeCloseTo((5 * (200_000 * 0.1 + 1000 * 0.5)) / 1e6, 12);
  });
});
