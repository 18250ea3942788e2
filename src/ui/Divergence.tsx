// Where a replay and the session it came from (an imported Claude Code session, a link's
// `expect`) part ways, call by call. It sits in the session's head as its match badge: inline,
// folded until opened, so it covers nothing.
import { compareCalls, contentText } from '../share/diverge';
import type { ScenarioResult } from '../scenario/schema';

export function Divergence({ expected, actual }: { expected: ScenarioResult; actual: ScenarioResult }) {
  const rows = compareCalls(expected, actual);
  const same = rows.filter((r) => r.same).length;
  return (
    <details className="differs divergence" aria-label="Divergence from the recording">
      <summary>
        <span className={`badge ${same === rows.length ? 'allow' : 'deny'}`}>
          {same} of {rows.length} calls match the recording ({expected.version})
        </span>
      </summary>
      <ol>
        {rows.map((r) => (
          <li key={r.id}>
            <strong>{r.tool}</strong> <code>{r.id}</code> {r.same ? 'same' : 'differs'}
            {r.same ? null : (
              <>
                <div>recorded{r.expected?.is_error ? ' (is_error)' : ''}:</div>
                <pre tabIndex={0}>
                  {r.expected ? contentText(r.expected.content) : '(not in the recording)'}
                </pre>
                <div>playground{r.actual?.is_error ? ' (is_error)' : ''}:</div>
                <pre tabIndex={0}>{r.actual ? contentText(r.actual.content) : '(not replayed)'}</pre>
              </>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
