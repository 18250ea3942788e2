// The four panes for one model call. Passive: data and callbacks in, nothing fetched or stored
// here. Text that came from files or tools is only ever a React text node.
import { Fragment, useState, type ReactNode } from 'react';
import type { LedgerEntry } from '../ledger/ledger';
import type { CallRecord, ModelCallRecord } from '../session/engine';
import type { PromptRecord } from '../session/prompt';
import type { SessionDecision } from '../session/permissions';
import { BypassNote } from './BypassNote';
import { HookSteps } from './HookSteps';
import type { ContentBlock } from '../tools/types';
import { Pdf } from './LazyEditors';
import { PeopleView } from './PeopleView';
import { visibleWhitespace } from './text';
import { isNotEmulated } from '../tools/stub';
import { CopyButton } from './layout/CopyButton';
import { setWrap, useWrap } from './layout/wrap';
import { BASE_MTIME } from '../scenario/times';
import { CLOCK_START_MS } from '../workspace/types';

/** What Copy puts on the clipboard: a text result exactly; a result of several blocks (images,
 * documents) as the JSON content array the model receives. */
export const exactText = (content: string | ContentBlock[]): string =>
  typeof content === 'string' ? content : JSON.stringify(content);

export const PANE_NAMES = ['Transcript', 'Read ledger', 'Permission decisions', 'Tool results'] as const;

/** Each line of exact text in a box of its own, so a long line that wraps hangs its
 * continuation (layout/wrap.ts) instead of reading as a newline the model never saw. */
export function Lines({ text }: { text: string }) {
  return text.split(/(?<=\n)/).map((line, i) => (
    <span key={i} className="line">
      {line}
    </span>
  ));
}

function Text({ text, visible }: { text: string; visible: boolean }) {
  return (
    <pre tabIndex={0} className={visible ? 'model-text visible-ws' : 'model-text'}>
      <Lines text={visible ? visibleWhitespace(text) : text} />
    </pre>
  );
}

/** A path with a break opportunity after each slash: a narrow column wraps it between names,
 * never inside one. */
export function BreakablePath({ path }: { path: string }) {
  return path.split(/(?<=\/)/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** Exactly what the model receives for one tool_result: text blocks as text, images drawn,
 * documents through pdf.js. */
export function ModelContent({
  content,
  visible = false,
}: {
  content: string | ContentBlock[];
  visible?: boolean;
}) {
  if (typeof content === 'string') return <Text text={content} visible={visible} />;
  return (
    <div>
      {content.map((b, i) => {
        if (b.type === 'text') return <Text key={i} text={b.text} visible={visible} />;
        if (b.type === 'tool_reference')
          return (
            <div key={i} className="block-head">
              [tool_reference: {b.tool_name}]
            </div>
          );
        const label = `[${b.type} block: ${b.source.media_type}, ${b.source.data.length} base64 characters]`;
        return (
          <div key={i} className="media-block">
            <div className="block-head">{label}</div>
            {b.type === 'image' ? (
              <img alt={label} src={`data:${b.source.media_type};base64,${b.source.data}`} />
            ) : (
              <Pdf base64={b.source.data} />
            )}
          </div>
        );
      })}
    </div>
  );
}

function Toggle({
  pressed,
  onChange,
  children,
}: {
  pressed: boolean;
  onChange: (v: boolean) => void;
  children: string;
}) {
  return (
    <button type="button" className="toggle" aria-pressed={pressed} onClick={() => onChange(!pressed)}>
      {children}
    </button>
  );
}

export interface TranscriptProps {
  call: ModelCallRecord;
  /** What to show under a call's tool_use block (an Agent call's subagent). */
  nested?: (c: CallRecord) => ReactNode;
  /** The Messages API request after this call (messages so far and the tool definitions). */
  request: () => unknown;
  /** A live session's words: the person's prompts and the model's text blocks before this
   * call's tool_use blocks, and (on the last call) those after its results. */
  words?: { before: readonly LiveWordView[]; after: readonly LiveWordView[] };
  /** Actions on this model call (fork from here), beside the pane's heading. */
  actions?: ReactNode;
}

export interface LiveWordView {
  role: 'user' | 'assistant';
  text: string;
}

function Words({ words }: { words: readonly LiveWordView[] }) {
  return words.map((w, i) => (
    <div key={i} className={`live-word ${w.role}`}>
      <div className="block-head">{w.role === 'user' ? 'user: prompt' : 'assistant: text'}</div>
      <pre tabIndex={0} className="model-text">{w.text}</pre>
    </div>
  ));
}

export function TranscriptPane({ call, request, words, nested, actions }: TranscriptProps) {
  const [raw, setRaw] = useState(false);
  return (
    <section aria-label="Transcript" className="pane" tabIndex={-1}>
      <div className="pane-head">
        <h2>Transcript</h2>
        {actions}
        <Toggle pressed={raw} onChange={setRaw}>
          raw Messages API JSON
        </Toggle>
      </div>
      {raw ? (
        <pre tabIndex={0} className="model-text raw-json">{JSON.stringify(request(), null, 2)}</pre>
      ) : (
        <>
          {words ? <Words words={words.before} /> : null}
          <h3>assistant</h3>
          {call.calls.length === 0 ? <p className="muted">No tool_use blocks.</p> : null}
          {call.calls.map((c) => (
            <Fragment key={c.id}>
              <pre tabIndex={0} className="model-text tool-use">{`tool_use ${c.id}\n${c.name} ${JSON.stringify(c.input, null, 1)}`}</pre>
              {nested?.(c)}
            </Fragment>
          ))}
          <h3>user</h3>
          {call.calls.map((c) => (
            <div key={c.id} className="tool-result-block">
              <div className="block-head">
                tool_result {c.id}
                {c.rendered.is_error ? ' (is_error)' : ''}
              </div>
              <ModelContent content={c.rendered.content} />
            </div>
          ))}
          {call.attachments.map((a, i) => (
            <div key={i} className="tool-result-block">
              <div className="block-head">{a.role} message</div>
              <pre tabIndex={0} className="model-text">{a.text}</pre>
            </div>
          ))}
          {words ? <Words words={words.after} /> : null}
        </>
      )}
    </section>
  );
}

export function viewOf(e: LedgerEntry): string {
  if (e.partialView) return 'PARTIAL view';
  if (!e.partial && e.offset === undefined && e.limit === undefined) return 'whole file';
  const parts = [
    e.offset !== undefined ? `from line ${e.offset}` : '',
    e.limit !== undefined ? `${e.limit} lines` : '',
  ].filter(Boolean);
  return parts.length ? `range: ${parts.join(', ')}` : 'partial';
}

type RowState = 'added' | 'changed' | 'same' | 'removed';

/** Entries after this call, each marked against the call before; entries this call removed
 * are listed last. */
export function ledgerRows(
  now: readonly LedgerEntry[],
  before: readonly LedgerEntry[],
): { entry: LedgerEntry; state: RowState }[] {
  const prev = new Map(before.map((e) => [e.path, JSON.stringify(e)]));
  const rows = now.map((entry): { entry: LedgerEntry; state: RowState } => {
    const p = prev.get(entry.path);
    return { entry, state: p === undefined ? 'added' : p === JSON.stringify(entry) ? 'same' : 'changed' };
  });
  const paths = new Set(now.map((e) => e.path));
  for (const entry of before) if (!paths.has(entry.path)) rows.push({ entry, state: 'removed' });
  return rows;
}

const iso = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.000Z$/, 'Z');

/** What the table alone does not say: why times written in the session sit years after the
 * seeded ones, and why a tool that read the whole file leaves a partial view. */
function LedgerNotes({ rows }: { rows: readonly LedgerEntry[] }) {
  const written = rows.some((e) => e.mtimeMs >= CLOCK_START_MS);
  const partWhole = rows.filter((e) => e.partial && e.wholeContent && !e.partialView && e.offset === undefined);
  if (!written && partWhole.length === 0) return null;
  return (
    <ul className="plain ledger-notes muted">
      {written ? (
        <li>
          mtime: the files a scenario lays out carry fixed times from {iso(BASE_MTIME * 1000)} on, a minute apart,
          as the oracle’s runner sets them; a file written in the session (by a tool, a command or an outside
          edit) takes the session’s clock, which starts at {iso(CLOCK_START_MS)} and moves 1 ms at each
          reading, so every replay gives the same times.
        </li>
      ) : null}
      {[...new Set(partWhole.map((e) => e.via))].map((via) => (
        <li key={via}>
          partial, by {via}: the ledger keeps the file’s whole text (the tool had all of it), but the model had
          not read the whole file, so Claude Code does not count it as in the model’s context: an Edit of it
          does not end with “(file state is current in your context …)” on the releases that add that note.
        </li>
      ))}
    </ul>
  );
}

export function LedgerPane({ call, previous }: { call: ModelCallRecord; previous?: ModelCallRecord }) {
  const rows = ledgerRows(call.ledger, previous?.ledger ?? []);
  return (
    <section aria-label="Read ledger" className="pane" tabIndex={-1}>
      <h2>Read ledger</h2>
      {rows.length === 0 ? (
        <p className="muted">Empty: the model has read nothing yet.</p>
      ) : (
        <table className="reflow">
          <thead>
            <tr>
              <th>path</th>
              <th>mtime</th>
              <th>view</th>
              <th>by</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ entry: e, state }) => (
              <tr key={e.path + state} className={state === 'same' ? '' : state}>
                <td data-label="path">
                  <BreakablePath path={e.path} />
                </td>
                <td data-label="mtime">{iso(e.mtimeMs)}</td>
                <td data-label="view">{viewOf(e)}</td>
                <td data-label="by">
                  {e.detail ? `${e.via}: ${e.detail}` : e.via}
                  <div className="call-id">{e.callId}</div>
                  {state === 'same' ? null : <div className="row-state">{state} by this call</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LedgerNotes rows={rows.map((r) => r.entry)} />
      <h3>consulted by each call</h3>
      <ul className="plain consulted">
        {call.calls.map((c) => (
          <li key={c.id}>
            <code>{c.name}</code> {c.id}:{' '}
            {c.consulted ? (
              <span>
                {c.consulted.path} ({viewOf(c.consulted)}, mtime {iso(c.consulted.mtimeMs)}, by{' '}
                {c.consulted.callId})
              </span>
            ) : (
              <span className="muted">no entry</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the pane says when a call never reached the permission check. */
export function noDecisionText(c: CallRecord): string {
  if (c.stage === 'unknown-tool') return 'not offered';
  if (c.stage === 'input') return 'input rejected before the permission check';
  if (c.stage === 'validate') return 'stopped by the tool’s own checks before the permission check';
  if (c.stage === 'session-ended') return 'the binary crashes here: the session ended';
  return 'no decision';
}

function DecisionLine({ d }: { d: Omit<SessionDecision, 'subcommands'> }) {
  return (
    <>
      <span className={`badge ${d.behavior}`}>{d.behavior}</span>{' '}
      {d.rule ? (
        <span>
          rule <code>{d.rule.text}</code> from <strong>{d.rule.source}</strong>
        </span>
      ) : null}
      {d.reason ? <div className="muted">{d.reason}</div> : null}
      {d.knownGap ? (
        <div className="known-gap" role="note">
          <span aria-hidden="true">⚠ </span>known gap: {d.knownGap}
        </div>
      ) : null}
      {d.bypass ? <BypassNote mark={d.bypass} /> : null}
      {d.sandbox ? <SandboxLine s={d.sandbox} /> : null}
    </>
  );
}

/** The sandbox policy a Bash call ran under (settings `sandbox.*`). */
function SandboxLine({ s }: { s: NonNullable<SessionDecision['sandbox']> }) {
  return (
    <div className="sandbox-note" role="note">
      <div>
        <strong>{s.sandboxed ? 'sandboxed' : 'outside the sandbox'}</strong>: {s.why}
      </div>
      {s.sandboxed ? (
        <ul className="plain">
          <li>
            writes: {s.writeRoots.map((r) => <code key={r}>{r}</code>)}
          </li>
          <li>
            protected: {s.protectedPaths.map((r) => <code key={r}>{r}</code>)}
          </li>
          <li>network: {s.network}</li>
        </ul>
      ) : null}
      <div className="muted">
        emulated: {s.emulated}
        {s.notRecorded ? ' This release’s sandbox texts were not recorded (those of a release where they were are used).' : ''}
      </div>
    </div>
  );
}

const ANSWER_TEXT = {
  'allow-once': 'allowed once',
  'allow-always': 'always allowed',
  deny: 'denied',
} as const;

/** A call that asked: what the engine said, and who answered what. */
function PromptLine({ prompt }: { prompt: PromptRecord }) {
  return (
    <div className="prompt-line">
      asked <DecisionLine d={prompt.asked} />
      <div>
        <span className={`badge ${prompt.answer === 'deny' ? 'deny' : 'allow'}`}>
          {ANSWER_TEXT[prompt.answer]}
        </span>{' '}
        by <strong>{prompt.by === 'user' ? 'the user' : 'the scenario’s answer'}</strong> at the prompt
        {prompt.added.length ? (
          <>
            ; added{' '}
            {prompt.added.map((r) => (
              <code key={r}>{r}</code>
            ))}{' '}
            to local settings
          </>
        ) : null}
      </div>
    </div>
  );
}

export function DecisionsPane({ call, mode }: { call: ModelCallRecord; mode?: string }) {
  return (
    <section aria-label="Permission decisions" className="pane" tabIndex={-1}>
      <h2>Permission decisions {mode ? <span className="muted">(mode {mode})</span> : null}</h2>
      <ul className="plain decisions">
        {call.calls.map((c) => (
          <li key={c.id}>
            <div>
              <code>{c.name}</code> <span className="muted">{c.id}</span>
            </div>
            {c.prompt ? (
              <PromptLine prompt={c.prompt} />
            ) : c.decision ? (
              <DecisionLine d={c.decision} />
            ) : (
              <span className="badge">{noDecisionText(c)}</span>
            )}
            {c.hooks?.length ? <HookSteps id={c.id} steps={c.hooks} /> : null}
            {(c.prompt?.asked ?? c.decision)?.subcommands?.length ? (
              <ul className="subcommands" aria-label={`Subcommands of ${c.id}`}>
                {(c.prompt?.asked ?? c.decision)?.subcommands?.map((s, i) => (
                  <li key={i}>
                    <code>{s.command}</code> <DecisionLine d={s.decision} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ResultsPane({ call }: { call: ModelCallRecord }) {
  const [visible, setVisible] = useState(false);
  const wrap = useWrap();
  return (
    <section aria-label="Tool results" className="pane" tabIndex={-1}>
      <div className="pane-head">
        <h2>Tool results</h2>
        <span className="buttons">
          <Toggle pressed={visible} onChange={setVisible}>
            show whitespace
          </Toggle>
          <Toggle pressed={wrap} onChange={setWrap}>
            wrap long lines
          </Toggle>
        </span>
      </div>
      {call.calls.map((c) => (
        <article key={c.id} className="result" aria-label={`${c.name} ${c.id}`}>
          <h3>
            {c.name} <span className="muted">{c.id}</span>{' '}
            {c.stage === 'session-ended' ? (
              <span className="badge deny">the binary crashes here</span>
            ) : isNotEmulated(c.rendered) ? (
              <span className="badge deny">not emulated</span>
            ) : c.rendered.is_error ? (
              <span className="badge deny">is_error</span>
            ) : null}
          </h3>
          <div className="result-actions">
            <CopyButton text={exactText(c.rendered.content)} label={`Copy the exact result of ${c.id}`} />
          </div>
          <ModelContent content={c.rendered.content} visible={visible} />
          <PeopleView call={c} />
          <p className="explain">{c.explain}</p>
        </article>
      ))}
    </section>
  );
}
