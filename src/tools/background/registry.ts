// The session's background work (DESIGN §7): Bash tasks, monitors and workflows, each with an id,
// a state, its output file and a way to stop it. The tools (TaskOutput, TaskStop, the
// notifications) and the page's Tasks panel read the same registry.
import { within, type Clock } from '../../workspace/types';
import type { Attachment } from '../types';

export type TaskType = 'local_bash' | 'local_workflow' | 'local_agent';
export type TaskStatus = 'running' | 'completed' | 'failed' | 'killed';

export interface BackgroundTask {
  id: string;
  type: TaskType;
  /** What the model is told the task is: a Bash task's description or else its command, a
   * monitor's or workflow's description. */
  description: string;
  /** A Bash task's or monitor's command (TaskStop's `command`). */
  command?: string;
  /** A monitor (the binary reports it as a Bash task). */
  monitor?: true;
  /** A background agent's prompt, and its report once it has one (TaskOutput shows both). */
  agent?: { prompt: string; result?: string };
  /** The tool_use id of the call that started it. */
  callId: string;
  outputFile: string;
  status: TaskStatus;
  exitCode: number | null;
  /** Output so far, as the page shows it (the output file is the model's copy). */
  output: string;
  /** Settles when the task has ended (however it ended). */
  done: Promise<void>;
  /** Ends the task; it reports nothing afterwards. */
  stop(): void;
  /** Settles once the task's command has run as long as the time since it was launched (see
   * startLag): what TaskStop and TaskOutput wait for before they act on a running task. */
  caughtUp?: () => Promise<void>;
  /** Stopped by TaskStop or from the page, not ended by itself. */
  stoppedBy?: 'TaskStop' | 'page';
  /** The model can no longer name it: its notification was delivered or it was stopped (the
   * binary's TaskOutput and TaskStop then answer "No task found"). */
  gone: boolean;
}

/** The tool that started a task of each type, as the page names its kind. */
const STARTED_BY: Record<TaskType, string> = {
  local_bash: 'Bash',
  local_workflow: 'Workflow',
  local_agent: 'Agent',
};

/** The task's kind for people: the tool that started it (a monitor is reported as a Bash task,
 * but Monitor started it). */
export const taskKind = (t: Pick<BackgroundTask, 'type' | 'monitor'>): string =>
  t.monitor ? 'Monitor' : STARTED_BY[t.type];

/** A task as it starts: running, no output, not yet ended or named gone. */
export function startedTask(
  fields: Pick<BackgroundTask, 'id' | 'type' | 'description' | 'callId' | 'outputFile' | 'stop'> &
    Partial<Pick<BackgroundTask, 'command' | 'monitor' | 'done' | 'agent'>>,
): BackgroundTask {
  return { status: 'running', exitCode: null, output: '', done: Promise.resolve(), gone: false, ...fields };
}

/** How long a command that began late may be waited for before it counts as caught up. */
const CATCH_UP_MAX_MS = 10_000;

/** A command launched in the background runs at once in Claude Code, so by the time the model
 * stops it or asks for its output it has run for all the time since its launch (task-stop-
 * runaway: `echo start` before a loop has printed 500 ms later). A shell may begin it late (a
 * worker thread loading on a busy machine): `onStart` (ShellRunOptions) marks when it began,
 * and `caughtUp` then waits that lag again, so the command gets the same running time. Times
 * are the workspace clock's. */
export function startLag(clock: Clock): {
  onStart: () => void;
  caughtUp: (done: Promise<void>) => Promise<void>;
} {
  const launched = clock.elapsed();
  let began: number | undefined;
  let mark = () => {};
  const begun = new Promise<void>((r) => (mark = r));
  return {
    onStart: () => {
      began ??= clock.elapsed();
      mark();
    },
    caughtUp: async (done) => {
      const asked = clock.elapsed();
      await within(clock, Promise.race([begun, done]), CATCH_UP_MAX_MS);
      if (began === undefined) return;
      const left = Math.min(asked + (began - launched) - clock.elapsed(), CATCH_UP_MAX_MS);
      if (left > 0) await within(clock, done, left);
    },
  };
}

/** A notification waiting for the next model request. */
export interface TaskNotice {
  taskId: string;
  /** The notification's text (without the <system-reminder> wrapper). */
  text: string;
  /** A monitor's event: the task stays addressable after it is delivered. */
  keepsTask?: boolean;
  /** Not delivered with the model call numbered `call` (see `callNumber`) unless that call
   * is still running at `unlessAfter` (the workspace clock's elapsed()): a task that ends a moment after
   * its launch reports with the next call, unless slow calls followed it in the same one. */
  held?: { call: number; unlessAfter: number };
  /** What it is when it arrives after the last turn, where that is not the text as a user
   * message in a reminder (a background agent's hand-back, with its tools-used note). */
  asFinal?: Attachment[];
}

/** An end the model has not seen yet (TaskRegistry.deferQuickEnds). */
interface UnseenEnd {
  taskId: string;
  /** The model call it was launched (or stopped) in, and the waits counted by then. */
  call: number;
  waits: number;
  shells: number;
  /** Seen early only by a command run in the foreground, not by a wait of the scenario: a
   * background agent's end (2.1.332: after a 1.5 s sleep a TaskStop still finds it running,
   * dt-tasks-26120801-1409 and -1393; after `sleep 1.5` in the foreground it has ended, -1254,
   * -1462, -1817). */
  shellOnly?: boolean;
  apply: () => void;
}

export class TaskRegistry {
  private readonly tasks = new Map<string, BackgroundTask>();
  private readonly notices: TaskNotice[] = [];
  private readonly listeners = new Set<() => void>();
  /** How many model calls have taken their notices: the number of the call now running. */
  callNumber = 0;
  /** When the model sees that background work ended: its notification comes with the results
   * of the first call that sees it. Work that ends at once is seen by the call it was launched
   * in only if that call then waited (a command in the foreground after it: dt-tasks-26120706-4,
   * -15; else agent-invalid-enums), and otherwise by the next call (the binary's own round trip
   * lets it finish). A replay's model answers at once, and with deferQuickEnds (2.1.332,
   * 2.1.337) the next call made then still sees it running: its end is seen from the call after
   * that one, or once that call waited (a scenario's sleep: 20 ms is enough; latency probes,
   * dt-tasks-26120703-*). A race in the binary each way: the runs that went the other way were
   * the fewer. */
  deferQuickEnds = false;
  private readonly unseen: UnseenEnd[] = [];
  private readonly launchedIn = new Map<string, { call: number; waits: number; shells: number }>();
  private waitedInCall: 'sleep' | 'shell' | undefined;
  /** Commands run in the foreground so far. */
  private waits = 0;
  /** Shells started so far: commands in the foreground and in the background. */
  private shells = 0;
  private shellsBeforeCall = 0;

  /** The workspace clock: every wait and time here is on its timeline. */
  constructor(readonly clock: Clock) {}

  add(task: BackgroundTask): void {
    this.tasks.set(task.id, task);
    this.launchedIn.set(task.id, { call: this.callNumber, waits: this.waits, shells: this.shells });
    this.changed();
  }

  /** A task has ended (or, `call` given, was stopped in that call): `apply` sets its state and
   * queues its notification, now or once the model can see it (deferQuickEnds). */
  ended(taskId: string, apply: () => void, call?: number, shellOnly?: boolean): void {
    const from =
      call === undefined
        ? (this.launchedIn.get(taskId) ?? { call: this.callNumber, waits: this.waits, shells: this.shells })
        : { call, waits: this.waits, shells: this.shells };
    const end: UnseenEnd = { taskId, ...from, apply, shellOnly };
    if (this.seen(end)) apply();
    else this.unseen.push(end);
  }

  private seen(e: UnseenEnd): boolean {
    const lag = this.deferQuickEnds ? 1 : 0;
    if (this.callNumber > e.call + lag) return true;
    // A command in the foreground after its launch, in the same call (dt-tasks-26120801-64,
    // -65, -1247, -1523 on 2.1.332; a race: -796 went the other way).
    // An agent is seen ended by then once any shell started after it, one in the background too
    // (dt-tasks-26120802-0, -8, -18 on 2.1.273; dt-tasks-26120801-1413 on 2.1.332, -43 not).
    if (this.callNumber === e.call) return e.shellOnly ? this.shellStartedInCall() : this.waits > e.waits;
    const waited = e.shellOnly ? this.waitedInCall === 'shell' : this.waitedInCall !== undefined;
    return this.callNumber === e.call + lag && waited;
  }

  /** A shell was started for background work (the Bash tool's tasks say so themselves). */
  shellStarted(): void {
    this.shells++;
  }

  /** Whether a shell has started in the model call now running. */
  shellStartedInCall(): boolean {
    return this.shells > this.shellsBeforeCall;
  }

  /** The model call now running waited: a scenario's sleep before its tools, a command it ran
   * in the foreground. */
  waited(how: 'sleep' | 'shell'): void {
    if (this.waitedInCall !== 'shell') this.waitedInCall = how;
    if (how === 'shell') {
      this.waits++;
      this.shells++;
    }
    this.applySeen();
  }

  private applySeen(all = false): void {
    const due = this.unseen.filter((u) => all || this.seen(u));
    for (const u of due) this.unseen.splice(this.unseen.indexOf(u), 1);
    for (const u of due) u.apply();
  }

  /** A task the model can still name. */
  get(id: string): BackgroundTask | undefined {
    const t = this.tasks.get(id);
    return t && !t.gone ? t : undefined;
  }

  /** Waits until the running tasks end, at most `ms`: what a model's reply takes before the
   * next request (replays have no model, so a task ending right away reports with the next
   * call, as recorded; the window is an estimate of the oracle's round trip). */
  async settleBriefly(ms: number, which: (t: BackgroundTask) => boolean = () => true): Promise<void> {
    const running = this.running().filter(which);
    if (running.length === 0) return;
    await within(this.clock, Promise.allSettled(running.map((t) => t.done)), ms);
  }

  /** Every task of the session, in start order (the page lists the running ones). */
  all(): BackgroundTask[] {
    return [...this.tasks.values()];
  }

  running(): BackgroundTask[] {
    return this.all().filter((t) => t.status === 'running');
  }

  notify(notice: TaskNotice): void {
    this.notices.push(notice);
    this.changed();
  }

  /** Notifications for the model request of the call ending now (all of them after the last
   * call: `final`); a delivered task is gone for the model. */
  takeNotices(final = false): TaskNotice[] {
    if (final) this.applySeen(true);
    const now = this.clock.elapsed();
    const held = (n: TaskNotice) =>
      !final && n.held !== undefined && n.held.call === this.callNumber && now < n.held.unlessAfter;
    // Tasks that ended together report in the order they were started (task-notify-two-tasks);
    // after the last turn each reports as it ends, so in the order they ended
    // (dt-tasks-26120703-6: `cat nothere` before `sleep 30`, started first).
    const order = [...this.tasks.keys()];
    const kept = this.notices.filter(held);
    const out = this.notices.splice(0).filter((n) => !held(n));
    if (!final) out.sort((a, b) => order.indexOf(a.taskId) - order.indexOf(b.taskId));
    this.notices.push(...kept);
    this.callNumber++;
    this.waitedInCall = undefined;
    this.shellsBeforeCall = this.shells;
    for (const n of out) {
      const t = this.tasks.get(n.taskId);
      if (t && !n.keepsTask) t.gone = true;
    }
    // A stopped task is forgotten once the model call that stopped it is over (task-stop-*).
    for (const t of this.tasks.values()) if (t.stoppedBy !== undefined) t.gone = true;
    this.applySeen();
    this.changed();
    return out;
  }

  /** Drops a task's undelivered notifications and unseen end (a stopped task reports nothing). */
  dropNotices(taskId: string): void {
    for (let i = this.unseen.length - 1; i >= 0; i--)
      if (this.unseen[i]?.taskId === taskId) this.unseen.splice(i, 1);
    for (let i = this.notices.length - 1; i >= 0; i--)
      if (this.notices[i]?.taskId === taskId) this.notices.splice(i, 1);
  }

  /** Ends a running task: it is killed at once (a second TaskStop in the same model call says
   * so) and reports nothing; the model can no longer name it after this model call. */
  stop(task: BackgroundTask, by: 'TaskStop' | 'page'): void {
    if (task.status !== 'running') return;
    task.stoppedBy = by;
    task.status = 'killed';
    this.dropNotices(task.id);
    task.stop();
    this.changed();
  }

  /** Stops every running task (the session ends, or the page's Stop all). */
  stopAll(by: 'TaskStop' | 'page' = 'page'): void {
    for (const t of this.running()) this.stop(t, by);
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Tell the page something changed (state, output so far). */
  changed(): void {
    for (const fn of this.listeners) fn();
  }
}
