// The playground page. Left: the gallery, or the workspace (file tree + editor). Middle: the
// model calls of the session, the composer and the session settings. Right: the four panes of
// the selected model call. The tool layer and everything heavy is in ./runtime, loaded when a
// session first starts, so the first paint is the gallery alone.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PlaygroundSession, SessionSettings } from '../drivers/composer';
import type { Scenario, ScenarioResult } from '../scenario/schema';
import type { PermissionPrompt, PromptAnswer } from '../session/prompt';
import type { Difference } from '../session/compare';
import { gatedDefinitions } from '../session/gated-tools';
import type { FileSnapshot, ModelCallRecord } from '../session/engine';
import type { ProjectFiles } from './share/ExportProject';
import type { Workspace as WorkspacePort } from '../workspace/types';
import { Composer, type ComposedCall } from './Composer';
import { wordsAt } from '../drivers/live/words';
import { LivePanel, type LiveHost } from './live/LivePanel';
import { galleryEntries, type GalleryEntry } from './corpus';
import { Diff } from './LazyEditors';
import { Divergence } from './Divergence';
import { ConversationPanes } from './Conversations';
import { PANE_NAMES } from './Panes';
import { TasksPanel } from './tasks/TasksPanel';
import { RunningTasks } from './tasks/RunningTasks';
import { PermissionPromptView } from './PermissionPrompt';
import type { Runtime } from './runtime';
import { SettingsPanel } from './Settings';
import { Tabs } from './Tabs';
import type { OutsideEdit } from './share/persist';
import { requestAfter } from './text';
import { Workspace } from './Workspace';
import { Splitter } from './layout/Splitter';
import { useLayout } from './layout/useLayout';
import { noteGalleryClick, usePageReady } from './ready';

/** What a toolbar item or a settings field mounted into the page can see and do. */
export interface PlaygroundHandle {
  /** The session's scenario as run so far (its composed turns included); undefined when idle. */
  scenario?: Scenario;
  id?: string;
  /** Outside edits since the last model call (not in `scenario` until the next one). */
  edits?: readonly OutsideEdit[];
  /** Opens a scenario object (a share link, an import) as a new session; `edits` are made
   * again after its replay (a saved session's outside edits since its last model call). */
  openScenario: (scenario: Scenario, id: string, edits?: readonly OutsideEdit[]) => void;
  /** The replay's result when the session was opened (before composed calls): share, divergence.
   * Undefined when the person stopped that replay: a partial result compares with nothing. */
  result?: ScenarioResult;
  /** False while the session is a gallery scenario as recorded (its address replays it). */
  composed?: boolean;
  /** Opens a gallery scenario by id, as a click in the gallery does. */
  openGallery: (id: string) => void;
  selectCall: (i: number) => void;
  selectedCall: number;
  /** A replay, re-run or model call is running. */
  busy: boolean;
  /** The session's model calls as they ran (the one-file export shows them). */
  history?: readonly ModelCallRecord[];
  /** The session's version, model and mode. */
  settings?: SessionSettings;
  /** Starts a blank session on a new workspace that `fill` first fills (an imported project). */
  openFilled: (label: string, fill: (ws: WorkspacePort, signal: AbortSignal) => Promise<void>) => void;
  /** The tool calls of model call `i` as the model sent them (placeholders filled in). */
  toolCalls: (i: number) => ComposedCall[];
  /** Opens tool calls in the composer, to be changed and run as the next model call. */
  draft: (calls: readonly ComposedCall[]) => void;
  /** The project's files now (Export's zip); undefined when no session is open. */
  projectFiles?: () => Promise<ProjectFiles>;
}

export interface AppProps {
  makeWorkspace: () => Promise<WorkspacePort>;
  /** Scenario id to open first (from the URL). */
  initialId?: string;
  onOpen?: (id: string) => void;
  /** Extra toolbar items (share, backend choice...). */
  toolbar?: (h: PlaygroundHandle) => ReactNode;
  /** Starts loading the backend's modules (called once the first pane is painted). */
  preload?: () => void;
  /** Extra fields under the session settings. */
  settingsExtra?: (h: PlaygroundHandle) => ReactNode;
  /** A guide at the top of the session column (the open lesson). */
  guide?: (h: PlaygroundHandle) => ReactNode;
  /** Actions on the model call shown in the Transcript (fork from here). */
  callActions?: (h: PlaygroundHandle, call: number) => ReactNode;
}

let runtime: Promise<Runtime> | undefined;
export const loadRuntime = (): Promise<Runtime> =>
  (runtime ??= import('./runtime').catch((e: unknown) => {
    // A failed fetch (offline, a redeployed build) may succeed on the next try.
    runtime = undefined;
    throw e;
  }));

function Gallery({
  entries,
  selected,
  onOpen,
}: {
  entries: GalleryEntry[];
  selected?: string;
  onOpen: (id: string) => void;
}) {
  const [filter, setFilter] = useState('');
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
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
      <input
        type="search"
        placeholder="Filter scenarios (/)"
        aria-label="Filter scenarios"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        // Enter opens the first match, as a search box's first result.
        onKeyDown={(e) => {
          const first = byArea[0]?.[1][0];
          if (e.key !== 'Enter' || !filter.trim() || !first) return;
          e.preventDefault();
          noteGalleryClick();
          onOpen(first.id);
        }}
      />
      {byArea.map(([area, list]) => (
        <details
          key={area}
          open={!!filter || list.some((e) => e.id === selected)}
          onToggle={(e) => {
            const isOpen = e.currentTarget.open;
            setOpened((o) =>
              isOpen === o.has(area) ? o : new Set(isOpen ? [...o, area] : [...o].filter((a) => a !== area)),
            );
          }}
        >
          <summary>
            {area} <span className="muted">({list.length})</span>
          </summary>
          {/* Closed areas render no list: the first paint stays small. */}
          {filter || opened.has(area) || list.some((e) => e.id === selected) ? (
            <ul className="plain">
              {list.map((e) => (
                <li key={e.id}>
                  <button
                    type="button"
                    className={e.id === selected ? 'link selected' : 'link'}
                    title={e.description}
                    onClick={() => {
                      noteGalleryClick();
                      onOpen(e.id);
                    }}
                  >
                    {e.id}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </details>
      ))}
    </nav>
  );
}

const short = (v: unknown) => {
  const s = JSON.stringify(v, null, 2);
  return s === undefined ? 'undefined' : s;
};

function MatchBadge({
  differences,
  composed,
  stopped,
  version,
}: {
  differences?: Difference[];
  composed: boolean;
  stopped?: boolean;
  /** The release the session replays under (its profile's). */
  version: string;
}) {
  if (stopped) return <span className="badge">stopped by you: not compared with a recording</span>;
  if (composed) return <span className="badge">composed: not compared with a recording</span>;
  if (!differences) return <span className="badge">no recording</span>;
  if (differences.length === 0) return <span className="badge allow">matches Claude Code {version}</span>;
  return (
    <details className="differs">
      <summary>
        <span className="badge deny">
          differs from Claude Code {version} ({differences.length})
        </span>
      </summary>
      {differences.slice(0, 5).map((d) => (
        <div key={d.path}>
          <code>{d.path}</code> <span className="muted">recorded lines marked −, this replay’s marked +</span>
          <Diff original={short(d.expected)} modified={short(d.actual)} height={160} />
        </div>
      ))}
    </details>
  );
}

interface Live {
  play: PlaygroundSession;
  differences?: Difference[];
  /** The page changed the session (composed calls, outside edits, other settings). */
  composed: boolean;
  /** The files now (after outside edits); undefined when they equal the last snapshot. */
  now?: FileSnapshot;
  edits?: OutsideEdit[];
  /** The person stopped the replay that opened it (its history and result are partial). */
  stopped?: boolean;
  /** Opened from a scenario that carries its recording (an imported Claude Code session, a
   * link's `expect`) and not changed since: the badge compares the replay with it. */
  recorded?: ScenarioResult;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'running' | 'error'; text: string }
  /** `deadlineS`: stopped by the replay's deadline, not by the person. */
  | { kind: 'stopped'; text: string; deadlineS?: number };

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || !!t.closest('.monaco-editor'));

export function App({ makeWorkspace, initialId, onOpen, toolbar, settingsExtra, preload, guide, callActions }: AppProps) {
  const entries = useMemo(() => galleryEntries(), []);
  const [rt, setRt] = useState<Runtime>();
  const [live, setLive] = useState<Live>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  /** The running operation (a replay, a re-run, a model call); Stop aborts it. */
  const running = useRef<AbortController | undefined>(undefined);
  const [selectedCall, setSelectedCall] = useState(0);
  const [side, setSide] = useState<'gallery' | 'files'>('gallery');
  const [, setTick] = useState(0);
  /** A composed call waiting for the person's answer. */
  const [asking, setAsking] = useState<{ prompt: PermissionPrompt; answer: (a: PromptAnswer) => void }>();
  /** Who drives the session: the person composing calls, or a live model. */
  const [driver, setDriver] = useState<'compose' | 'live'>('compose');
  const liveSeen = useRef(false);
  /** Calls the composer starts from; `n` remounts it with them. */
  const [preset, setPreset] = useState<{ calls: readonly ComposedCall[]; n: number }>();
  if (driver === 'live') liveSeen.current = true;
  const paneRefs = useRef<(HTMLDivElement | null)[]>([]);
  const layout = useLayout();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const start = useCallback(
    async (
      label: string,
      how: (r: Runtime, signal: AbortSignal) => Promise<Omit<Live, 'composed'> & { composed?: boolean }>,
    ) => {
      // A replay still running for the session being left stops: only the newest one lands.
      running.current?.abort();
      const op = new AbortController();
      running.current = op;
      // A prompt of the session being left is dropped unanswered: its model call never ends,
      // so nothing of it lands in the new session.
      setAsking(undefined);
      setStatus({ kind: 'running', text: label });
      try {
        const r = await loadRuntime();
        setRt(r);
        const next = await how(r, op.signal);
        if (running.current !== op) {
          void next.play.ws.dispose();
          return;
        }
        running.current = undefined;
        // With no model call yet there is no snapshot: the files now stand in.
        const now = next.play.history.length === 0 ? await r.snapshotFiles(next.play.ws) : undefined;
        setLive((before) => {
          // The session left behind stops its background tasks and frees its workspace (the
          // shell's workers above all), so nothing of it keeps a core busy.
          if (before && before.play.ws !== next.play.ws) {
            before.play.session.conversation.tasks.stopAll('page');
            void before.play.ws.dispose();
          }
          return { composed: false, now, stopped: next.play.stopped, ...next };
        });
        // A stopped replay shows where it stopped.
        setSelectedCall(next.play.stopped ? Math.max(0, next.play.history.length - 1) : 0);
        const deadlineS = next.play.deadlinePassedS;
        setStatus(
          op.signal.aborted || deadlineS !== undefined
            ? {
                kind: 'stopped',
                text: label,
                ...(deadlineS !== undefined && !op.signal.aborted ? { deadlineS } : {}),
              }
            : { kind: 'idle' },
        );
      } catch (e) {
        if (running.current !== op) return;
        running.current = undefined;
        setStatus({ kind: 'error', text: `${label}: ${e instanceof Error ? e.message : String(e)}` });
      }
    },
    [],
  );

  const open = useCallback(
    (id: string) => {
      onOpen?.(id);
      void start(id, (r, signal) => r.openScenario(makeWorkspace, id, signal));
    },
    [makeWorkspace, onOpen, start],
  );
  const openBlank = () =>
    void start('blank workspace', async (r, signal) => ({
      play: await r.openBlank(makeWorkspace, undefined, signal),
      composed: true,
    }));
  const openScenario = (scenario: Scenario, id: string, edits: readonly OutsideEdit[] = []) =>
    void start(id, async (r, signal) => {
      const p = await r.PlaygroundSession.open(makeWorkspace, id, scenario, { signal });
      for (const e of edits) await p.outsideEdit(e.path, e.text);
      const restored = edits.length > 0 ? { edits: [...edits], now: await r.snapshotFiles(p.ws) } : {};
      const recorded = scenario.expect && !p.stopped && edits.length === 0 ? scenario.expect : undefined;
      return { play: p, composed: true, recorded, ...restored };
    });

  const openFilled = (label: string, fill: (ws: WorkspacePort, signal: AbortSignal) => Promise<void>) =>
    void start(label, async (r, signal) => {
      const ws = await makeWorkspace();
      try {
        await fill(ws, signal);
      } catch (e) {
        await ws.dispose();
        throw e;
      }
      const play = await r.PlaygroundSession.open(() => ws, label, r.BLANK_SCENARIO, { signal });
      play.imported = label;
      return { play, composed: true };
    });

  useEffect(() => {
    if (initialId) open(initialId);
  }, [initialId, open]);

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
  const entry = play ? entries.find((e) => e.id === play.id) : undefined;
  const settings = play?.settings;
  const busy = status.kind === 'running';

  const refreshNow = async (p: PlaygroundSession) => {
    const r = await loadRuntime();
    return r.snapshotFiles(p.ws);
  };

  /** A permission prompt in the page while `label` runs. */
  const askInPage = (label: string) => (prompt: PermissionPrompt) =>
    new Promise<PromptAnswer>((resolve) => {
      setStatus({ kind: 'running', text: `${label}: ${prompt.tool} waits for your answer` });
      setAsking({
        prompt,
        answer: (a) => {
          setAsking(undefined);
          setStatus({ kind: 'running', text: label });
          resolve(a);
        },
      });
    });

  const run = async (calls: ComposedCall[]) => {
    if (!play || !live) return;
    const op = new AbortController();
    running.current = op;
    setStatus({ kind: 'running', text: 'model call' });
    const ask = askInPage('model call');
    try {
      await play.run(calls, ask, op.signal);
      setLive({ ...live, composed: true, now: undefined, edits: undefined, recorded: undefined });
      setSelectedCall(play.history.length - 1);
      // Bring the new call into view (the composer may have scrolled the list away).
      requestAnimationFrame(() => tabRefs.current[play.history.length - 1]?.focus());
      setStatus(
        op.signal.aborted
          ? { kind: 'stopped', text: 'model call' }
          : play.lastCallDeadlineS !== undefined
            ? { kind: 'stopped', text: 'model call', deadlineS: play.lastCallDeadlineS }
            : { kind: 'idle' },
      );
    } catch (e) {
      setStatus({ kind: 'error', text: e instanceof Error ? e.message : String(e) });
    } finally {
      if (running.current === op) running.current = undefined;
    }
  };

  /** Stop (the button, Esc): the running tool gets the signal, nothing after it starts. An open
   * prompt is answered no first, as its own Esc would. */
  const stop = () => {
    asking?.answer('deny');
    running.current?.abort();
  };

  const outsideEdit = async (path: string, text: string) => {
    if (!play || !live) return;
    await play.outsideEdit(path, text);
    const edit = (await import('./share/edits')).outsideEditOf(play.ws.info.cwd, path, text);
    setLive({
      ...live,
      composed: true,
      now: await refreshNow(play),
      edits: [...(live.edits ?? []), edit],
      recorded: undefined,
    });
    setTick((t) => t + 1);
  };

  const applySettings = (s: SessionSettings) => {
    if (!play) return;
    const keep = selectedCall;
    void start('re-run with new settings', async (_r, signal) => ({
      play: await play.rerun(makeWorkspace, s, { signal }),
      composed: true,
    })).then(() => setSelectedCall(keep));
  };

  // Keyboard: [ and ] (or j/k) move between model calls, 1-4 focus a pane, g the gallery filter,
  // Esc stops what runs (not while a prompt is up: there Esc is its deny).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (e.key === 'Escape') {
        if (!busy || asking || e.defaultPrevented) return;
        running.current?.abort();
      } else if ((e.key === ']' || e.key === 'j') && last >= 0) {
        const n = Math.min(last, selectedCall + 1);
        setSelectedCall(n);
        tabRefs.current[n]?.focus();
      } else if ((e.key === '[' || e.key === 'k') && last >= 0) {
        const n = Math.max(0, selectedCall - 1);
        setSelectedCall(n);
        tabRefs.current[n]?.focus();
      } else if (/^[1-4]$/.test(e.key)) {
        paneRefs.current[0]?.querySelectorAll<HTMLElement>('section.pane')[Number(e.key) - 1]?.focus();
      } else if (e.key === '/' || e.key === 'g') {
        setSide('gallery');
        e.preventDefault();
        setTimeout(() => document.querySelector<HTMLInputElement>('.gallery input')?.focus(), 0);
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last, selectedCall, busy, asking]);
  // After the key handlers: ready once the session opened at start (if any) has landed.
  usePageReady(() => running.current !== undefined);

  // An imported project is not put in a link: the files the session touched are.
  // A live session replaces its scenario as the model's words arrive, with no new call: the
  // scenario is a dependency of its own.
  const calls = history.length;
  const playScenario = play?.scenario;
  const shared = useMemo(
    () =>
      play?.imported && rt && playScenario && calls >= 0
        ? rt.scenarioOfTouched(
            playScenario,
            play.history,
            play.history[0]?.filesBefore ?? live?.now ?? new Map(),
            play.ws.info.cwd,
          ).scenario
        : playScenario,
    [play, playScenario, rt, calls, live?.now],
  );
  const handle: PlaygroundHandle = {
    scenario: shared,
    id: play?.id,
    edits: live?.edits,
    openScenario,
    openFilled,
    result: live?.stopped ? undefined : play?.result,
    composed: live?.composed,
    openGallery: open,
    selectCall: setSelectedCall,
    selectedCall,
    busy,
    toolCalls: (i) =>
      (history[i]?.calls ?? []).map((c) => ({
        name: c.name,
        input: c.input && typeof c.input === 'object' ? (c.input as Record<string, unknown>) : {},
      })),
    draft: (calls) => {
      setDriver('compose');
      setPreset((p) => ({ calls, n: (p?.n ?? 0) + 1 }));
    },
    history: play?.history,
    settings,
    projectFiles: play
      ? async () => {
          const dir = play.ws.info.cwd;
          return { files: await refreshNow(play), dir, base: dir.slice(0, dir.lastIndexOf('/')) || '/' };
        }
      : undefined,
  };

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
    return [...profile.toolDefinitions, ...gatedDefinitions(profile)].filter((d) => play?.offered.has(d.name));
  }, [rt, settings, play]);
  const allDefs = rt && settings ? rt.getProfile(settings.version).toolDefinitions : [];
  // The live driver runs its model calls' tools here, as a composed call runs (prompts in the
  // page, Stop and Esc), and shows the new call when it lands.
  const liveHost: LiveHost | undefined = play
    ? {
        play,
        tools: offeredDefs,
        busy,
        begin: (label, op) => {
          running.current = op;
          setStatus({ kind: 'running', text: label });
        },
        end: (op, how) => {
          if (running.current === op) running.current = undefined;
          setStatus(how === 'stopped' ? { kind: 'stopped', text: 'live model' } : { kind: 'idle' });
        },
        runTools: async (calls, signal) => {
          const rec = await play.run(calls, askInPage('live model'), signal);
          setLive((l) =>
            l && l.play === play
              ? { ...l, composed: true, now: undefined, edits: undefined, recorded: undefined }
              : l,
          );
          setSelectedCall(play.history.length - 1);
          return rec;
        },
      }
    : undefined;
  const words =
    play?.scenario.live && current ? wordsAt(play.scenario, selectedCall, selectedCall === last) : undefined;

  return (
    <div className="app" style={layout.style}>
      <header className="top">
        <h1>cc-playground</h1>
        <span className="muted">Claude Code 2.1.273 tool layer on an in-memory workspace</span>
        <div role="toolbar" aria-label="Session" className="toolbar">
          <button type="button" onClick={openBlank} disabled={busy}>
            Blank workspace
          </button>
          <button
            type="button"
            onClick={() => {
              setDriver('live');
              openBlank();
            }}
            disabled={busy}
          >
            Live model
          </button>
          {toolbar?.(handle)}
        </div>
      </header>
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
        {side === 'gallery' ? <Gallery entries={entries} selected={play?.id} onOpen={open} /> : null}
        {side === 'files' && play && files ? (
          <Workspace
            files={files}
            previous={previous}
            root={play.ws.info.root}
            cwd={play.ws.info.cwd}
            label={filesLabel}
            onSave={editable ? (p, t) => void outsideEdit(p, t) : undefined}
          />
        ) : null}
      </aside>
      <Splitter which="side" label="Resize the side column" size={layout.sizes.side} onResize={layout.resize} />
      {/* A named region: the status, the calls and the composer sit in a landmark like the rest. */}
      <section className="middle" aria-label="Session">
        {status.kind === 'idle' && !play ? (
          <p className="muted">
            Choose a scenario from the gallery to replay it, or start a blank workspace.
          </p>
        ) : null}
        <div className="sticky-status">
          {status.kind === 'running' ? (
            <div className="run-status">
              <p role="status">Running {status.text}…</p>
              <button type="button" onClick={stop} aria-keyshortcuts="Escape" title="Stop (Esc)">
                Stop
              </button>
            </div>
          ) : null}
          {play ? (
            <RunningTasks
              tasks={play.session.conversation.tasks}
              onShow={() => document.querySelector<HTMLElement>('.tasks')?.scrollIntoView({ block: 'nearest' })}
            />
          ) : null}
        </div>
        {guide?.(handle)}
        {status.kind === 'stopped' ? (
          <p role="status" className="stopped">
            {status.deadlineS !== undefined
              ? `Stopped at its deadline (${status.deadlineS} s): ${status.text}.`
              : `Stopped by you: ${status.text}.`}{' '}
            The model calls that ran are below; you can go on composing.
          </p>
        ) : null}
        {status.kind === 'error' ? (
          <p role="alert" className="error">
            {status.text}
          </p>
        ) : null}
        {play && live ? (
          <>
            <div className="scenario-head">
              <h2>{play.id}</h2>{' '}
              {live.recorded ? (
                <Divergence expected={live.recorded} actual={play.result} />
              ) : (
                <MatchBadge
                  differences={live.differences}
                  composed={live.composed}
                  stopped={live.stopped}
                  version={play.settings.version}
                />
              )}
              <p>{entry?.description}</p>
              {play.problems.map((p) => (
                <p key={p} role="alert" className="error">
                  {p}
                </p>
              ))}
            </div>
            <div className="calls" role="tablist" aria-label="Model calls" aria-orientation="vertical">
              {history.map((c, i) => (
                <button
                  key={i}
                  ref={(el) => {
                    tabRefs.current[i] = el;
                  }}
                  type="button"
                  role="tab"
                  aria-selected={i === selectedCall}
                  tabIndex={i === selectedCall ? 0 : -1}
                  onClick={() => setSelectedCall(i)}
                  onKeyDown={(e) => {
                    const n =
                      e.key === 'ArrowRight' || e.key === 'ArrowDown'
                        ? Math.min(last, i + 1)
                        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
                          ? Math.max(0, i - 1)
                          : undefined;
                    if (n === undefined) return;
                    e.preventDefault();
                    setSelectedCall(n);
                    tabRefs.current[n]?.focus();
                  }}
                >
                  model call {i} · {c.calls.map((x) => x.name).join(', ') || 'no tool calls'}
                  {c.calls.some((x) => x.rendered.is_error) ? (
                    <span className="dot error-dot" aria-label="has an error result" />
                  ) : null}
                </button>
              ))}
            </div>
            <p className="muted keys">Keys: [ ] model calls · 1–4 panes · / gallery · Esc stops what runs · ? all keys</p>
            <TasksPanel tasks={play.session.conversation.tasks} />
            {rt && settings ? (
              <>
                {asking ? (
                  <PermissionPromptView
                    key={asking.prompt.callId}
                    prompt={asking.prompt}
                    onAnswer={asking.answer}
                  />
                ) : null}
                <Tabs<typeof driver>
                  label="Driver"
                  className="driver-tabs"
                  value={driver}
                  tabs={[
                    { value: 'compose', name: 'Compose' },
                    { value: 'live', name: 'Live' },
                  ]}
                  onPick={setDriver}
                />
                {/* Kept mounted (hidden) while a prompt is up, so a draft survives the answer. */}
                <div hidden={!!asking || driver !== 'compose'}>
                  <Composer
                    key={preset?.n ?? 0}
                    preset={preset?.calls}
                    tools={allDefs}
                    offered={play.offered}
                    busy={busy}
                    onRun={(c) => void run(c)}
                    cwd={play.ws.info.cwd}
                  />
                </div>
                {/* Mounted from the first look on, so the key and the live log survive switching. */}
                {liveHost && (driver === 'live' || liveSeen.current) ? (
                  <div hidden={driver !== 'live'}>
                    <LivePanel host={liveHost} />
                  </div>
                ) : null}
                <details className="settings-box">
                  <summary>Session settings</summary>
                  <SettingsPanel
                    key={JSON.stringify(settings) + play.history.length}
                    settings={settings}
                    versions={Object.keys(rt.PROFILES)}
                    toolNames={rt.TOOL_NAMES}
                    busy={busy}
                    onApply={applySettings}
                    addedRules={play.addedRules}
                  />
                  {settingsExtra?.(handle)}
                </details>
              </>
            ) : null}
          </>
        ) : null}
      </section>
      <Splitter which="middle" label="Resize the session column" size={layout.sizes.middle} onResize={layout.resize} />
      <main
        className="panes"
        ref={(el) => {
          paneRefs.current[0] = el as HTMLDivElement | null;
        }}
      >
        {current && play && settings ? (
          <>
            <ConversationPanes
              call={current}
              words={words}
              previous={selectedCall > 0 ? history[selectedCall - 1] : undefined}
              request={() => requestAfter(history, selectedCall, settings.model, offeredDefs)}
              mode={settings.mode ?? 'from settings'}
              actions={callActions?.(handle, selectedCall)}
            />
          </>
        ) : (
          <p className="muted">The {PANE_NAMES.join(', ')} panes of the selected model call appear here.</p>
        )}
      </main>
    </div>
  );
}
