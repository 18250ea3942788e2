// The first page: the corpus as a gallery, a replay of the chosen scenario on the in-memory
// workspace, and for each model call the four panes.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Workspace } from '../workspace/types';
import { galleryEntries, recordedResult, type GalleryEntry } from './corpus';
import { DecisionsPane, LedgerPane, ResultsPane, TranscriptPane } from './Panes';
import { replayInPage, type PageReplay } from './replay';

export interface AppProps {
  makeWorkspace: () => Workspace;
  /** Scenario id to open first (from the URL). */
  initialId?: string;
  onOpen?: (id: string) => void;
}

type Status = { kind: 'idle' } | { kind: 'running'; id: string } | { kind: 'done'; replay: PageReplay } | { kind: 'error'; id: string; message: string };

function Gallery({ entries, selected, onOpen }: { entries: GalleryEntry[]; selected?: string; onOpen: (id: string) => void }) {
  const [filter, setFilter] = useState('');
  const byArea = useMemo(() => {
    const m = new Map<string, GalleryEntry[]>();
    const f = filter.trim().toLowerCase();
    for (const e of entries) {
      if (f && !e.id.includes(f) && !e.description.toLowerCase().includes(f)) continue;
      m.set(e.area, [...(m.get(e.area) ?? []), e]);
    }
    return [...m.entries()];
  }, [entries, filter]);
  return (
    <nav aria-label="Gallery" className="gallery">
      <input type="search" placeholder="Filter scenarios" aria-label="Filter scenarios" value={filter} onChange={(e) => setFilter(e.target.value)} />
      {byArea.map(([area, list]) => (
        <details key={area} open={!!filter || list.some((e) => e.id === selected)}>
          <summary>
            {area} <span className="muted">({list.length})</span>
          </summary>
          <ul className="plain">
            {list.map((e) => (
              <li key={e.id}>
                <button type="button" className={e.id === selected ? 'link selected' : 'link'} title={e.description} onClick={() => onOpen(e.id)}>
                  {e.id}
                </button>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </nav>
  );
}

function MatchBadge({ replay }: { replay: PageReplay }) {
  if (!replay.differences) return <span className="badge">no recording</span>;
  if (replay.differences.length === 0) return <span className="badge allow">matches Claude Code 2.1.273</span>;
  return <span className="badge deny">differs from Claude Code 2.1.273 ({replay.differences.length})</span>;
}

export function App({ makeWorkspace, initialId, onOpen }: AppProps) {
  const entries = useMemo(() => galleryEntries(), []);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [selectedCall, setSelectedCall] = useState(0);

  const open = useCallback(
    async (id: string) => {
      const entry = entries.find((e) => e.id === id);
      if (!entry) {
        setStatus({ kind: 'error', id, message: `No scenario named ${id} in the gallery.` });
        return;
      }
      onOpen?.(id);
      setStatus({ kind: 'running', id });
      try {
        const recorded = await recordedResult(id);
        const replay = await replayInPage(makeWorkspace, id, entry.scenario, recorded);
        setSelectedCall(0);
        setStatus({ kind: 'done', replay });
      } catch (e) {
        setStatus({ kind: 'error', id, message: e instanceof Error ? e.message : String(e) });
      }
    },
    [entries, makeWorkspace, onOpen],
  );

  useEffect(() => {
    if (initialId) void open(initialId);
  }, [initialId, open]);

  const replay = status.kind === 'done' ? status.replay : undefined;
  const current = replay?.calls[selectedCall];
  const entry = replay ? entries.find((e) => e.id === replay.id) : undefined;

  return (
    <div className="app">
      <header className="top">
        <h1>cc-playground</h1>
        <span className="muted">Claude Code 2.1.273 tool layer on an in-memory workspace</span>
      </header>
      <Gallery entries={entries} selected={status.kind === 'idle' ? undefined : status.kind === 'done' ? status.replay.id : status.id} onOpen={(id) => void open(id)} />
      <main className="main">
        {status.kind === 'idle' ? <p className="muted">Choose a scenario from the gallery to replay it.</p> : null}
        {status.kind === 'running' ? <p role="status">Replaying {status.id}…</p> : null}
        {status.kind === 'error' ? (
          <p role="alert" className="error">
            {status.id}: {status.message}
          </p>
        ) : null}
        {replay ? (
          <>
            <div className="scenario-head">
              <h2>{replay.id}</h2> <MatchBadge replay={replay} />
              <p>{entry?.description}</p>
              {replay.problems.map((p) => (
                <p key={p} role="alert" className="error">
                  {p}
                </p>
              ))}
            </div>
            <div className="calls" role="tablist" aria-label="Model calls">
              {replay.calls.map((c, i) => (
                <button
                  key={i}
                  type="button"
                  role="tab"
                  aria-selected={i === selectedCall}
                  tabIndex={i === selectedCall ? 0 : -1}
                  onClick={() => setSelectedCall(i)}
                  onKeyDown={(e) => {
                    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') setSelectedCall(Math.min(replay.calls.length - 1, i + 1));
                    if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') setSelectedCall(Math.max(0, i - 1));
                  }}
                >
                  model call {i} · {c.calls.map((x) => x.name).join(', ') || 'no tool calls'}
                </button>
              ))}
            </div>
            {current ? (
              <div className="panes">
                <TranscriptPane call={current} />
                <LedgerPane call={current} previous={selectedCall > 0 ? replay.calls[selectedCall - 1] : undefined} />
                <DecisionsPane call={current} />
                <ResultsPane call={current} />
              </div>
            ) : null}
          </>
        ) : null}
      </main>
    </div>
  );
}
