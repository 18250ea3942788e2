// The Live driver's panel: the key, base URL, model and system prompt, a prompt with Send, and
// the live log (each model call as it streams, its tokens, cost, timings and raw exchange).
// The loop itself is drivers/live (no DOM); the page around gives it the session's tool runner
// (permission prompts in the page) and its Stop (App's status line, Esc).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PlaygroundSession } from '../../drivers/composer';
import { DEFAULT_BASE_URL, LiveApiError, maskUrl, type RawExchange } from '../../drivers/live/api';
import {
  DEFAULT_SYSTEM_PROMPT,
  LIVE_DEFAULTS,
  LiveConversation,
  type CallEntry,
  type LiveOutcome,
  type LogEntry,
} from '../../drivers/live/loop';
import type { Block } from '../../drivers/live/message';
import { messagesOf, withLive } from '../../drivers/live/words';
import type { ToolDefinition } from '../../profiles/types';
import type { ModelCallRecord } from '../../session/engine';
import { loadSecrets, saveSecrets } from './secrets';

export interface LiveHost {
  play: PlaygroundSession;
  /** The profile's definitions of the tools this session offers. */
  tools: readonly ToolDefinition[];
  /** Something else runs (a replay, a composed call). */
  busy: boolean;
  /** The page shows `label` as running, with its Stop wired to `op` (called again to relabel). */
  begin: (label: string, op: AbortController) => void;
  end: (op: AbortController, how: 'idle' | 'stopped') => void;
  /** One model call of the session: prompts answered in the page, the call selected after. */
  runTools: (
    calls: { name: string; input: Record<string, unknown> }[],
    signal: AbortSignal,
  ) => Promise<ModelCallRecord>;
}

/** The API model id of a Claude Code model setting (`claude-opus-5[1m]` asks for 1M context in
 * Claude Code; the API's id has no suffix). */
const apiModel = (m: string) => m.replace(/\[.*\]$/, '');

const fmt = (n: number) => n.toLocaleString('en-US');
const ms = (v: number | undefined) =>
  v === undefined ? '–' : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(1)} s`;

/** `paneId`: the id the panes give the call (the session's own, `toolu_oracle_<turn>_<i>`), once
 * its model call has run; the API's id is what the model sent and was answered with. */
function BlockView({ b, paneId }: { b: Block; paneId?: string }) {
  if (b.type === 'text')
    return <pre tabIndex={0} className="model-text live-text">{String((b as { text: string }).text)}</pre>;
  if (b.type === 'tool_use') {
    const t = b as { id: string; name: string; input: unknown; partial_json?: string };
    const input = t.partial_json !== undefined ? t.partial_json : JSON.stringify(t.input, null, 1);
    const id = paneId && paneId !== t.id ? `${t.id} (${paneId} in the panes)` : t.id;
    return <pre tabIndex={0} className="model-text tool-use">{`tool_use ${id}\n${t.name} ${input}`}</pre>;
  }
  if (b.type === 'thinking')
    return (
      <pre tabIndex={0} className="model-text live-thinking">{`thinking\n${String((b as { thinking?: string }).thinking ?? '')}`}</pre>
    );
  return <pre tabIndex={0} className="model-text">{`[${b.type} block]`}</pre>;
}

/** The raw exchange, written out only while open (a request carries every message so far). */
function RawView({ raw }: { raw: RawExchange }) {
  const [open, setOpen] = useState(false);
  const head = (h: Record<string, string>) =>
    Object.entries(h)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');
  return (
    <details className="live-raw" onToggle={(ev) => setOpen(ev.currentTarget.open)}>
      <summary>Raw request and response (key masked)</summary>
      {open ? (
        <>
          <pre tabIndex={0} className="model-text raw-json">{`POST ${raw.url}\n${head(raw.headers)}\n\n${JSON.stringify(raw.body, null, 2)}`}</pre>
          <pre tabIndex={0} className="model-text raw-json">{`${raw.status ?? 'no response'}\n${head(raw.responseHeaders ?? {})}\n\n${raw.responseText}`}</pre>
        </>
      ) : null}
    </details>
  );
}

function CallView({ e, model, paneIds }: { e: CallEntry; model: string; paneIds?: readonly string[] }) {
  const u = e.usage;
  const t = e.timings;
  const statusText: Record<CallEntry['status'], string> = {
    streaming: 'streaming…',
    waiting: 'waiting to retry',
    tools: 'running its tool calls…',
    done: 'done',
    failed: 'failed',
    stopped: 'stopped',
  };
  return (
    <li className={`live-call ${e.status}`}>
      <div className="block-head">
        API call {e.n} · {statusText[e.status]}
        {e.attempt > 1 ? ` · attempt ${e.attempt}` : ''}
        {e.turn !== undefined ? ` · its tool calls: model call ${e.turn}` : ''}
      </div>
      {(e.message?.content ?? []).filter(Boolean).map((b, i, all) => (
        <BlockView
          key={i}
          b={b}
          paneId={paneIds?.[all.slice(0, i).filter((x) => x.type === 'tool_use').length]}
        />
      ))}
      {e.status === 'waiting' && e.retry && e.error ? (
        <p role="status" className="live-retry">
          {e.error.message}. Retrying in {e.retry.waitS} s
          {e.retry.fromServer ? ' (as the server asked: retry-after)' : ''}, attempt {e.retry.attempt}…
        </p>
      ) : null}
      {e.status === 'failed' && e.error ? <p className="error">{e.error.message}</p> : null}
      {u ? (
        <p className="live-stats" aria-label={`Usage of API call ${e.n}`}>
          tokens in {fmt(u.input_tokens)} · out {fmt(u.output_tokens)} · cache reads{' '}
          {fmt(u.cache_read_input_tokens)} · cache writes {fmt(u.cache_creation_input_tokens)} ·{' '}
          {e.costUsd === undefined ? `no price for ${model}` : `≈ $${e.costUsd.toFixed(4)}`}
        </p>
      ) : null}
      {t ? (
        <p className="live-stats muted">
          headers {ms(t.headersMs)} · first block {ms(t.firstBlockMs)} · whole response {ms(t.totalMs)}
          {t.toolsMs !== undefined ? ` · tools ${ms(t.toolsMs)}` : ''}
          {t.waitedMs ? ` · waited ${ms(t.waitedMs)} before retrying` : ''}
        </p>
      ) : null}
      {e.raw ? <RawView raw={e.raw} /> : null}
    </li>
  );
}

const outcomeText = (o: LiveOutcome): string =>
  o.kind === 'end'
    ? o.stopReason === 'end_turn' || o.stopReason === null
      ? 'The model ended its turn.'
      : `The model stopped: ${o.stopReason}.`
    : o.kind === 'stopped'
      ? 'Stopped by you. Send or Retry goes on from here.'
      : o.kind === 'step-limit'
        ? `Stopped at the step limit (${o.steps} API calls). Send or Retry goes on from here.`
        : o.error.message;

export function LivePanel({ host }: { host: LiveHost }) {
  const initial = useRef(loadSecrets()).current;
  const [apiKey, setApiKey] = useState(initial.apiKey);
  const [baseUrl, setBaseUrl] = useState(initial.baseUrl);
  const [remember, setRemember] = useState(initial.remember);
  const [model, setModel] = useState(
    () => host.play.scenario.live?.model ?? apiModel(host.play.settings.model),
  );
  const [system, setSystem] = useState(() => host.play.scenario.live?.system ?? DEFAULT_SYSTEM_PROMPT);
  const [maxSteps, setMaxSteps] = useState<number>(LIVE_DEFAULTS.maxSteps);
  const [prompt, setPrompt] = useState('');
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<LiveOutcome>();
  const [, setTick] = useState(0);
  const conv = useRef<{ play: PlaygroundSession; c: LiveConversation }>(undefined);
  const frame = useRef(0);
  // The loop's callbacks outlive a render: they read the newest host and fields.
  const latest = useRef({ host, model, system });
  latest.current = { host, model: model.trim(), system };

  useEffect(() => saveSecrets({ apiKey, baseUrl, remember }), [apiKey, baseUrl, remember]);
  // A session a live model drove (a link, a saved session) brings its model and system prompt.
  const carried = host.play.scenario.live;
  useEffect(() => {
    if (!carried) return;
    setModel(carried.model);
    setSystem(carried.system);
  }, [carried?.model, carried?.system]);
  // The panel outlives sessions: a new session (or a re-run on another model) starts the field at
  // its own model.
  const sessionModel = host.play.settings.model;
  useEffect(() => {
    if (!carried) setModel(apiModel(sessionModel));
  }, [host.play, sessionModel]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const redraw = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setTick((t) => t + 1));
  };

  /** The conversation of this session: in memory, else rebuilt from its scenario (a link, a
   * re-run); a session no live model drove starts a new conversation on its workspace. */
  const conversation = (): LiveConversation => {
    const play = host.play;
    if (conv.current?.play === play) return conv.current.c;
    const words = play.scenario.live?.words ?? [];
    const c = new LiveConversation(
      {
        fetch: (...a) => globalThis.fetch(...a),
        runTools: async (calls, signal) => {
          const { host: h, model: m, system: sys } = latest.current;
          const rec = await h.runTools(calls, signal);
          play.scenario = withLive(play.scenario, { model: m, system: sys, words: c.words });
          return rec;
        },
        turnCount: () => play.scenario.turns.length,
      },
      redraw,
      play.scenario.live ? { messages: messagesOf(play.history, words), words } : undefined,
    );
    conv.current = { play, c };
    return c;
  };

  const go = async (text: string | undefined) => {
    const c = conversation();
    const play = host.play;
    const op = new AbortController();
    setRunning(true);
    setOutcome(undefined);
    host.begin('live model', op);
    let o: LiveOutcome;
    try {
      o = await c.send(
        text,
        {
          apiKey: apiKey.trim(),
          baseUrl: baseUrl.trim() || DEFAULT_BASE_URL,
          model: model.trim(),
          system,
          tools: host.tools,
          ...LIVE_DEFAULTS,
          maxSteps,
        },
        op.signal,
      );
    } catch (e) {
      // A tool-layer crash: said, and the conversation stays as it was.
      o = {
        kind: 'error',
        error: new LiveApiError(
          'server',
          `The tool layer failed: ${e instanceof Error ? e.message : String(e)}`,
        ),
      };
    }
    play.scenario = withLive(play.scenario, { model: model.trim(), system, words: c.words });
    if (text !== undefined && o.kind !== 'error') setPrompt('');
    setOutcome(o);
    setRunning(false);
    latest.current.host.end(op, o.kind === 'stopped' ? 'stopped' : 'idle');
    redraw();
  };

  const c = conv.current?.play === host.play ? conv.current.c : undefined;
  const log: readonly LogEntry[] = c?.log ?? [];
  const missing = !apiKey.trim() ? 'Enter an API key first.' : !model.trim() ? 'Enter a model.' : undefined;
  const canSend = !running && !host.busy && !missing;

  return (
    <section aria-label="Live model" className="live">
      <h2>Live model</h2>
      <p className="muted">
        Your key goes from this page straight to the base URL below, in the <code>x-api-key</code> header. It
        is kept in this tab's memory (and in this browser's localStorage only if you tick Remember); never in
        links, exports, issue text or the saved session.
      </p>
      <LiveSettings
        apiKey={apiKey}
        setApiKey={setApiKey}
        remember={remember}
        setRemember={setRemember}
        baseUrl={baseUrl}
        setBaseUrl={setBaseUrl}
        model={model}
        setModel={setModel}
        sessionModel={sessionModel}
        system={system}
        setSystem={setSystem}
        maxSteps={maxSteps}
        setMaxSteps={setMaxSteps}
        tools={host.tools}
      />
      <PromptForm
        prompt={prompt}
        setPrompt={setPrompt}
        canSend={canSend}
        onSend={(text) => void go(text)}
        retry={outcome && outcome.kind !== 'end' && c?.canRetry ? () => void go(undefined) : undefined}
        note={missing && !running ? missing : undefined}
      />
      {outcome ? <OutcomeNote outcome={outcome} /> : null}
      {log.length > 0 ? <LiveLog log={log} model={model} history={host.play.history} /> : null}
    </section>
  );
}

interface LiveSettingsProps {
  apiKey: string;
  setApiKey: (v: string) => void;
  remember: boolean;
  setRemember: (v: boolean) => void;
  baseUrl: string;
  setBaseUrl: (v: string) => void;
  model: string;
  setModel: (v: string) => void;
  /** The session settings' model (the tool layer behaves as Claude Code does for it). */
  sessionModel: string;
  system: string;
  setSystem: (v: string) => void;
  maxSteps: number;
  setMaxSteps: (v: number) => void;
  tools: readonly ToolDefinition[];
}

/** The key, base URL and model, and under them the system prompt and the step limit. */
function LiveSettings({
  apiKey,
  setApiKey,
  remember,
  setRemember,
  baseUrl,
  setBaseUrl,
  model,
  setModel,
  sessionModel,
  system,
  setSystem,
  maxSteps,
  setMaxSteps,
  tools,
}: LiveSettingsProps) {
  return (
    <>
      <div className="live-grid">
        <label>
          API key
          <input
            type="password"
            aria-label="API key"
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            placeholder="sk-ant-…"
            onChange={(e) => setApiKey(e.target.value)}
          />
        </label>
        <label className="live-remember">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />{' '}
          Remember the key and base URL in this browser
        </label>
        <label>
          Base URL
          <input
            type="url"
            aria-label="Base URL"
            autoComplete="off"
            spellCheck={false}
            value={baseUrl}
            placeholder={DEFAULT_BASE_URL}
            onChange={(e) => setBaseUrl(e.target.value)}
          />
        </label>
        <label>
          Model
          <input
            aria-label="Model"
            spellCheck={false}
            value={model}
            onChange={(e) => setModel(e.target.value)}
          />
        </label>
      </div>
      {apiModel(sessionModel) !== model.trim() && model.trim() ? (
        <p className="muted">
          The tool layer behaves as Claude Code does for {sessionModel} (the session settings' model); change
          it there to match.
        </p>
      ) : null}
      <details className="live-more">
        <summary>System prompt and step limit</summary>
        <label>
          System prompt (our own, short; not Claude Code's)
          <textarea
            aria-label="System prompt"
            rows={4}
            value={system}
            onChange={(e) => setSystem(e.target.value)}
          />
        </label>
        <label>
          Step limit (model calls per Send)
          <input
            type="number"
            min={1}
            max={200}
            aria-label="Step limit"
            value={maxSteps}
            onChange={(e) => setMaxSteps(Math.max(1, Math.min(200, Number(e.target.value) || 1)))}
          />
        </label>
        <p className="muted">
          {tools.length} tools offered, as the session settings say: {tools.map((t) => t.name).join(', ')}.
          Requests go to {maskUrl(baseUrl.trim() || DEFAULT_BASE_URL)}.
        </p>
      </details>
    </>
  );
}

/** The prompt and Send (Ctrl+Enter), Retry when the last Send can be tried again, and what is
 * missing before one can send. */
function PromptForm({
  prompt,
  setPrompt,
  canSend,
  onSend,
  retry,
  note,
}: {
  prompt: string;
  setPrompt: (v: string) => void;
  canSend: boolean;
  onSend: (text: string) => void;
  retry: (() => void) | undefined;
  note: string | undefined;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!prompt.trim()) return;
    onSend(prompt);
  };
  return (
    <form onSubmit={submit} className="live-form">
      <label>
        Prompt
        <textarea
          aria-label="Prompt"
          rows={3}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
          }}
        />
      </label>
      <div className="live-buttons">
        <button type="submit" disabled={!canSend || !prompt.trim()} title="Send (Ctrl+Enter)">
          Send
        </button>
        {retry ? (
          <button type="button" disabled={!canSend} onClick={retry}>
            Retry
          </button>
        ) : null}
        {note ? <span className="muted">{note}</span> : null}
      </div>
    </form>
  );
}

function OutcomeNote({ outcome }: { outcome: LiveOutcome }) {
  return (
    <p
      role={outcome.kind === 'error' ? 'alert' : 'status'}
      className={outcome.kind === 'error' ? 'error' : 'muted'}
    >
      {outcomeText(outcome)}
      {outcome.kind === 'error'
        ? ' Nothing was lost: the conversation is as it was before this call; Retry sends it again.'
        : ''}
    </p>
  );
}

/** The live log: each prompt, and each API call with its blocks, usage and timings. */
function LiveLog({
  log,
  model,
  history,
}: {
  log: readonly LogEntry[];
  model: string;
  history: readonly ModelCallRecord[];
}) {
  return (
    <ol className="plain live-log" aria-label="Live transcript">
      {log.map((e, i) =>
        e.kind === 'prompt' ? (
          <li key={i} className="live-prompt">
            <div className="block-head">you</div>
            <pre tabIndex={0} className="model-text">{e.text}</pre>
          </li>
        ) : (
          <CallView
            key={i}
            e={e}
            model={model}
            paneIds={e.turn === undefined ? undefined : history[e.turn]?.calls.map((x) => x.id)}
          />
        ),
      )}
    </ol>
  );
}
