// The playground page. Left: the gallery, or the workspace (file tree + editor). Middle: the
// model calls of the session, the composer and the session settings. Right: the four panes of
// the selected model call. The session and its operations live in a controller outside React
// (./controller); this is the layout and the keys. The tool layer and everything heavy is
// loaded when a session first starts, so the first paint is the gallery alone.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { gatedDefinitions } from '../session/gated-tools';
import { wordsAt } from '../drivers/live/words';
import { galleryEntries } from './corpus';
import { ConversationPanes } from './Conversations';
import { loadRuntime, type SessionController } from './controller/controller';
import { usePlaygroundHandle, type PlaygroundHandle } from './controller/handle';
import { Header } from './header/Header';
import { MenuSlots } from './header/Menu';
import { PANE_NAMES } from './Panes';
import { RecordedPanes } from './Recorded';
import { SessionColumn } from './SessionColumn';
import { SideColumn, type Side } from './SideColumn';
import { usePageKeys } from './keys';
import { requestAfter } from './text';
import { Splitter } from './layout/Splitter';
import { useLayout } from './layout/useLayout';
import { usePageReady } from './ready';

export type { PlaygroundHandle };

export interface AppProps {
  /** The session and its operations (the entry gives it the backend). */
  session: SessionController;
  /** Scenario id to open first (from the URL). */
  initialId?: string;
  /** The parts that fill the header's menus (share, import, export, versions, help). */
  toolbar?: (h: PlaygroundHandle) => ReactNode;
  /** Start over, after the session is closed (the entry forgets the saved one). */
  onStartOver?: () => void;
  /** Starts loading the backend's modules (called once the first pane is painted). */
  preload?: () => void;
  /** Extra fields under the session settings. */
  settingsExtra?: (h: PlaygroundHandle) => ReactNode;
  /** A guide at the top of the session column (the open lesson). */
  guide?: (h: PlaygroundHandle) => ReactNode;
  /** Actions on the model call shown in the Transcript (fork from here). */
  callActions?: (h: PlaygroundHandle, call: number) => ReactNode;
}

export function App({
  session: ctl,
  initialId,
  toolbar,
  onStartOver,
  settingsExtra,
  preload,
  guide,
  callActions,
}: AppProps) {
  const entries = useMemo(() => galleryEntries(), []);
  const s = useSyncExternalStore(ctl.subscribe, ctl.getSnapshot);
  const { rt, live, selectedCall } = s;
  const [side, setSide] = useState<Side>('gallery');
  const paneRefs = useRef<HTMLElement | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const layout = useLayout();
  const handle = usePlaygroundHandle(ctl, s);

  useEffect(() => {
    if (initialId) ctl.openGallery(initialId);
  }, [initialId, ctl]);

  // The first pane is painted: load the session machinery in the background, so the first
  // replay does not wait for it.
  useEffect(() => {
    const t = setTimeout(() => {
      void loadRuntime();
      preload?.();
    }, 50);
    return () => clearTimeout(t);
    // Once per page: a new preload function on a later render changes nothing.
  }, []);

  const play = live?.play;
  const history = play?.history ?? [];
  const current = history[selectedCall];
  const last = history.length - 1;
  const settings = play?.settings;

  usePageKeys({ ctl, last, selectedCall, tabRefs, paneRefs, showGallery: () => setSide('gallery') });
  // After the key handlers: ready once the session opened at start (if any) has landed.
  usePageReady(() => ctl.busy);

  const offeredDefs = useMemo(() => {
    if (!rt || !settings) return [];
    // The gated tools (PowerShell, memory) have definitions of their own, sent when on.
    const profile = rt.getProfile(settings.version);
    return [...profile.toolDefinitions, ...gatedDefinitions(profile)].filter((d) =>
      play?.offered.has(d.name),
    );
  }, [rt, settings, play]);
  const allDefs = rt && settings ? rt.getProfile(settings.version).toolDefinitions : [];
  const words =
    play?.scenario.live && current ? wordsAt(play.scenario, selectedCall, selectedCall === last) : undefined;

  return (
    <MenuSlots>
      <div className="app" style={layout.style}>
        <Header ctl={ctl} s={s} onSide={setSide} onStartOver={onStartOver}>
          {toolbar?.(handle)}
        </Header>
        <SideColumn ctl={ctl} s={s} entries={entries} side={side} onSide={setSide} />
        <Splitter
          which="side"
          label="Resize the side column"
          size={layout.sizes.side}
          onResize={layout.resize}
        />
        <SessionColumn
          ctl={ctl}
          s={s}
          entries={entries}
          tabRefs={tabRefs}
          offeredDefs={offeredDefs}
          allDefs={allDefs}
          guide={guide?.(handle)}
          settingsExtra={settingsExtra?.(handle)}
        />
        <Splitter
          which="middle"
          label="Resize the session column"
          size={layout.sizes.middle}
          onResize={layout.resize}
        />
        <main
          className="panes"
          id="panes"
          ref={paneRefs}
          data-view={s.recording ? 'recorded' : current ? 'replayed' : undefined}
        >
          {s.recording ? (
            <RecordedPanes key={s.recording.id} recording={s.recording} selected={selectedCall} />
          ) : current && play && settings ? (
            <ConversationPanes
              call={current}
              words={words}
              previous={selectedCall > 0 ? history[selectedCall - 1] : undefined}
              request={() => requestAfter(history, selectedCall, settings.model, offeredDefs)}
              mode={settings.mode ?? 'from settings'}
              actions={callActions?.(handle, selectedCall)}
            />
          ) : (
            <p className="muted">The {PANE_NAMES.join(', ')} panes of the selected model call appear here.</p>
          )}
        </main>
      </div>
    </MenuSlots>
  );
}
