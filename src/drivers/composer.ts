// The manual composer driver: a playground session is a scenario that grows. It starts from a
// gallery scenario (replayed) or a blank workspace; each composed model call and each outside
// edit is appended to the scenario's turns while it runs on the live session, so changing the
// session settings re-runs exactly the same history on a fresh workspace.
import { relative, resolve } from 'pathe';
import type { Action, PermissionMode, Scenario, ScenarioResult } from '../scenario/schema';
import type { ModelCallRecord, ToolUse } from '../session/engine';
import type { Session } from '../session/engine';
import { performAction, replayScenario, scenarioMode, SEVEN_TOOLS } from '../session/replay';
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
  };
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
  };
}

export interface ComposedCall {
  name: string;
  input: Record<string, unknown>;
}

export class PlaygroundSession {
  /** Outside edits made since the last model call; they open the next turn. */
  private pending: Action[] = [];

  private constructor(
    readonly id: string,
    /** The scenario as run so far (base turns plus composed ones). */
    public scenario: Scenario,
    readonly ws: Workspace,
    readonly session: Session,
    readonly result: ScenarioResult,
    readonly problems: string[],
  ) {}

  /** Lays the scenario out on a fresh workspace and replays its turns, with snapshots. */
  static async open(
    makeWorkspace: () => Workspace | Promise<Workspace>,
    id: string,
    scenario: Scenario,
  ): Promise<PlaygroundSession> {
    const ws = await makeWorkspace();
    const { result, session, problems } = await replayScenario(ws, scenario, id, {
      tools: ALL_TOOLS,
      permissions: createPermissions,
      snapshots: true,
    });
    return new PlaygroundSession(id, scenario, ws, session, result, problems);
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

  /** One model call of the composed tool calls, on the live session. */
  async run(calls: readonly ComposedCall[]): Promise<ModelCallRecord> {
    const turn = this.scenario.turns.length;
    const uses: ToolUse[] = calls.map((c, i) => ({
      id: `toolu_oracle_${turn}_${i}`,
      name: c.name,
      input: c.input,
    }));
    const rec = await this.session.runModelCall(uses);
    this.scenario = {
      ...this.scenario,
      turns: [
        ...this.scenario.turns,
        [...this.pending, ...calls.map((c) => ({ name: c.name, input: c.input }))],
      ],
    };
    this.pending = [];
    return rec;
  }

  /** The same history under other settings, on a fresh workspace (outside edits not yet
   * followed by a model call are not part of the history). */
  rerun(
    makeWorkspace: () => Workspace | Promise<Workspace>,
    settings: SessionSettings,
  ): Promise<PlaygroundSession> {
    return PlaygroundSession.open(makeWorkspace, this.id, applySettings(this.scenario, settings));
  }
}
