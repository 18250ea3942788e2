// The live driver's agent loop: a prompt, then model calls against the Messages API (streamed),
// each call's tool_use blocks run as one model call of the session (the same engine, ledger,
// permissions and prompts as the composer), the results sent back, until the model ends its
// turn, the person stops, or the step limit. Pure TS: fetch, the tool runner and the clock are
// injected, so the loop runs the same in the page and in tests.
import type { ModelCallRecord } from '../../session/engine';
import type { ToolDefinition } from '../../profiles/types';
import { callMessages, LiveApiError, type CallTimings, type RawExchange } from './api';
import type { AssistantMessage, Block, Usage } from './message';
import { estimateCost } from './prices';
import type { SseLimits } from './sse';
import type { LiveWord } from './words';

export interface ApiMessage {
  role: 'user' | 'assistant';
  content: unknown[];
}

export interface LiveConfig {
  apiKey: string;
  baseUrl: string;
  model: string;
  system: string;
  /** The profile's tool definitions, exactly, for the tools the session offers. */
  tools: readonly ToolDefinition[];
  /** Model calls per Send. */
  maxSteps: number;
  maxTokens: number;
  /** One model call's deadline (headers and the whole stream). */
  deadlineMs: number;
  limits: SseLimits;
  /** Automatic retries of a 429 or 529 before the person is asked. */
  maxRetries: number;
  /** A retry-after longer than this is not waited for: the person decides. */
  maxWaitS: number;
}

export const LIVE_DEFAULTS = {
  maxSteps: 20,
  maxTokens: 8192,
  deadlineMs: 5 * 60_000,
  limits: { maxBytes: 8 * 1024 * 1024, idleMs: 90_000 },
  maxRetries: 3,
  maxWaitS: 60,
} as const;

/** Our own short system prompt; the person can edit it. Not Claude Code's. */
export const DEFAULT_SYSTEM_PROMPT =
  'You are a coding agent working in a sandboxed playground. The project is at /workspace/project ' +
  '(the working directory). Use the tools to inspect and change files; read a file before you edit it. ' +
  'Keep answers short.';

/** One entry of the live log the page shows. */
export type LogEntry =
  | { kind: 'prompt'; text: string }
  | {
      kind: 'call';
      /** 1-based, over the whole conversation. */
      n: number;
      status: 'streaming' | 'waiting' | 'tools' | 'done' | 'failed' | 'stopped';
      attempt: number;
      message?: AssistantMessage;
      raw?: RawExchange;
      usage?: Usage;
      costUsd?: number;
      timings?: CallTimings & { toolsMs?: number; waitedMs?: number };
      error?: { kind: string; message: string; status?: number };
      /** A retry is waiting: seconds and which attempt comes. */
      retry?: { waitS: number; attempt: number; fromServer: boolean };
      /** The scenario turn (model call of the session) its tool calls became. */
      turn?: number;
    };

export type CallEntry = Extract<LogEntry, { kind: 'call' }>;

export type LiveOutcome =
  | { kind: 'end'; stopReason: string | null }
  | { kind: 'stopped' }
  | { kind: 'step-limit'; steps: number }
  | { kind: 'error'; error: LiveApiError };

export interface LiveDeps {
  fetch: typeof fetch;
  /** Runs one model call's tool calls on the session; the record's calls are in the same order. */
  runTools: (
    calls: { name: string; input: Record<string, unknown> }[],
    signal: AbortSignal,
  ) => Promise<ModelCallRecord>;
  /** The session's model calls so far (the turn the next one becomes). */
  turnCount: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new LiveApiError('stopped', 'Stopped by you'));
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new LiveApiError('stopped', 'Stopped by you'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** The tool_result blocks (and the texts Claude Code attaches) of one model call, for the API. */
export function resultsMessage(toolUseIds: readonly string[], rec: ModelCallRecord): ApiMessage {
  const content: unknown[] = rec.calls.map((c, i) => {
    const block: Record<string, unknown> = {
      type: 'tool_result',
      tool_use_id: toolUseIds[i] ?? c.id,
      content: c.rendered.content,
    };
    if (c.rendered.is_error) block.is_error = true;
    return block;
  });
  for (const a of rec.attachments) content.push({ type: 'text', text: a.text });
  return { role: 'user', content };
}

const isToolUse = (b: Block): b is Extract<Block, { type: 'tool_use' }> => b.type === 'tool_use';

/** The API's content as it is sent back: streaming-only fields dropped. */
const sendable = (b: Block): Block => {
  const { partial_json: _p, ...rest } = b as Record<string, unknown>;
  return rest as Block;
};

export class LiveConversation {
  messages: ApiMessage[] = [];
  readonly log: LogEntry[] = [];
  /** The person's prompts and the model's text blocks, by scenario turn (kept in the scenario). */
  readonly words: LiveWord[] = [];
  private calls = 0;

  constructor(
    private readonly deps: LiveDeps,
    /** The page re-renders from `log` on every change. */
    private readonly onChange: () => void = () => undefined,
    initial?: { messages: ApiMessage[]; words: LiveWord[] },
  ) {
    if (initial) {
      this.messages = initial.messages;
      this.words.push(...initial.words);
    }
  }

  private addUserText(text: string): void {
    const last = this.messages.at(-1);
    // The API wants roles to alternate: a prompt after tool results (a stopped turn) joins them.
    if (last?.role === 'user') last.content = [...last.content, { type: 'text', text }];
    else this.messages.push({ role: 'user', content: [{ type: 'text', text }] });
  }

  /** The conversation can go on without a new prompt (a failed or stopped call to retry). */
  get canRetry(): boolean {
    return this.messages.at(-1)?.role === 'user';
  }

  /** Sends a prompt (or, with none, retries from where the conversation is) and runs the loop. */
  async send(prompt: string | undefined, cfg: LiveConfig, signal: AbortSignal): Promise<LiveOutcome> {
    if (prompt !== undefined && prompt.trim() !== '') {
      this.addUserText(prompt);
      this.words.push({ turn: this.deps.turnCount(), role: 'user', text: prompt });
      this.log.push({ kind: 'prompt', text: prompt });
      this.onChange();
    }
    if (!this.canRetry) return { kind: 'end', stopReason: null };
    for (let step = 0; ; step++) {
      if (signal.aborted) return { kind: 'stopped' };
      if (step >= cfg.maxSteps) return { kind: 'step-limit', steps: step };
      const entry: CallEntry = { kind: 'call', n: ++this.calls, status: 'streaming', attempt: 1 };
      this.log.push(entry);
      this.onChange();
      let message: AssistantMessage;
      try {
        message = await this.callWithRetries(entry, cfg, signal);
      } catch (e) {
        const error =
          e instanceof LiveApiError
            ? e
            : new LiveApiError('network', e instanceof Error ? e.message : String(e));
        entry.status = error.kind === 'stopped' ? 'stopped' : 'failed';
        entry.error = { kind: error.kind, message: error.message, status: error.status };
        entry.retry = undefined;
        this.onChange();
        return error.kind === 'stopped' ? { kind: 'stopped' } : { kind: 'error', error };
      }
      const content = message.content.filter((b) => b !== undefined).map(sendable);
      const uses = content.filter(isToolUse);
      const turn = this.deps.turnCount();
      for (const b of content)
        if (b.type === 'text' && typeof b.text === 'string' && b.text !== '')
          this.words.push({ turn, role: 'assistant', text: b.text });
      if (uses.length === 0) {
        this.messages.push({ role: 'assistant', content });
        entry.status = 'done';
        this.onChange();
        return { kind: 'end', stopReason: message.stop_reason };
      }
      entry.status = 'tools';
      entry.turn = turn;
      this.onChange();
      const t0 = (this.deps.now ?? (() => performance.now()))();
      // The tool layer gets the signal: Stop reaches the running tool, and calls not started do
      // not run; their results (interrupted) still go into the conversation, which stays valid.
      const rec = await this.deps.runTools(
        uses.map((u) => ({ name: u.name, input: u.input })),
        signal,
      );
      entry.timings = {
        ...(entry.timings ?? { totalMs: 0 }),
        toolsMs: (this.deps.now ?? (() => performance.now()))() - t0,
      };
      this.messages.push(
        { role: 'assistant', content },
        resultsMessage(
          uses.map((u) => u.id),
          rec,
        ),
      );
      entry.status = signal.aborted ? 'stopped' : 'done';
      this.onChange();
      if (signal.aborted) return { kind: 'stopped' };
    }
  }

  private async callWithRetries(
    entry: CallEntry,
    cfg: LiveConfig,
    signal: AbortSignal,
  ): Promise<AssistantMessage> {
    const body = {
      model: cfg.model,
      max_tokens: cfg.maxTokens,
      // A cache breakpoint after the system prompt caches the tool definitions and the prompt.
      system: [{ type: 'text', text: cfg.system, cache_control: { type: 'ephemeral' } }],
      tools: cfg.tools,
      messages: this.messages,
      stream: true,
    };
    const sleep = this.deps.sleep ?? abortableSleep;
    let waitedMs = 0;
    for (let attempt = 1; ; attempt++) {
      entry.attempt = attempt;
      entry.status = 'streaming';
      entry.retry = undefined;
      try {
        const out = await callMessages({
          fetch: this.deps.fetch,
          baseUrl: cfg.baseUrl,
          apiKey: cfg.apiKey,
          // A copy: the messages grow after this call, the raw view shows what was sent.
          body: structuredClone(body),
          signal,
          deadlineMs: cfg.deadlineMs,
          limits: cfg.limits,
          now: this.deps.now,
          onUpdate: (m) => {
            entry.message = m;
            this.onChange();
          },
          onRaw: (raw) => {
            entry.raw = raw;
          },
        });
        entry.message = out.message;
        entry.raw = out.raw;
        entry.usage = out.message.usage;
        entry.costUsd = estimateCost(cfg.model, out.message.usage);
        entry.timings = { ...out.timings, ...(waitedMs ? { waitedMs } : {}) };
        return out.message;
      } catch (e) {
        if (!(e instanceof LiveApiError)) throw e;
        entry.raw = e.raw ?? entry.raw;
        entry.timings = e.timings;
        // What streamed before a failure is not the model's answer: it is shown, then dropped.
        entry.message = undefined;
        const wait = e.retryAfterS ?? 2 ** (attempt - 1);
        if (!e.transient || attempt > cfg.maxRetries || wait > cfg.maxWaitS) throw e;
        entry.status = 'waiting';
        entry.error = { kind: e.kind, message: e.message, status: e.status };
        entry.retry = { waitS: wait, attempt: attempt + 1, fromServer: e.retryAfterS !== undefined };
        this.onChange();
        await sleep(wait * 1000, signal);
        waitedMs += wait * 1000;
        entry.error = undefined;
      }
    }
  }
}
