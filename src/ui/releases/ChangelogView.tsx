// The changelog of the tool layer: per release, newest first, the behaviours the intake measured
// as changed (each with the scenarios that show it, each opening in the page under that release)
// and the tool definitions that changed. Its data loads when the view opens.
import { useEffect, useState } from 'react';
import type { ChangelogEntry } from './changelog';
import { Modal } from './Modal';

type State = { kind: 'loading' } | { kind: 'error'; text: string } | { kind: 'done'; entries: ChangelogEntry[] };

async function load(): Promise<ChangelogEntry[]> {
  const [{ readChangelog }, { toolSetsOf }, json] = await Promise.all([
    import('./changelog'),
    import('../../profiles/tool-history'),
    import('../../../conformance/changelog.json').then((m) => m.default as unknown),
  ]);
  return readChangelog(json, toolSetsOf());
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function Entry({ e, onOpen }: { e: ChangelogEntry; onOpen: (id: string, version: string) => void }) {
  const head = `cl-${e.version.replace(/\./g, '-')}`;
  return (
    <section className="cl-entry" aria-labelledby={head}>
      <h3 id={head}>
        {e.version}{' '}
        <span className="muted">
          {e.base ? `against ${e.base}` : ''}
          {e.recorded ? ` · ${plural(e.recorded, 'scenario')} recorded` : ' · tool definitions only'}
          {e.exact === false ? ` · changed somewhere after ${e.base ?? 'its base'}, up to ${e.version} (not bisected yet)` : ''}
        </span>
      </h3>
      {e.behaviours.length ? (
        <ul className="cl-behaviours" aria-label={`Behaviours changed in ${e.version}`}>
          {e.behaviours.map((b, i) => (
            <li key={i}>
              <strong>{b.area}</strong>: {b.kind}
              {b.summary ? <> — {b.summary}</> : null}
              {b.since ? <span className="muted"> (first in {b.since})</span> : null}
              {b.example ? (
                <pre className="model-text cl-example" tabIndex={0} aria-label={`Example: ${b.area}, ${b.kind}`}>
                  {b.example}
                </pre>
              ) : null}
              {b.scenarios.length ? (
                <ul className="cl-scenarios" aria-label={`Scenarios showing ${b.area}: ${b.kind}`}>
                  {b.scenarios.map((id) => (
                    <li key={id}>
                      <button
                        type="button"
                        className="link"
                        title={`Open ${id} under ${b.since ?? e.version}`}
                        onClick={() => onOpen(id, b.since ?? e.version)}
                      >
                        {id}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : e.recorded ? (
        <p className="muted">No behaviour of the recorded corpus changed.</p>
      ) : null}
      {e.tools.length || e.reordered ? (
        <details className="cl-tools">
          <summary>Tool definitions: {plural(e.tools.length, 'change')}{e.reordered ? ', order changed' : ''}</summary>
          <ul>
            {e.tools.map((t) => (
              <li key={`${t.tool}-${t.change}`}>
                {t.tool}: {t.change}
                {t.fields.length ? ` (${t.fields.join(', ')})` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

export function ChangelogView({
  onClose,
  onOpen,
}: {
  onClose: () => void;
  /** Opens a scenario of the corpus under a release; rejects with a message for the person. */
  onOpen: (id: string, version: string) => Promise<void>;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [problem, setProblem] = useState<string>();
  const [measuredOnly, setMeasuredOnly] = useState(true);
  useEffect(() => {
    let live = true;
    load().then(
      (entries) => live && setState({ kind: 'done', entries }),
      (e: unknown) => live && setState({ kind: 'error', text: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, []);
  const open = (id: string, version: string) =>
    void onOpen(id, version).then(onClose, (e: unknown) => setProblem(e instanceof Error ? e.message : String(e)));
  const shown =
    state.kind === 'done' ? state.entries.filter((e) => !measuredOnly || e.behaviours.length > 0 || !!e.recorded) : [];
  return (
    <Modal title="Changelog of the tool layer" titleId="cl-title" onClose={onClose} className="cl-dialog">
      <div className="cl-body" data-changelog={state.kind}>
        <p className="muted">
          What changed, release by release, in what the model sees, what the permission engine lets through and what
          the sandbox allows, as measured by recording the corpus on each release. Each scenario opens in the page
          under the release named.
        </p>
        <label className="cl-filter">
          <input type="checkbox" checked={measuredOnly} onChange={(e) => setMeasuredOnly(e.target.checked)} /> Only
          releases whose corpus was recorded
        </label>
        {problem ? (
          <p role="alert" className="error">
            {problem}
          </p>
        ) : null}
        {state.kind === 'loading' ? <p role="status">Loading the changelog…</p> : null}
        {state.kind === 'error' ? (
          <p role="alert" className="error">
            {state.text}
          </p>
        ) : null}
        {shown.map((e) => (
          <Entry key={e.version} e={e} onOpen={open} />
        ))}
      </div>
    </Modal>
  );
}
