// The manual composer driver: a playground session is a scenario that grows. It starts from a
// gallery scenario (replayed) or a blank workspace; each composed model call and each outside
import { serversOf, TYPESCRIPT_PLUGIN } from '../tools/lsp/session';
import { scenarioDeadlineS } from '../scenario/deadline';
// edit is appended to the scenario's turns while it runs on the live session, so changing the
// session settings re-runs exactly the same history on a fresh workspace.
import { relative, resolve } from 'pathe';
import type { Action, PermissionMode, Scenario, ScenarioResult } from '../scenario/schema';
import type { OnAsk, PermissionPrompt, PromptAnswer } from '../session/ask';
import type { ModelCallRecord, ToolUse } from '../session/engine';
import type { Session } from '../session/engine';
import {
  performAction,
  replayScenario,
  resultWithLaterCalls,
  scenarioMode,
  SEVEN_TOOLS,
} from '../session/replay';
import { createPermissions } from '../session/wiring';
import { getProfile } from '../profiles';
import { ALL_TOOLS } from '../tools/registry';
import type { Workspace } from '../workspace/types';

/** What the settings panel edits; everything else of the scenario is kept. */
export interface SessionSettings {
  version: string;
  model: string;
  /** null: the settings files' defaultMode decides (`--permission-mode` not given). */
  mode: PermissionMode | null;
  sources: {
    managed?: Record<string, unknown>;
    user?: Record<string, unknown>;
    project?: Record<string, unknown>;
    local?: Record<string, unknown>;
  };
  trusted: boolean;
  /** `--tools`; null = the flag is not given. */
  tools: string[] | null;
  /** CLAUDE_CODE_USE_POWERSHELL_TOOL=1 in the session's environment (offers PowerShell). */
  powershell?: boolean;
  /** The memory tools (the scenario's `memory`; its documents are kept). */
  memory?: boolean;
  /** A code-intelligence plugin (TypeScript's language server) is loaded: the LSP tool. */
  lsp: boolean;
}

export const BLANK_SCENARIO: Scenario = {
  id: 'blank',
  area: 'blank',
  description: 'A blank workspace.',
  files: {},
  mode: 'default',
  turns: [],
};

export function settingsOf(s: Scenario): SessionSettings {
  const profile = getProfile(s.version);
  return {
    version: profile.version,
    model: s.model ?? profile.defaultModel,
    mode: s.mode === null ? null : scenarioMode(s),
    sources: {
      managed: s.managed_settings,
      user: s.user_settings,
      project: s.settings,
      local: s.settings_local,
    },
    trusted: s.trust === true,
    tools:
      s.tools === undefined
        ? [...SEVEN_TOOLS]
        : s.tools === null
          ? null
          : Array.isArray(s.tools)
            ? s.tools
            : s.tools.split(','),
    powershell: s.env?.[POWERSHELL_ENV] === '1',
    memory: s.memory !== undefined,
    lsp: serversOf(s.plugins).length > 0,
  };
}

const POWERSHELL_ENV = 'CLAUDE_CODE_USE_POWERSHELL_TOOL';

/** The scenario's env with the PowerShell switch set or taken out (undefined: left as it is). */
function withPowerShell(env: Scenario['env'], on: boolean | undefined): Scenario['env'] {
  if (on === undefined) return env;
  const { [POWERSHELL_ENV]: _old, ...rest } = env ?? {};
  const next = on ? { ...rest, [POWERSHELL_ENV]: '1' } : rest;
  return Object.keys(next).length > 0 ? next : undefined;
}

export function applySettings(s: Scenario, v: SessionSettings): Scenario {
  return {
    ...s,
    version: v.version,
    model: v.model,
    mode: v.mode,
    managed_settings: v.sources.managed,
    user_settings: v.sources.user,
    settings: v.sources.project,
    settings_local: v.sources.local,
    trust: v.trusted,
    tools: v.tools,
    env: withPowerShell(s.env, v.powershell),
    memory: v.memory === undefined ? s.memory : v.memory ? (s.memory ?? {}) : undefined,
    plugins: withLsp(s.plugins, v.lsp),
  };
}

/** The scenario's plugins with the TypeScript one added or taken out (others kept). */
function withLsp(plugins: Scenario['plugins'], on: boolean): Scenario['plugins'] {
  const rest = Object.fromEntries(Object.entries(plugins ?? {}).filter(([k]) => !(k in TYPESCRIPT_PLUGIN)));
  const all = on ? { ...rest, ...TYPESCRIPT_PLUGIN } : rest;
  return Object.keys(all).length === 0 ? undefined : all;
}

export interface ComposedCall {
  name: string;
  input: Record<string, unknown>;
}

/** A person answering a prompt in the page. */
export type Asker = (prompt: PermissionPrompt) => Promise<PromptAnswer>;

type ScenarioAnswer = NonNullable<Scenario['answers']>[number];
const TO_SCENARIO: Record<PromptAnswer, ScenarioAnswer> = {
  'allow-once': 'allow',
  'allow-always': 'always',
  deny: 'deny',
};
const FROM_SCENARIO: Record<ScenarioAnswer, PromptAnswer> = {
  allow: 'allow-once',
  always: 'allow-always',
  deny: 'deny',
};

/** Who answers the session's prompts: the scenario's `answers` in order while the history
 * replays, then the person in the page (during a composed model call), else nobody (-p). */
class Answers {
  private queue: ScenarioAnswer[];
  readonly given: ScenarioAnswer[] = [];
  live?: Asker;
  constructor(answers: readonly ScenarioAnswer[] = []) {
    this.queue = [...answers];
  }
  readonly onAsk: OnAsk = async (prompt) => {
    const next = this.queue.shift();
    if (next !== undefined) {
      this.given.push(next);
      return { answer: FROM_SCENARIO[next], by: 'scenario' };
    }
    if (!this.live) return undefined;
    const answer = await this.live(prompt);
    this.given.push(TO_SCENARIO[answer]);
    return { answer, by: 'user' };
  };
  /** Answers the history did not use are dropped: they would answer the wrong prompt. */
  endReplay(): void {
    this.queue = [];
  }
}

const TOOLS = new Map(ALL_TOOLS.map((t) => [t.name, t]));

/** A composed model call's deadline: a minute past the longest run its calls ask for (Bash's
 * timeout, two minutes when it names none; other tools are bounded by their own limits). */
export function modelCallDeadlineMs(calls: readonly ComposedCall[]): number {
  let longest = 0;
  for (const c of calls) {
    const tool = TOOLS.get(c.name);
    if (!tool?.runsForMs) continue;
    const parsed = tool.schema.safeParse(c.input);
    if (parsed.success) longest = Math.max(longest, tool.runsForMs(parsed.data));
  }
  return longest + 60_000;
}

/** A timer that does not run while the person is answering a prompt. */
class PausableDeadline {
  readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private started = 0;
  constructor(private remaining: number) {
    this.resume();
  }
  pause(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.remaining -= performance.now() - this.started;
  }
  resume(): void {
    if (this.timer !== undefined || this.controller.signal.aborted) return;
    this.started = performance.now();
    this.timer = setTimeout(() => this.controller.abort(), Math.max(0, this.remaining));
  }
  end(): void {
    this.pause();
  }
}

export class PlaygroundSession {
  /** Outside edits made since the last model call; they open the next turn. */
  private pending: Action[] = [];
  /** The deadline (seconds) that stopped the last composed model call, if one did. */
  lastCallDeadlineS: number | undefined;
  /** Set when the session started on an imported project (its name): a link then carries
   * only the files the session touched (share/touched.ts). */
  imported?: string;
  /** Model calls the opening replay made; later ones were run on the live session. */
  private readonly replayed: number;
  private now?: { calls: number; result: ScenarioResult };

  private constructor(
    readonly id: string,
    /** The scenario as run so far (base turns plus composed ones). */
    public scenario: Scenario,
    readonly ws: Workspace,
    readonly session: Session,
    readonly result: ScenarioResult,
    readonly problems: string[],
    private readonly answers: Answers,
    /** The person stopped the replay: the history and the result are partial. */
    readonly stopped = false,
    /** The replay passed its deadline (seconds) and was stopped there. */
    readonly deadlinePassedS?: number,
  ) {
    this.replayed = session.history.length;
  }

  /** The replay's result and every model call run since (composed, or a live model's). */
  get resultNow(): ScenarioResult {
    const calls = this.history.length;
    if (this.now?.calls !== calls)
      this.now = {
        calls,
        result: resultWithLaterCalls(
          this.result,
          this.scenario,
          this.ws,
          this.history.slice(this.replayed),
          this.replayed,
          this.session,
        ),
      };
    return this.now.result;
  }

  /** Lays the scenario out on a fresh workspace and replays its turns, with snapshots. A
   * signal stops the replay, and so does the scenario's deadline (as in the CLI); the session is
   * then what ran, and can go on. */
  static async open(
    makeWorkspace: () => Workspace | Promise<Workspace>,
    id: string,
    scenario: Scenario,
    opts: { signal?: AbortSignal; deadlineS?: number } = {},
  ): Promise<PlaygroundSession> {
    const ws = await makeWorkspace();
    const answers = new Answers(scenario.answers);
    const deadlineS = opts.deadlineS ?? scenarioDeadlineS(scenario);
    const deadline = AbortSignal.timeout(deadlineS * 1000);
    const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
    const { result, session, problems, stopped } = await replayScenario(ws, scenario, id, {
      tools: ALL_TOOLS,
      permissions: createPermissions,
      snapshots: true,
      onAsk: answers.onAsk,
      signal,
    });
    answers.endReplay();
    let used =
      scenario.answers && answers.given.length < scenario.answers.length
        ? { ...scenario, answers: [...answers.given] }
        : scenario;
    // Turns that never started are not history: the next composed call follows the last that ran.
    if (session.history.length < used.turns.length)
      used = { ...used, turns: used.turns.slice(0, session.history.length) };
    const late = stopped && deadline.aborted && !opts.signal?.aborted ? deadlineS : undefined;
    return new PlaygroundSession(id, used, ws, session, result, problems, answers, stopped, late);
  }

  get history(): readonly ModelCallRecord[] {
    return this.session.history;
  }

  get settings(): SessionSettings {
    return settingsOf(this.scenario);
  }

  /** Tool names the model is offered in this session. */
  get offered(): ReadonlySet<string> {
    return this.session.opts.offered;
  }

  /** The user or a linter changed a file: written now, mtime moved past the clock. */
  async outsideEdit(path: string, text: string): Promise<void> {
    // Kept relative to the project so the scenario replays on any workspace root.
    const rel = relative(this.ws.info.cwd, resolve(this.ws.info.cwd, path));
    const action: Action = { touch: rel, content: text };
    await performAction(this.ws, action, []);
    this.pending.push(action);
  }

  /** Rules "always allow" added to local settings so far, in order. */
  get addedRules(): string[] {
    return this.history.flatMap((m) => m.calls.flatMap((c) => c.prompt?.added ?? []));
  }

  /** One model call of the composed tool calls, on the live session. `ask` answers its
   * permission prompts; without it an ask is refused as in -p mode. A signal stops it: the
   * running tool gets it, calls not started yet do not run, and the call stays in the history. */
  async run(
    calls: readonly ComposedCall[],
    ask?: Asker,
    signal?: AbortSignal,
    deadlineMs = modelCallDeadlineMs(calls),
  ): Promise<ModelCallRecord> {
    const turn = this.scenario.turns.length;
    const deadline = new PausableDeadline(deadlineMs);
    const both = signal ? AbortSignal.any([signal, deadline.controller.signal]) : deadline.controller.signal;
    // Time at a prompt is the person's, not the call's.
    const asked: Asker | undefined =
      ask &&
      (async (prompt) => {
        deadline.pause();
        try {
          return await ask(prompt);
        } finally {
          deadline.resume();
        }
      });
    const uses: ToolUse[] = calls.map((c, i) => ({
      id: `toolu_oracle_${turn}_${i}`,
      name: c.name,
      input: c.input,
    }));
    this.answers.live = asked;
    let rec: ModelCallRecord;
    try {
      rec = await this.session.runModelCall(uses, both);
    } finally {
      this.answers.live = undefined;
      deadline.end();
    }
    this.lastCallDeadlineS =
      deadline.controller.signal.aborted && !signal?.aborted ? Math.round(deadlineMs / 1000) : undefined;
    this.scenario = {
      ...this.scenario,
      turns: [
        ...this.scenario.turns,
        [...this.pending, ...calls.map((c) => ({ name: c.name, input: c.input }))],
      ],
      ...(this.answers.given.length ? { answers: [...this.answers.given] } : {}),
    };
    this.pending = [];
    return rec;
  }

  /** The same history under other settings, on a fresh workspace (outside edits not yet
   * followed by a model call are not part of the history). */
  rerun(
    makeWorkspace: () => Workspace | Promise<Workspace>,
    settings: SessionSettings,
    opts: { signal?: AbortSignal } = {},
  ): Promise<PlaygroundSession> {
    return PlaygroundSession.open(makeWorkspace, this.id, applySettings(this.scenario, settings), opts);
  }
}
