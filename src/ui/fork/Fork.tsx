// Fork from here (a button in the Transcript's head) and the list of the session's branches (at
// the top of the session column). A fork opens as a session of its own: the calls up to the
// chosen one are replayed, the next call waits in the composer, and its share link carries the
// fork's calls, so it reproduces the fork.
import { useEffect, useSyncExternalStore } from 'react';
import type { PlaygroundHandle } from '../App';
import { branchStore } from './branches';
import './fork.css';

const count = (s: { turns: readonly unknown[] }) => `${s.turns.length} model call${s.turns.length === 1 ? '' : 's'}`;

const useBranches = () => useSyncExternalStore(branchStore.subscribe, branchStore.get);

export function ForkButton({ handle, call }: { handle: PlaygroundHandle; call: number }) {
  const { scenario, id } = handle;
  return (
    <button
      type="button"
      className="fork-button"
      disabled={!scenario || !id || handle.busy}
      title="Start a new branch of this session with the model calls up to this one, and edit the next call"
      onClick={() => {
        if (!scenario || !id) return;
        const f = branchStore.fork({ id, scenario, gallery: handle.composed === false }, call);
        // The next call as it ran (its $CWD and task ids filled in), else as the scenario has it.
        const ran = handle.toolCalls(call + 1);
        handle.openScenario(f.scenario, f.id);
        handle.draft(ran.length ? ran : f.next);
      }}
    >
      Fork from here
    </button>
  );
}

export function Branches({ handle }: { handle: PlaygroundHandle }) {
  const { branches, active, select } = useBranches();
  const { id, busy, selectCall, scenario } = handle;
  // A fork opens on the call it was made at, not on the first.
  useEffect(() => {
    if (select && id === select.id && !busy) {
      selectCall(select.call);
      branchStore.selected();
    }
  }, [select, id, busy, selectCall]);
  // Another session was opened (the gallery, a link): its branches are not these.
  if (branches.length < 2 || !branches.some((b) => b.id === id)) return null;
  return (
    <nav aria-label="Branches" className="branches">
      <h2>Branches</h2>
      <ul className="plain">
        {branches.map((b, k) => (
          <li key={b.id}>
            <button
              type="button"
              className={k === active ? 'link selected' : 'link'}
              aria-current={k === active ? 'true' : undefined}
              disabled={busy}
              onClick={() => {
                if (k === active) return;
                const t = branchStore.switchTo(k, scenario);
                if (!t) return;
                if (t.gallery) handle.openGallery(t.id);
                else handle.openScenario(t.scenario, t.id);
              }}
            >
              {b.label}
            </button>{' '}
            <span className="muted">({count(k === active ? (scenario ?? b.scenario) : b.scenario)})</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
