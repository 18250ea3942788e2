// What a gallery scenario shows while its replay runs: the recorded result (the binary's own
// answers), marked as the recording, in the session column (its model calls) and in the panes
// (Transcript and Tool results; the ledger and the permission decisions are the playground's
// own and come with the replay). The replayed session takes its place when it lands. The regions'
// names (Recorded exchange, Recorded results) contain no pane's name: what finds a pane by name
// finds the replayed one only.
import { useEffect } from 'react';
import { ModelContent } from './Panes';
import { markFirstUsefulView } from './ready';
import type { RecordedCall, Recording } from './recording';

const toolUseText = (c: RecordedCall) => `tool_use ${c.id}\n${c.tool} ${JSON.stringify(c.input, null, 1)}`;

// Said once, in the session head: the run status above it is the page's one status line, and the
// panes' headings say "(recorded)" (at phone width the columns stack, so a second copy in the
// panes read as the same note twice).
function Note({ recording }: { recording: Recording }) {
  return (
    <p className="recorded-note">
      <span className="badge">recorded by Claude Code {recording.version}</span> The playground is replaying
      it; its own results take this place when the replay lands. (The recording writes values that vary
      between runs as placeholders: <code>$CWD</code>, <code>&lt;n&gt;</code>.)
    </p>
  );
}

export function RecordedHead({
  recording,
  selected,
  onSelect,
}: {
  recording: Recording;
  selected: number;
  onSelect: (i: number) => void;
}) {
  return (
    <div className="scenario-head recorded-head">
      <p>
        <strong>{recording.id}</strong>
      </p>
      <Note recording={recording} />
      <div className="calls" role="tablist" aria-label="Recorded calls" aria-orientation="vertical">
        {recording.turns.map((calls, i) => (
          <button
            key={i}
            type="button"
            role="tab"
            aria-selected={i === selected}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => onSelect(i)}
          >
            model call {i} · {calls.map((c) => c.tool).join(', ') || 'no tool calls'}
            {calls.some((c) => c.isError) ? (
              <span className="dot error-dot" aria-label="has an error result" />
            ) : null}
          </button>
        ))}
      </div>
    </div>
  );
}

function Exchange({ calls, agents }: { calls: readonly RecordedCall[]; agents: Recording['agents'] }) {
  return (
    <>
      <h3>assistant</h3>
      {calls.length === 0 ? <p className="muted">No tool_use blocks.</p> : null}
      {calls.map((c) => {
        const prompt = (c.input as { prompt?: unknown } | undefined)?.prompt;
        const sub = typeof prompt === 'string' ? agents[prompt] : undefined;
        return (
          <div key={c.id}>
            <pre tabIndex={0} className="model-text tool-use">
              {toolUseText(c)}
            </pre>
            {sub ? (
              <details className="subagent" open>
                <summary>subagent: {sub.length} model calls (recorded)</summary>
                {sub.map((s, i) => (
                  <Exchange key={i} calls={s} agents={{}} />
                ))}
              </details>
            ) : null}
          </div>
        );
      })}
      <h3>user</h3>
      {calls.map((c) => (
        <div key={c.id}>
          <div className="block-head">
            tool_result {c.id}
            {c.isError ? ' (is_error)' : ''}
          </div>
          <ModelContent content={c.content} />
        </div>
      ))}
    </>
  );
}

/** The recorded Transcript and Tool results of model call `selected`. */
export function RecordedPanes({ recording, selected }: { recording: Recording; selected: number }) {
  const calls = recording.turns[selected] ?? [];
  useEffect(() => markFirstUsefulView(), []);
  return (
    <>
      <section aria-label="Recorded exchange" data-pane="Transcript" className="pane" tabIndex={-1}>
        <div className="pane-head">
          <h2>Transcript (recorded)</h2>
        </div>
        <Exchange calls={calls} agents={recording.agents} />
      </section>
      <section aria-label="Recorded results" data-pane="Tool results" className="pane" tabIndex={-1}>
        <div className="pane-head">
          <h2>Tool results (recorded)</h2>
        </div>
        {calls.map((c) => (
          <article key={c.id} className="result" aria-label={`${c.tool} ${c.id} (recorded)`}>
            <h3>
              {c.tool} <span className="muted">{c.id}</span>{' '}
              {c.isError ? <span className="badge deny">is_error</span> : null}
            </h3>
            <ModelContent content={c.content} />
          </article>
        ))}
      </section>
      <p className="muted recorded-wide">
        The Read ledger and the Permission decisions are the playground&apos;s own: they appear with the
        replay.
      </p>
    </>
  );
}
