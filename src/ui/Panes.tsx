// The four panes for one model call. Passive: data in, nothing fetched or stored here.
import type { ModelCallRecord, CallRecord } from '../session/engine';
import type { ContentBlock } from '../tools/types';

function ResultText({ content }: { content: string | ContentBlock[] }) {
  if (typeof content === 'string') return <pre className="model-text">{content}</pre>;
  return (
    <div>
      {content.map((b, i) =>
        b.type === 'text' ? (
          <pre key={i} className="model-text">
            {b.text}
          </pre>
        ) : (
          <pre key={i} className="model-text">{`[${b.type} block: ${b.source.media_type}, ${b.source.data.length} base64 characters]`}</pre>
        ),
      )}
    </div>
  );
}

export function TranscriptPane({ call }: { call: ModelCallRecord }) {
  return (
    <section aria-label="Transcript" className="pane">
      <h2>Transcript</h2>
      <h3>assistant</h3>
      {call.calls.map((c) => (
        <pre key={c.id} className="model-text tool-use">{`tool_use ${c.id}\n${c.name} ${JSON.stringify(c.input, null, 1)}`}</pre>
      ))}
      <h3>user</h3>
      {call.calls.map((c) => (
        <div key={c.id} className="tool-result-block">
          <div className="block-head">
            tool_result {c.id}
            {c.rendered.is_error ? ' (is_error)' : ''}
          </div>
          <ResultText content={c.rendered.content} />
        </div>
      ))}
      {call.attachments.map((a, i) => (
        <div key={i} className="tool-result-block">
          <div className="block-head">{a.role} message</div>
          <pre className="model-text">{a.text}</pre>
        </div>
      ))}
    </section>
  );
}

export function LedgerPane({ call, previous }: { call: ModelCallRecord; previous?: ModelCallRecord }) {
  const before = new Map((previous?.ledger ?? []).map((e) => [e.path, JSON.stringify(e)]));
  return (
    <section aria-label="Read ledger" className="pane">
      <h2>Read ledger</h2>
      {call.ledger.length === 0 ? (
        <p className="muted">Empty: the model has read nothing yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>path</th>
              <th>mtime</th>
              <th>view</th>
              <th>via</th>
              <th>call</th>
            </tr>
          </thead>
          <tbody>
            {call.ledger.map((e) => (
              <tr key={e.path} className={before.get(e.path) === JSON.stringify(e) ? '' : 'changed'}>
                <td>{e.path}</td>
                <td>{new Date(e.mtimeMs).toISOString()}</td>
                <td>{e.partial ? `partial${e.offset !== undefined ? ` from ${e.offset}` : ''}${e.limit !== undefined ? `, ${e.limit} lines` : ''}` : 'whole file'}</td>
                <td>{e.via}</td>
                <td>{e.callId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function decisionText(c: CallRecord): string {
  if (!c.decision) return c.stage === 'unknown-tool' ? 'not offered' : c.stage === 'input' || c.stage === 'validate' ? 'stopped before the permission check' : 'no decision';
  return c.decision.behavior;
}

export function DecisionsPane({ call }: { call: ModelCallRecord }) {
  return (
    <section aria-label="Permission decisions" className="pane">
      <h2>Permission decisions</h2>
      <ul className="plain">
        {call.calls.map((c) => (
          <li key={c.id}>
            <span className={`badge ${decisionText(c)}`}>{decisionText(c)}</span> <code>{c.name}</code> {c.id}
            {c.decision?.reason ? <div className="muted">{c.decision.reason}</div> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ResultsPane({ call }: { call: ModelCallRecord }) {
  return (
    <section aria-label="Tool results" className="pane">
      <h2>Tool results</h2>
      {call.calls.map((c) => (
        <article key={c.id} className="result">
          <h3>
            {c.name} <span className="muted">{c.id}</span> {c.rendered.is_error ? <span className="badge deny">error</span> : null}
          </h3>
          <ResultText content={c.rendered.content} />
          <p className="explain">{c.explain}</p>
        </article>
      ))}
    </section>
  );
}
