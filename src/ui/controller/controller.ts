// The page's session and its operation lifecycle, outside React: which session is open, what
// runs (a replay, a re-run, a model call, the live model) and how it is stopped, the prompt put
// to the person, the selected model call. React reads it with useSyncExternalStore; every
// change makes a new snapshot (the session itself changes in place, so `version` counts those).
import type { PlaygroundSession, SessionSettings } from '../../drivers/composer';
import type { Scenario, ScenarioResult } from '../../scenario/schema';
import type { Difference } from '../../session/compare';
import type { FileSnapshot, ModelCallRecord } from '../../session/engine';
import type { PermissionPrompt, PromptAnswer } from '../../session/prompt';
import type { Workspace } from '../../workspace/types';
import type { ComposedCall } from '../Composer';
import type { Runtime } from '../runtime';
import type { OutsideEdit } from '../share/persist';
import { loadRecording, type Recording } from '../recording';

let runtime: Promise<Runtime> | undefined;
/** The tool layer and everything heavy, loaded on first use (the first paint carries none of it). */
export const loadRuntime = (): Promise<Runtime> =>
  (runtime ??= import('../runtime').catch((e: unknown) => {
    // A failed fetch (offline, a redeployed build) may succeed on the next try.
    runtime = undefined;
    throw e;
  }));

export interface Live {
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

export type Status =
  | { kind: 'idle' }
  | { kind: 'running' | 'error'; text: string }
  /** `deadlineS`: stopped by the replay's deadline, not by the person. */
  | { kind: 'stopped'; text: string; deadlineS?: number };

export type Driver = 'compose' | 'live';

export interface SessionState {
  rt?: Runtime;
  live?: Live;
  status: Status;
  selectedCall: number;
  /** A composed call waiting for the person's answer. */
  asking?: { prompt: PermissionPrompt; answer: (a: PromptAnswer) => void };
  /** Who drives the session: the person composing calls, or a live model. */
  driver: Driver;
  /** The live driver was shown once: its panel stays mounted (key and log survive switching). */
  liveSeen: boolean;
  /** Calls the composer starts from; `n` remounts it with them. */
  preset?: { calls: readonly ComposedCall[]; n: number };
  /** Counts changes made to the open session in place (outside edits, model calls). */
  version: number;
  /** While a gallery scenario replays: its recorded result, shown until the replay lands. */
  recording?: Recording;
}

export interface ControllerOptions {
  makeWorkspace: () => Promise<Workspace>;
  /** A gallery scenario was opened (the entry puts its id in the address). */
  onOpen?: (id: string) => void;
}

type Opening = Omit<Live, 'composed'> & { composed?: boolean };

export class SessionController {
  private state: SessionState = {
    status: { kind: 'idle' },
    selectedCall: 0,
    driver: 'compose',
    liveSeen: false,
    version: 0,
  };
  private readonly listeners = new Set<() => void>();
  /** The running operation (a replay, a re-run, a model call); Stop aborts it. */
  private running: AbortController | undefined;

  constructor(private readonly options: ControllerOptions) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly getSnapshot = (): SessionState => this.state;

  private set(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  get busy(): boolean {
    return this.state.status.kind === 'running';
  }

  /** Runs `how` as the one operation: a new one stops the one before, only the newest lands. */
  async start(label: string, how: (r: Runtime, signal: AbortSignal) => Promise<Opening>): Promise<void> {
    this.running?.abort();
    const op = new AbortController();
    this.running = op;
    // A prompt of the session being left is dropped unanswered: its model call never ends,
    // so nothing of it lands in the new session.
    this.set({ asking: undefined, recording: undefined, status: { kind: 'running', text: label } });
    try {
      const r = await loadRuntime();
      this.set({ rt: r });
      const next = await how(r, op.signal);
      if (this.running !== op) {
        void next.play.ws.dispose();
        return;
      }
      this.running = undefined;
      // With no model call yet there is no snapshot: the files now stand in.
      const now = next.play.history.length === 0 ? await r.snapshotFiles(next.play.ws) : undefined;
      const before = this.state.live;
      // The session left behind stops its background tasks and frees its workspace (the
      // shell's workers above all), so nothing of it keeps a core busy.
      if (before && before.play.ws !== next.play.ws) {
        before.play.session.conversation.tasks.stopAll('page');
        void before.play.ws.dispose();
      }
      const deadlineS = next.play.deadlinePassedS;
      const last = Math.max(0, next.play.history.length - 1);
      this.set({
        live: { composed: false, now, stopped: next.play.stopped, ...next },
        recording: undefined,
        // A stopped replay shows where it stopped; one that showed its recording keeps the
        // model call the person chose there.
        selectedCall: next.play.stopped ? last : this.state.recording ? Math.min(this.state.selectedCall, last) : 0,
        status:
          op.signal.aborted || deadlineS !== undefined
            ? {
                kind: 'stopped',
                text: label,
                ...(deadlineS !== undefined && !op.signal.aborted ? { deadlineS } : {}),
              }
            : { kind: 'idle' },
      });
    } catch (e) {
      if (this.running !== op) return;
      this.running = undefined;
      this.set({
        recording: undefined,
        status: { kind: 'error', text: `${label}: ${e instanceof Error ? e.message : String(e)}` },
      });
    }
  }

  /** Opens a gallery scenario by id: its recorded result shows while the replay runs (it needs
   * neither the runtime nor a workspace), the replayed session replaces it when it lands. */
  readonly openGallery = (id: string): void => {
    this.options.onOpen?.(id);
    void this.start(id, (r, signal) => r.openScenario(this.options.makeWorkspace, id, signal));
    const op = this.running;
    loadRecording(id).then(
      (recording) => {
        if (recording && this.running === op && this.busy) this.set({ recording, selectedCall: 0 });
      },
      // No recording to show: the replay alone will.
      () => undefined,
    );
  };

  readonly openBlank = (): void =>
    void this.start('blank workspace', async (r, signal) => ({
      play: await r.openBlank(this.options.makeWorkspace, undefined, signal),
      composed: true,
    }));

  /** A blank workspace driven by a live model. */
  readonly openLive = (): void => {
    this.setDriver('live');
    this.openBlank();
  };

  readonly openScenario = (scenario: Scenario, id: string, edits: readonly OutsideEdit[] = []): void =>
    void this.start(id, async (r, signal) => {
      const p = await r.PlaygroundSession.open(this.options.makeWorkspace, id, scenario, { signal });
      for (const e of edits) await p.outsideEdit(e.path, e.text);
      const restored = edits.length > 0 ? { edits: [...edits], now: await r.snapshotFiles(p.ws) } : {};
      const recorded = scenario.expect && !p.stopped && edits.length === 0 ? scenario.expect : undefined;
      return { play: p, composed: true, recorded, ...restored };
    });

  readonly openFilled = (label: string, fill: (ws: Workspace, signal: AbortSignal) => Promise<void>): void =>
    void this.start(label, async (r, signal) => {
      const ws = await this.options.makeWorkspace();
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

  /** Start over: what runs stops, the session is left (its tasks stopped, its workspace
   * freed) and the page is as a first look finds it. */
  readonly close = (): void => {
    this.running?.abort();
    this.running = undefined;
    const before = this.state.live;
    if (before) {
      before.play.session.conversation.tasks.stopAll('page');
      void before.play.ws.dispose();
    }
    this.set({
      live: undefined,
      recording: undefined,
      asking: undefined,
      status: { kind: 'idle' },
      selectedCall: 0,
      driver: 'compose',
      preset: undefined,
    });
  };

  /** Other settings: the same history re-run on a fresh workspace, the same call selected. */
  readonly applySettings = (s: SessionSettings): void => {
    const play = this.state.live?.play;
    if (!play) return;
    const keep = this.state.selectedCall;
    void this.start('re-run with new settings', async (_r, signal) => ({
      play: await play.rerun(this.options.makeWorkspace, s, { signal }),
      composed: true,
    })).then(() => this.selectCall(keep));
  };

  readonly selectCall = (i: number): void => {
    if (i !== this.state.selectedCall) this.set({ selectedCall: i });
  };

  readonly setDriver = (driver: Driver): void =>
    this.set({ driver, liveSeen: this.state.liveSeen || driver === 'live' });

  /** Opens tool calls in the composer, to be changed and run as the next model call. */
  readonly draft = (calls: readonly ComposedCall[]): void =>
    this.set({ driver: 'compose', preset: { calls, n: (this.state.preset?.n ?? 0) + 1 } });

  /** A permission prompt in the page while `label` runs. */
  private askInPage = (label: string) => (prompt: PermissionPrompt) =>
    new Promise<PromptAnswer>((resolve) => {
      this.set({
        status: { kind: 'running', text: `${label}: ${prompt.tool} waits for your answer` },
        asking: {
          prompt,
          answer: (a) => {
            this.set({ asking: undefined, status: { kind: 'running', text: label } });
            resolve(a);
          },
        },
      });
    });

  /** The session after a model call of its own: composed, files as the last call left them. */
  private afterCall(play: PlaygroundSession): void {
    const l = this.state.live;
    if (!l || l.play !== play) return;
    this.set({
      live: { ...l, composed: true, now: undefined, edits: undefined, recorded: undefined },
      selectedCall: play.history.length - 1,
      version: this.state.version + 1,
    });
  }

  /** Runs composed tool calls as the session's next model call; true once it ran. */
  readonly run = async (calls: ComposedCall[]): Promise<boolean> => {
    const play = this.state.live?.play;
    if (!play) return false;
    const op = new AbortController();
    this.running = op;
    this.set({ status: { kind: 'running', text: 'model call' } });
    try {
      await play.run(calls, this.askInPage('model call'), op.signal);
      this.afterCall(play);
      this.set({
        status: op.signal.aborted
          ? { kind: 'stopped', text: 'model call' }
          : play.lastCallDeadlineS !== undefined
            ? { kind: 'stopped', text: 'model call', deadlineS: play.lastCallDeadlineS }
            : { kind: 'idle' },
      });
      return true;
    } catch (e) {
      this.set({ status: { kind: 'error', text: e instanceof Error ? e.message : String(e) } });
      return false;
    } finally {
      if (this.running === op) this.running = undefined;
    }
  };

  /** Stop (the button): the running tool gets the signal, nothing after it starts. An open
   * prompt is answered no first, as its own Esc would. */
  readonly stop = (): void => {
    this.state.asking?.answer('deny');
    this.running?.abort();
  };

  /** Esc: stops what runs, unless a prompt is up (there Esc is its deny); true when it did. */
  readonly escape = (): boolean => {
    if (!this.busy || this.state.asking) return false;
    this.running?.abort();
    return true;
  };

  /** The files now (the editor's view, Export's zip). */
  readonly filesNow = async (p: PlaygroundSession): Promise<FileSnapshot> =>
    (await loadRuntime()).snapshotFiles(p.ws);

  /** A file saved in the editor: an outside edit, taken into the next model call. */
  readonly outsideEdit = async (path: string, text: string): Promise<void> => {
    const live = this.state.live;
    if (!live) return;
    const { play } = live;
    await play.outsideEdit(path, text);
    const edit = (await import('../share/edits')).outsideEditOf(play.ws.info.cwd, path, text);
    const now = await this.filesNow(play);
    this.set({
      live: { ...live, composed: true, now, edits: [...(live.edits ?? []), edit], recorded: undefined },
      version: this.state.version + 1,
    });
  };

  /** The live driver's model calls run here, as a composed call runs (prompts in the page,
   * Stop and Esc); the new call is selected when it lands. */
  readonly begin = (label: string, op: AbortController): void => {
    this.running = op;
    this.set({ status: { kind: 'running', text: label } });
  };
  readonly end = (op: AbortController, how: 'idle' | 'stopped'): void => {
    if (this.running === op) this.running = undefined;
    this.set({ status: how === 'stopped' ? { kind: 'stopped', text: 'live model' } : { kind: 'idle' } });
  };
  readonly runLiveTools = async (
    play: PlaygroundSession,
    calls: { name: string; input: Record<string, unknown> }[],
    signal: AbortSignal,
  ): Promise<ModelCallRecord> => {
    const rec = await play.run(calls, this.askInPage('live model'), signal);
    this.afterCall(play);
    return rec;
  };
}
