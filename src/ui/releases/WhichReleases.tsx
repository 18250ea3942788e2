// "Which releases": the open session's scenario replayed under every release of the registry (in a
// worker, src/workers/releases.ts), shown as a strip of stretches of neighbouring releases with
// one outcome, the outcomes themselves, and every release with how its outcome is known (its own
// recording, or a replay under its profile with the change point its behaviour comes from, the
// same profile as another) and whether the replay matches what that release recorded. The sweep's
// state lives in its controller (../controller/sweep.ts).
// `data-sweep` on the view is its signal for tests: running, done, error or cancelled.
import { useSyncExternalStore } from 'react';
import type { ReleaseOutcome, Sweep } from '../../drivers/releases/sweep';
import type { SweepController, SweepState } from '../controller/sweep';
import { Modal } from './Modal';

function how(r: ReleaseOutcome): string {
  const parts: string[] = [];
  if (r.from === 'recording') parts.push('as this release recorded it');
  else parts.push(r.behaviourOf === r.version ? 'replayed under its profile' : `replayed under its profile (behaviour as changed at ${r.behaviourOf})`);
  if (r.sharedWith) parts.push(`same profile as ${r.sharedWith}`);
  return parts.join('; ');
}

function recordingText(r: ReleaseOutcome): string {
  if (!r.recording) return '—';
  if (r.recording.kind === 'matches') return 'replay matches its recording';
  return `replay differs from its recording (${r.recording.count}; first at ${r.recording.first})`;
}

const range = (first: string, last: string) => (first === last ? first : `${first} – ${last}`);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function Strip({ sweep }: { sweep: Sweep }) {
  const total = sweep.releases.length;
  return (
    <>
      <div className="wr-bar" aria-hidden="true">
        {sweep.stretches.map((s, i) => (
          <span
            key={i}
            className={`wr-seg wr-o${s.outcome % 6}`}
            style={{ flexGrow: s.count }}
            title={`${sweep.outcomes[s.outcome]?.label}: ${range(s.first, s.last)}`}
          >
            {s.count / total > 0.08 ? sweep.outcomes[s.outcome]?.label : ''}
          </span>
        ))}
      </div>
      <ol className="wr-strip" aria-label="Releases by outcome, oldest first">
        {sweep.stretches.map((s, i) => (
          <li key={i}>
            <span className={`wr-swatch wr-o${s.outcome % 6}`} aria-hidden="true" />
            <span>
              <strong>Outcome {sweep.outcomes[s.outcome]?.label}</strong>: {range(s.first, s.last)} (
              {plural(s.count, 'release')})
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

function Done({ sweep }: { sweep: Sweep }) {
  const recorded = sweep.releases.filter((r) => r.recording);
  return (
    <>
      <p className="muted">
        {plural(sweep.releases.length, 'release')}, {plural(sweep.outcomes.length, 'outcome')};{' '}
        {plural(sweep.replays, 'replay')} in {(sweep.elapsedMs / 1000).toFixed(1)} s (releases whose profiles are equal
        share one).
        {sweep.complete ? '' : ` Stopped (${sweep.stoppedBy}): releases not reached have no outcome.`}
      </p>
      <Strip sweep={sweep} />
      {recorded.length ? (
        <>
          <h3>Recordings</h3>
          <ul className="wr-recordings">
            {recorded.map((r) => (
              <li key={r.version}>
                <span className={`badge ${r.recording?.kind === 'matches' ? 'allow' : 'deny'}`}>{r.version}</span>{' '}
                {recordingText(r)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">No release recorded this scenario: the outcomes are the playground’s replays only.</p>
      )}
      <h3>Outcomes</h3>
      {sweep.outcomes.map((o, i) => (
        <section key={o.label} className="wr-outcome" aria-label={`Outcome ${o.label}`}>
          <h4>
            <span className={`wr-swatch wr-o${i % 6}`} aria-hidden="true" />
            Outcome {o.label}:{' '}
            {sweep.stretches
              .filter((s) => s.outcome === i)
              .map((s) => range(s.first, s.last))
              .join(', ')}
            {o.stopped ? ' (stopped: partial)' : ''}
          </h4>
          {o.versusFirst ? (
            <p>
              Differs from outcome A in {plural(o.versusFirst.count, 'place')}; first at <code>{o.versusFirst.path}</code>:
            </p>
          ) : null}
          {o.versusFirst ? (
            <pre className="model-text wr-summary" tabIndex={0} aria-label={`Outcome ${o.label}: first difference`}>
              {`${'A:'.padEnd(o.label.length + 1)} ${o.versusFirst.first}\n${o.label}: ${o.versusFirst.this}`}
            </pre>
          ) : null}
          {o.problems.map((p) => (
            <p key={p} className="error">
              {p}
            </p>
          ))}
          <pre className="model-text wr-summary" tabIndex={0} aria-label={`Outcome ${o.label}: tool results`}>
            {o.summary.length ? o.summary.join('\n') : '(no tool calls)'}
          </pre>
        </section>
      ))}
      <details className="wr-all">
        <summary>Every release</summary>
        <div className="wr-table-wrap" tabIndex={0} role="region" aria-label="Every release">
          <table>
            <thead>
              <tr>
                <th scope="col">release</th>
                <th scope="col">outcome</th>
                <th scope="col">how it is known</th>
                <th scope="col">recording</th>
              </tr>
            </thead>
            <tbody>
              {[...sweep.releases].reverse().map((r) => (
                <tr key={r.version}>
                  <th scope="row">{r.version}</th>
                  <td>{r.outcome === undefined ? 'not reached' : sweep.outcomes[r.outcome]?.label}</td>
                  <td>{how(r)}</td>
                  <td>{recordingText(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

function Body({ s }: { s: SweepState }) {
  if (s.kind === 'running')
    return (
      <div role="status">
        {s.progress ? (
          <>
            <p>
              Replaying under every release: {s.progress.done} of {plural(s.progress.total, 'distinct profile')}{' '}
              (last: {s.progress.version})
            </p>
            <progress max={s.progress.total} value={s.progress.done} aria-label="Releases replayed" />
          </>
        ) : (
          <p>Starting the replays…</p>
        )}
      </div>
    );
  if (s.kind === 'error')
    return (
      <p role="alert" className="error">
        {s.text}
      </p>
    );
  if (s.kind === 'cancelled') return <p role="status">Cancelled.</p>;
  if (s.kind === 'done') return <Done sweep={s.sweep} />;
  return null;
}

export function WhichReleasesView({
  sweeps,
  onClose,
  onAgain,
}: {
  sweeps: SweepController;
  onClose: () => void;
  /** Runs the sweep again (after a cancel or an error). */
  onAgain: () => void;
}) {
  const s = useSyncExternalStore(sweeps.subscribe, sweeps.getSnapshot);
  const label = s.kind === 'idle' ? 'session' : s.label;
  return (
    <Modal
      title={`Which releases: ${label}`}
      titleId="wr-title"
      onClose={onClose}
      className="wr-dialog"
      actions={
        s.kind === 'running' ? (
          <button type="button" onClick={sweeps.cancel}>
            Cancel
          </button>
        ) : s.kind === 'error' || s.kind === 'cancelled' ? (
          <button type="button" onClick={onAgain}>
            Run again
          </button>
        ) : null
      }
    >
      <div className="wr-body" data-sweep={s.kind} aria-busy={s.kind === 'running'}>
        <Body s={s} />
      </div>
    </Modal>
  );
}
