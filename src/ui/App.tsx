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
import { Gallery } from './Gallery';
import { Header } from './header/Header';
import { MenuSlots } from './header/Menu';
import { PANE_NAMES } from './Panes';
import { RecordedPanes } from './Recorded';
import { SessionColumn } from './SessionColumn';
import { Tabs } from './Tabs';
import { requestAfter } from './text';
import { Workspace } from './Workspace';
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

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || !!t.closest('.monaco-editor'));

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
  const [side, setSide] = useState<'gallery' | 'files'>('gallery');
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

  // Keyboard: [ and ] (or j/k) move between model calls, 1-4 focus a pane, g the gallery filter,
  // Esc stops what runs (not while a prompt is up: there Esc is its deny).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const pick = (n: number) => {
        ctl.selectCall(n);
        tabRefs.current[n]?.focus();
      };
      if (e.key === 'Escape') {
        // Inside an open dialog Esc is the dialog's (it closes); stopping the run would swallow it.
        const inDialog = e.target instanceof Element && e.target.closest('dialog[open]') !== null;
        if (e.defaultPrevented || inDialog || !ctl.escape()) return;
      } else if ((e.key === ']' || e.key === 'j') && last >= 0) pick(Math.min(last, selectedCall + 1));
      else if ((e.key === '[' || e.key === 'k') && last >= 0) pick(Math.max(0, selectedCall - 1));
      else if (/^[1-4]$/.test(e.key)) {
        paneRefs.current?.querySelectorAll<HTMLElement>('section.pane')[Number(e.key) - 1]?.focus();
      } else if (e.key === '/' || e.key === 'g') {
        setSide('gallery');
        e.preventDefault();
        setTimeout(() => document.querySelector<HTMLInputElement>('.gallery input')?.focus(), 0);
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ctl, last, selectedCall]);
  // After the key handlers: ready once the session opened at start (if any) has landed.
  usePageReady(() => ctl.busy);

  // Time travel: the files after the selected call against the call before; on the latest call
  // with outside edits since, the files now against that call.
  const showNow = live?.now !== undefined && selectedCall === last;
  const files = showNow ? live?.now : (current?.files ?? live?.now);
  const previous = showNow
    ? current?.files
    : selectedCall > 0
      ? history[selectedCall - 1]?.files
      : current?.filesBefore;
  const filesLabel = showNow
    ? `now: outside edits after model call ${last}`
    : current
      ? `after model call ${selectedCall}`
      : 'now';
  const editable = !current || selectedCall === last;
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
        <aside className="side">
          <Tabs<typeof side>
            label="Side"
            className="side-tabs"
            value={side}
            tabs={[
              { value: 'gallery', name: 'Gallery' },
              { value: 'files', name: 'Files', disabled: !play },
            ]}
            onPick={setSide}
          />
          {side === 'gallery' ? (
            <Gallery entries={entries} selected={play?.id} onOpen={ctl.openGallery} />
          ) : null}
          {side === 'files' && play && files ? (
            <Workspace
              files={files}
              previous={previous}
              root={play.ws.info.root}
              cwd={play.ws.info.cwd}
              label={filesLabel}
              onSave={editable ? (p, t) => void ctl.outsideEdit(p, t) : undefined}
            />
          ) : null}
        </aside>
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
