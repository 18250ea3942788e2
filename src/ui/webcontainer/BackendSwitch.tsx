// The backend switch of the session settings: in-memory (memfs, offline) or WebContainer (real
// Node and npm in the browser, online). A failed or slow boot says why and leaves the session
// on the in-memory workspace.
import { useSyncExternalStore } from 'react';
import type { BackendChoice } from './choice';
import { FALLBACK_MESSAGE } from './choice';

export interface BackendSwitchProps {
  choice: BackendChoice;
  /** Called once WebContainer is ready, e.g. to re-run the open session on it. */
  onReady?: () => void;
}

export function BackendSwitch({ choice, onReady }: BackendSwitchProps) {
  const state = useSyncExternalStore(choice.subscribe, choice.get);
  const pick = (backend: 'memfs' | 'webcontainer') => {
    void choice.choose(backend).then((s) => {
      if (backend === 'webcontainer' && s.backend === 'webcontainer' && s.phase === 'ready') onReady?.();
    });
  };
  return (
    <fieldset className="backend-switch">
      <legend>Workspace backend</legend>
      <label>
        <input type="radio" name="backend" value="memfs" checked={state.backend === 'memfs'} onChange={() => pick('memfs')} /> In-memory (memfs, just-bash; offline)
      </label>{' '}
      <label>
        <input type="radio" name="backend" value="webcontainer" checked={state.backend === 'webcontainer'} disabled={state.phase === 'booting'} onChange={() => pick('webcontainer')} /> WebContainer (real
        Node and npm; online)
      </label>
      {state.phase === 'booting' ? <p role="status">Starting WebContainer…</p> : null}
      {state.backend === 'webcontainer' && state.phase === 'ready' ? <p className="muted">WebContainer is running; sessions now use it. Bash output there is stdout and stderr merged.</p> : null}
      {state.phase === 'fallback' ? (
        <p role="alert" className="warning">
          {FALLBACK_MESSAGE} <span className="muted">({state.reason})</span>
        </p>
      ) : null}
    </fieldset>
  );
}
