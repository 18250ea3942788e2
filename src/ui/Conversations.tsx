// The four panes for the selected model call, with subagents: an Agent call's subagent is a
// conversation of its own, its model calls nested under the call in the Transcript. Selecting
// one of them shows that subagent's own read ledger, decisions and results in the other panes.
// The selection is this component's own state; it resets when the main model call changes.
import { useState } from 'react';
import type { CallRecord, ModelCallRecord, SubagentView } from '../session/engine';
import { DecisionsPane, LedgerPane, ResultsPane, TranscriptPane, type TranscriptProps } from './Panes';

interface Selected {
  /** The main conversation's model call it belongs to. */
  main: ModelCallRecord;
  agent: SubagentView;
  index: number;
}

export interface ConversationPanesProps {
  call: ModelCallRecord;
  previous?: ModelCallRecord;
  request: () => unknown;
  mode: string;
  /** A live session's words around the main conversation's calls. */
  words?: TranscriptProps['words'];
  /** Actions on this model call, in the Transcript's head. */
  actions?: TranscriptProps['actions'];
}

export function ConversationPanes({ call, previous, request, mode, words, actions }: ConversationPanesProps) {
  const [picked, setPicked] = useState<Selected | undefined>();
  const sel = picked?.main === call ? picked : undefined;
  const subCall = sel ? sel.agent.history[sel.index] : undefined;
  const shown = subCall ?? call;
  const before = subCall ? (sel && sel.index > 0 ? sel.agent.history[sel.index - 1] : undefined) : previous;
  const nested = (c: CallRecord) =>
    c.subagents?.length ? (
      <div className="subagents">
        {c.subagents.map((a, k) => (
          <section key={k} className="subagent" aria-label={`Subagent ${a.agentType}`}>
            <div className="block-head">
              subagent {a.agentType}: {a.prompt}
            </div>
            {a.history.length === 0 ? <p className="muted">No tool calls.</p> : null}
            {a.history.map((m, i) => (
              <div key={i}>
                <button
                  type="button"
                  className={sel?.agent === a && sel.index === i ? 'link selected' : 'link'}
                  aria-pressed={sel?.agent === a && sel.index === i}
                  onClick={() => setPicked({ main: call, agent: a, index: i })}
                >
                  subagent model call {i}
                </button>
                {m.calls.map((sc) => (
                  <div key={sc.id} className="tool-result-block nested-call">
                    <pre tabIndex={0} className="model-text tool-use">{`tool_use ${sc.id}\n${sc.name} ${JSON.stringify(sc.input, null, 1)}`}</pre>
                    <div className="block-head">
                      tool_result {sc.id}
                      {sc.rendered.is_error ? ' (is_error)' : ''}
                    </div>
                    <pre tabIndex={0} className="model-text">
                      {typeof sc.rendered.content === 'string'
                        ? sc.rendered.content
                        : JSON.stringify(sc.rendered.content, null, 1)}
                    </pre>
                  </div>
                ))}
              </div>
            ))}
          </section>
        ))}
      </div>
    ) : null;
  return (
    <>
      {sel ? (
        <p className="subagent-note" role="status">
          Showing subagent {sel.agent.agentType}, model call {sel.index}: its own read ledger and decisions.{' '}
          <button type="button" className="link" onClick={() => setPicked(undefined)}>
            Back to the main conversation
          </button>
        </p>
      ) : null}
      <TranscriptPane call={call} request={request} nested={nested} words={words} actions={actions} />
      <LedgerPane call={shown} previous={before} />
      <DecisionsPane call={shown} mode={mode} />
      <ResultsPane call={shown} />
    </>
  );
}
