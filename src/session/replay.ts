// Scenario replay: lay the scenario out, feed its turns to a Session, and produce a result in
// the oracle's format, normalised the same way.
import { dirname, resolve } from 'pathe';
import { claudeHookEnv, createToolHooks, type ToolHooks } from '../hooks';
import { effortLevel } from '../profiles/models';
import { sessionId } from '../tools/bash/paths';
import { Ledger } from '../ledger/ledger';
import { getProfile } from '../profiles';
import type { Profile } from '../profiles/types';
import {
  confinedPath,
  fileSpecBytes,
  placeholders,
  resolveMtime,
  setupWorkspace,
  substitute,
  type Placeholders,
  type SetupReport,
} from '../scenario/materialise';
import {
  isToolCall,
  type Action,
  type PermissionMode,
  type Scenario,
  type ScenarioResult,
} from '../scenario/schema';
import type { AnyTool, Attachment } from '../tools/types';
import { isFsError, sleep, type Workspace } from '../workspace/types';
import type { OnAsk } from './ask';
import { Session, type CallRecord, type ModelCallRecord } from './engine';
import { describeBytes, Normaliser } from './normalise';
import { allowAll, type SessionPermissions } from './permissions';
import { stopHookTurns } from './hooks';
import { collectTree } from './tree';
import { normalizePath } from '../text/paths';
import { EXTRA_DEFERRED_KEY, TOOLS_FLAG_KEY } from '../tools/types';
import { notEmulated } from '../tools/stub';
import { ORACLE_TOOLS } from '../tools/registry';
import { defaultToolNames } from '../profiles/definitions';
import { toolDisabled } from '../permissions/messages';
import { gatedDefinitions, gatedOff, gatedOn } from './gated-tools';

/** The input -p mode lists for a refused call: a file path normalised where the tool's is
 * (FileDeclaration.denialNormalised). */
function denialInput(tool: AnyTool | undefined, input: unknown): unknown {
  const key = tool?.file?.denialNormalised ? tool.file.key : undefined;
  if (key === undefined || !input || typeof input !== 'object') return input;
  const fp = (input as Record<string, unknown>)[key];
  if (typeof fp !== 'string' || !fp.startsWith('/')) return input;
  return { ...input, [key]: normalizePath(fp) };
}

export { ORACLE_TOOLS as SEVEN_TOOLS } from '../tools/registry';

/** How long a replay lets background tasks run before the next model call, standing in for the
 * model's reply (not measured: the oracle's fake API answers at once; the binary's own round
 * trip around it is what lets `echo` in the background finish before the next call). */
export const MODEL_ROUND_TRIP_MS = 300;

export interface PermissionSetup {
  scenario: Scenario;
  ws: Workspace;
  mode: PermissionMode;
  /** The tools named by --tools (null: no flag). */
  toolsFlag: string[] | null;
  /** The behaviour version replayed; its permission switches apply (2.1.273's when absent). */
  profile?: Profile;
}

export interface ReplayOptions {
  tools: readonly AnyTool[];
  /** Builds the permission engine for this scenario; everything allowed when absent. */
  permissions?: (setup: PermissionSetup) => Promise<SessionPermissions> | SessionPermissions;
  /** Called after each model call (the UI uses it for progress). */
  onModelCall?: (rec: ModelCallRecord) => void;
  /** Stops the replay: no turn starts after it fires, the running one stops its tools, and
   * waiting for background commands ends (they were given the signal too). */
  signal?: AbortSignal;
  /** Record files before and after every model call (SessionOptions.snapshots). */
  snapshots?: boolean;
  /** Answers permission prompts (SessionOptions.onAsk); the CLI and the corpus leave it out. */
  onAsk?: OnAsk;
}

export interface Replay {
  result: ScenarioResult;
  session: Session;
  problems: string[];
  /** The signal fired during the replay: the result is partial and compares with nothing. */
  stopped: boolean;
}

/** The ids of background tasks and agents the conversation has shown so far, in order of
 * appearance: a scenario names the n-th as $TASK<n>, as the oracle's scripted model does. */
export function conversationTaskIds(history: readonly ModelCallRecord[]): string[] {
  const text = JSON.stringify(
    history.map((r) => [r.calls.map((c) => c.rendered.content), r.attachments.map((a) => a.text)]),
  );
  const res = [
    /\bagentId: ([a-z0-9]{12,24})\b/g,
    /\bScheduled (?:recurring job|one-shot task) ([0-9a-f]{8})\b/g,
    /\(task ([a-z0-9]{6,12}),/g,
    /tasks\/([A-Za-z0-9_-]+)\.output/g,
    /\bID: ([a-z0-9]{6,12})\b/g,
    /\(ID: ([a-z0-9]{6,12})\)/g,
  ];
  const hits: [number, string][] = [];
  for (const re of res)
    for (const m of text.matchAll(re))
      if (!/^toolu_/.test(m[1] as string)) hits.push([m.index, m[1] as string]);
  hits.sort((a, b) => a[0] - b[0]);
  return [...new Set(hits.map((h) => h[1]))];
}

function withTaskIds(v: unknown, ids: readonly string[]): unknown {
  if (typeof v === 'string')
    return v.replace(/\$TASK(\d+)(?![A-Za-z0-9_])/g, (m, n: string) => ids[Number(n) - 1] ?? m);
  if (Array.isArray(v)) return v.map((x) => withTaskIds(x, ids));
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withTaskIds(x, ids)]));
  return v;
}

export function scenarioMode(s: Scenario): PermissionMode {
  return s.mode === undefined ? 'bypassPermissions' : (s.mode ?? 'default');
}

/** The registry's tools plus a not-emulated stand-in for each wanted tool the version defines
 * and the registry lacks. */
export function withStubs(
  registry: readonly AnyTool[],
  wanted: readonly string[],
  profile: Profile,
): AnyTool[] {
  const have = new Set(registry.map((t) => t.name));
  const stubs = wanted
    .filter((n) => !have.has(n) && profile.toolDefinitions.some((d) => d.name === n))
    .map((n) => notEmulated(n));
  return [...registry, ...stubs];
}

export function toolsFlag(s: Scenario, profile: Profile): string[] | null {
  if (s.tools === undefined) return [...ORACLE_TOOLS];
  if (s.tools === null) return null;
  const list = Array.isArray(s.tools) ? s.tools : s.tools.split(',');
  void profile;
  return list.map((t) => t.trim()).filter(Boolean);
}

/** What the oracle's model answers once the scripted calls are done (oracle/run.mjs): the last
 * assistant message Stop hooks see. */
const ORACLE_CLOSING_TEXT = 'done';

/** The prompt the oracle starts the binary with (`-p go`): what UserPromptSubmit hooks see. */
const ORACLE_PROMPT = 'go';

/** What the oracle's buildEnv adds for the binary itself (its fake API server, which the
 * normaliser writes as 127.0.0.1:<port>), which hooks inherit (hook-env). The Bash tool's shell
 * has them too (henv probes), but they are left out of its environment here: the bare-assignment
 * table (profiles/<version>/bare-assignments.ts) was recorded against the names it has now. */
const ORACLE_ENV: Record<string, string> = {
  ANTHROPIC_BASE_URL: 'http://127.0.0.1:40000',
  ANTHROPIC_API_KEY: 'sk-ant-oracle-fake-key',
  DISABLE_TELEMETRY: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  DISABLE_AUTOUPDATER: '1',
  DISABLE_ERROR_REPORTING: '1',
};

/** The process environment the emulated Claude Code runs with (the oracle's buildEnv). */
export function baseEnv(ws: Workspace, scen: Scenario): Record<string, string> {
  const env = new Map(
    Object.entries({
      PATH: '/usr/local/bin:/usr/bin:/bin',
      HOME: ws.info.home,
      TMPDIR: ws.info.tmp,
      USER: 'root',
      LOGNAME: 'root',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      TERM: 'dumb',
      SHELL: '/bin/bash',
      TZ: 'UTC',
      IS_SANDBOX: '1',
    }),
  );
  const p = placeholders(ws);
  for (const [k, v] of Object.entries(scen.env ?? {})) {
    if (v === null) env.delete(k);
    else env.set(k, substitute(v, p));
  }
  return Object.fromEntries(env);
}

/** One runner action between model calls (an outside edit, a sleep, a shell command). */
export async function performAction(
  ws: Workspace,
  act: Action,
  log: Record<string, unknown>[],
  signal?: AbortSignal,
): Promise<void> {
  const p = placeholders(ws);
  const abs = (rel: string, follow = true) => confinedPath(ws, rel, 'cwd', follow);
  if ('touch' in act) {
    const f = await abs(act.touch);
    let old: number | null = null;
    try {
      old = (await ws.fs.stat(f)).mtimeMs / 1000;
    } catch (e) {
      if (!isFsError(e)) throw e;
    }
    const hasContent = act.content !== undefined;
    if (act.content !== undefined) {
      const spec =
        typeof act.content === 'string' ? { text: act.content, crlf: act.crlf, bom: act.bom } : act.content;
      await ws.fs.mkdir(dirname(f), { recursive: true });
      await ws.fs.writeFile(f, fileSpecBytes(spec));
    } else if (old === null) await ws.fs.writeFile(f, new Uint8Array());
    // Move the mtime past both the old mtime and the clock, so the change is always visible.
    const fallback = Math.max(ws.clock.now() / 1000, old ?? 0) + 2;
    let m = act.keepMtime && old !== null ? old : resolveMtime(act.mtime, fallback, ws.clock.now() / 1000);
    if (typeof act.mtime === 'string' && /^[+-]/.test(act.mtime) && old !== null) m = old + Number(act.mtime);
    await ws.fs.utimes(f, m * 1000);
    log.push({
      action: 'touch',
      path: act.touch,
      content_changed: hasContent,
      mtime: act.keepMtime ? 'kept' : (act.mtime ?? 'bumped'),
    });
  } else if ('append' in act) {
    const f = await abs(act.append);
    const before = await ws.fs.readFile(f);
    const add = new TextEncoder().encode(act.content);
    const both = new Uint8Array(before.length + add.length);
    both.set(before);
    both.set(add, before.length);
    const st = await ws.fs.stat(f);
    await ws.fs.writeFile(f, both);
    const m = Math.max(ws.clock.now() / 1000, st.mtimeMs / 1000) + 2;
    await ws.fs.utimes(f, m * 1000);
    log.push({ action: 'append', path: act.append });
  } else if ('delete' in act) {
    try {
      await ws.fs.rm(await abs(act.delete, false), { recursive: true });
    } catch (e) {
      if (!isFsError(e, 'ENOENT')) throw e;
    }
    log.push({ action: 'delete', path: act.delete });
  } else if ('sleep' in act) {
    await sleep(ws.clock, act.sleep);
    log.push({ action: 'sleep', ms: act.sleep });
  } else {
    const r = await ws.shell.run(substitute(act.shell, p), {
      cwd: ws.info.cwd,
      env: { HOME: ws.info.home, PATH: '/usr/local/bin:/usr/bin:/bin' },
      timeoutMs: 30000,
      signal,
    });
    log.push({ action: 'shell', command: act.shell, status: r.exitCode });
  }
}

/** What every step of one replay works from, fixed before the first. */
interface ReplayContext {
  ws: Workspace;
  scen: Scenario;
  id: string;
  opts: ReplayOptions;
  profile: Profile;
  model: string;
  mode: PermissionMode;
  /** The tools named by --tools (null: no flag). */
  flag: string[] | null;
  /** $CWD, $ROOT, $HOME, $TMP of this workspace, worked out once for every step. */
  p: Placeholders;
}

/** The tools a replay's session has, and which of them the model is offered. */
interface ToolOffer {
  tools: AnyTool[];
  offered: string[];
  /** The texts of tools that exist but are withheld. */
  removed: Record<string, string>;
  /** Tools sent behind ToolSearch beyond the profile's default list. */
  extraDeferred: string[];
  deferred: Set<string> | undefined;
}

/** What the turns left for the result. */
interface TurnsRun {
  turns: ScenarioResult['turns'];
  /** Each turn with the model call whose attachments it takes once the last call is made. */
  withAttachments: [ScenarioResult['turns'][number], ModelCallRecord][];
  exitCode: number;
  /** The session ended before the scenario's turns did (the process exited, a hook stopped it). */
  ended: boolean;
  denials: Record<string, unknown>[];
}

export async function replayScenario(
  ws: Workspace,
  scen: Scenario,
  id: string,
  opts: ReplayOptions,
): Promise<Replay> {
  const profile = getProfile(scen.version);
  const cx: ReplayContext = {
    ws,
    scen,
    id,
    opts,
    profile,
    model: scen.model ?? profile.defaultModel,
    mode: scenarioMode(scen),
    flag: toolsFlag(scen, profile),
    p: placeholders(ws),
  };
  const setup = await setupWorkspace(ws, scen);
  await makeClaudeHome(ws, profile);
  const permissions = opts.permissions
    ? await opts.permissions({ scenario: scen, ws, mode: cx.mode, toolsFlag: cx.flag, profile })
    : allowAll;
  const offer = offerTools(cx, permissions);
  const { session, hooks } = startSession(cx, permissions, offer);
  const prompt = await hooks.promptSubmit(permissions.mode ?? cx.mode, ORACLE_PROMPT);
  // A prompt a hook refused never reaches the model: no call is made (hook-prompt-submit-*).
  if (prompt.refused !== undefined) setup.problems.push(prompt.refused);
  const run =
    prompt.refused === undefined
      ? await runTurns(cx, session, setup.problems)
      : { turns: [], withAttachments: [], exitCode: 0, ended: true, denials: [] };
  const agents = await closingTurns(cx, session, hooks, permissions, run);
  const raw = await rawResult(cx, setup, permissions, offer, run, agents);
  const events = [
    ...(prompt.refused === undefined ? [] : [{ subtype: 'informational', content: prompt.refused, level: 'warning' }]),
    ...prompt.notices.map((content) => ({ subtype: 'informational', content, level: 'notice' })),
  ];
  if (events.length > 0) raw.system_events = events;
  const N = new Normaliser(ws.info);
  N.learn(raw);
  const result = N.value(raw) as ScenarioResult;
  result.scenario = id;
  return { result, session, problems: setup.problems, stopped: opts.signal?.aborted === true };
}

/** What the binary makes in ~/.claude when it starts (the profile's table). */
async function makeClaudeHome(ws: Workspace, profile: Profile): Promise<void> {
  for (const d of profile.claudeHomeDirs) {
    const dir = `${ws.info.home}/.claude/${d.name}`;
    await ws.fs.mkdir(dir, { recursive: true });
    await ws.fs.chmod(dir, d.mode);
  }
}

/** The tools of the session and the ones offered: a version offers the tools its profile
 * defines; one it keeps disabled answers with its text. */
function offerTools(cx: ReplayContext, permissions: SessionPermissions): ToolOffer {
  const { scen, profile, flag } = cx;
  const disabled = profile.disabledTools ?? {};
  // A tool the version defines but this build does not emulate yet is still offered, with its
  // real definition, and answers "not emulated" (tools/stub.ts).
  // Tools a setting turns on (PowerShell, the memory tools) join the default set when on.
  const gated = gatedOn(scen, profile, cx.opts.tools);
  const defaults = flag === null ? [...defaultToolNames(profile), ...gated] : [];
  const tools = withStubs(cx.opts.tools, flag === null ? defaults : (flag ?? []), profile);
  // Without --tools: the default set, and the tools the binary keeps out of it with a text of
  // their own (Glob and Grep behind their opt-in, tools-null-search-2273).
  const names = tools.map((t) => t.name);
  const defined = (n: string) =>
    profile.toolDefinitions.some((d) => d.name === n) ||
    (gated.includes(n) && gatedDefinitions(profile).some((d) => d.name === n));
  const known = (flag === null ? [...new Set([...defaults, ...names])] : names).filter(
    (n) => defined(n) && !Object.hasOwn(disabled, n),
  );
  // A tool the scenario does not give what it needs is disabled (LSP without a plugin that
  // declares a language server).
  const unmet = tools.filter((t) => t.available?.(scen) === false).map((t) => t.name);
  const { offered, removed } = permissions.offered(known.filter((n) => !unmet.includes(n)));
  for (const [name, text] of Object.entries(disabled)) removed[name] = text;
  for (const name of gatedOff(scen, profile)) removed[name] = toolDisabled(name, profile.permissions.disabledToolTail);
  for (const name of unmet) removed[name] = toolDisabled(name, profile.permissions.disabledToolTail);
  // 2.1.332 sends a plugin's LSP behind ToolSearch when no --tools list names it.
  const extraDeferred =
    flag === null && profile.lsp?.deferred === true
      ? tools.filter((t) => t.needs === 'languageServer' && offered.includes(t.name)).map((t) => t.name)
      : [];
  const deferred =
    flag === null ? new Set([...(profile.deferredByDefault ?? []), ...extraDeferred]) : undefined;
  return { tools, offered, removed, extraDeferred, deferred };
}

/** The session with its hooks, the --tools facts on its conversation, and each tool's setup
 * from the scenario done. */
function startSession(
  cx: ReplayContext,
  permissions: SessionPermissions,
  offer: ToolOffer,
): { session: Session; hooks: ToolHooks } {
  const { ws, scen, profile, opts, p } = cx;
  const env = baseEnv(ws, scen);
  const conversationCwd = { get: () => ws.info.cwd };
  const effort = effortLevel(cx.model, profile.defaultModel, profile.hooks.effortLevel);
  const hooks = createToolHooks({
    sources: substitute(
      {
        managed: scen.managed_settings,
        user: scen.user_settings,
        project: scen.settings,
        local: scen.settings_local,
      },
      p,
    ),
    host: {
      shell: ws.shell,
      cwd: () => conversationCwd.get(),
      projectDir: ws.info.cwd,
      env: () => ({
        ...ORACLE_ENV,
        ...env,
        ...claudeHookEnv({
          version: profile.version,
          sessionId: sessionId(session.conversation),
          tmp: env.TMPDIR ?? ws.info.tmp,
          projectDir: ws.info.cwd,
          ...(effort !== undefined ? { effort } : {}),
          childNotesDir: profile.hooks.childNotesDir,
          starterReadsFolderSettings: profile.hooks.starterReadsFolderSettings === true,
        }),
      }),
      ...(opts.signal ? { signal: opts.signal } : {}),
    },
    home: ws.info.home,
    effortLevel: effort,
    // The ids tool-results paths use, so that normalised results name the same session.
    sessionId: () => sessionId(session.conversation),
    promptId: () => promptIdOf(session.conversation),
  });
  const session = new Session({
    ws,
    profile,
    model: cx.model,
    tools: offer.tools,
    offered: new Set(offer.offered),
    withheld: offer.removed,
    permissions,
    ledger: new Ledger(),
    env,
    snapshots: opts.snapshots,
    onAsk: opts.onAsk,
    agentScripts: scen.agents,
    substitute: (input) => substitute(input, p),
    deferred: offer.deferred,
    hooks,
  });
  conversationCwd.get = () => session.conversation.cwd;
  // The oracle's model answers at once: what a call made then sees of background work is the
  // version's (Profile.deferQuickEnds).
  session.conversation.tasks.deferQuickEnds = cx.profile.deferQuickEnds;

  // The --tools list as given (tools this build does not implement included): Workflow's hint
  // names the Skill tool only where the binary offers it.
  session.conversation.state.set(TOOLS_FLAG_KEY, cx.flag);
  session.conversation.state.set(EXTRA_DEFERRED_KEY, offer.extraDeferred);

  // What each tool takes from the scenario (the scripted web, the language servers, the memory
  // stores, the token counter); a setup shared by tools runs once.
  for (const toolSetup of new Set(offer.tools.flatMap((t) => (t.setup ? [t.setup] : []))))
    toolSetup(scen, session.conversation, ws);
  return { session, hooks };
}

/** The scenario's turns, one model call each, until they end or the session does. */
async function runTurns(cx: ReplayContext, session: Session, problems: string[]): Promise<TurnsRun> {
  const { scen, opts } = cx;
  const run: TurnsRun = { turns: [], withAttachments: [], exitCode: 0, ended: false, denials: [] };
  for (const [t, items] of scen.turns.entries()) {
    if (opts.signal?.aborted) break;
    if (t > 0 && !cx.profile.deferQuickEnds) await session.conversation.tasks.settleBriefly(MODEL_ROUND_TRIP_MS);
    const { uses, actions } = await turnCalls(cx, session, t, items, problems);
    const rec = await session.runModelCall(uses, opts.signal);
    opts.onModelCall?.(rec);
    if (rec.sessionEnded !== undefined) {
      // The binary's process exited: the oracle records the model call with no results.
      run.turns.push({ turn: t, calls: [], attachments: [], actions });
      run.exitCode = 1;
      run.ended = true;
      break;
    }
    listDenials(cx.profile, session, rec, run.denials);
    // A hook's `continue: false` ends the session before the model sees this turn's results:
    // the oracle records the turns before it (hook-post-bash-2).
    if (rec.calls.some((c) => c.endsSession)) {
      run.turns.push({ turn: t, calls: [], attachments: [], actions });
      run.ended = true;
      break;
    }
    const turn = {
      turn: t,
      calls: rec.calls.map((c) => callResult(scen, c, session)),
      attachments: [],
      actions,
    };
    run.turns.push(turn);
    run.withAttachments.push([turn, rec]);
  }
  return run;
}

/** One turn's items: its runner actions done in order, its tool calls gathered for the model
 * call. */
async function turnCalls(
  cx: ReplayContext,
  session: Session,
  t: number,
  items: Scenario['turns'][number],
  problems: string[],
): Promise<{ uses: { id: string; name: string; input: unknown }[]; actions: Record<string, unknown>[] }> {
  const actions: Record<string, unknown>[] = [];
  const uses = [];
  for (const item of items) {
    if (isToolCall(item))
      uses.push({
        id: `toolu_oracle_${t}_${uses.length}`,
        name: item.name,
        input: withTaskIds(substitute(item.input, cx.p), conversationTaskIds(session.history)),
      });
    else
      try {
        await performAction(cx.ws, item, actions, cx.opts.signal);
        if ('sleep' in item && item.sleep > 0) session.conversation.tasks.waited('sleep');
      } catch (e) {
        // The runner could not do what the scenario asks (append to a missing file, touch
        // under a missing folder): said, like a setup problem, and the replay goes on.
        if (!isFsError(e)) throw e;
        problems.push(`turn ${t}: ${JSON.stringify(item)}: ${e.message}`);
      }
  }
  return { uses, actions };
}

/** Adds the refusals of one model call to `denials`, in the order the binary lists them. */
function listDenials(
  profile: Profile,
  session: Session,
  rec: ModelCallRecord,
  denials: Record<string, unknown>[],
): void {
  // A subagent's refusals are the session's too, listed when they happened (before its Agent
  // call ends).
  const deny = (s: Session, c: CallRecord) => {
    for (const sub of s.subagents)
      if (sub.parentCallId === c.id)
        for (const r of sub.session.history) for (const sc of r.calls) deny(sub.session, sc);
    if (c.decision?.permissionDenial)
      denials.push({
        tool_name: s.tool(c.name)?.denialName ?? c.name,
        tool_use_id: c.id,
        tool_input: denialInput(s.tool(c.name), c.parsed ?? c.input),
        ...(c.decision.classifierUnchecked &&
          profile.permissions.uncheckedDenialNote !== undefined && {
            auto_mode_unchecked: profile.permissions.uncheckedDenialNote,
          }),
      });
  };
  // 2.1.273 asks its classifier in a side request: the refusals it gives are listed after the
  // ones the rules gave at once (web-rule-ask-plan). 2.1.332's order varies from run to run.
  const afterClassifier = (c: CallRecord) =>
    profile.permissions.classifierSource === 'local' && c.decision?.classified === true;
  // This holds within a run of calls started together; a call that runs alone is answered
  // before the next starts (perm-bare-rules probe, both versions: plan-mode Writes to a
  // sensitive path and outside, one after the other). Within a run the refusals are listed in
  // call order: the recorded lists of large parallel runs (perm-rule-sources) put some asks
  // after later rule denials, in no order found.
  // 2.1.332 answers a Read one step later than the next call of its run.
  const lags = (c: CallRecord) =>
    profile.permissions.readDenialsLag === true && session.tool(c.name)?.readDenialsLag === true;
  const at = (c: CallRecord) => rec.calls.indexOf(c) + (lags(c) ? 1.5 : 0);
  const listed = [...rec.calls].sort(
    (a, b) =>
      (a.batch ?? 0) - (b.batch ?? 0) ||
      Number(afterClassifier(a)) - Number(afterClassifier(b)) ||
      at(a) - at(b),
  );
  for (const c of listed) deny(session, c);
}

/** After the turns: their attachments, the Stop hooks' turns and the late attachments of
 * background work; gives the subagents' results (undefined when the scenario scripts none). */
async function closingTurns(
  cx: ReplayContext,
  session: Session,
  hooks: ToolHooks,
  permissions: SessionPermissions,
  run: TurnsRun,
): Promise<ScenarioResult['agents']> {
  const { turns } = run;
  // Taken once the last model call is made: it may drop a note from an earlier one (a model's
  // trailing note stays only on the newest).
  for (const [turn, rec] of run.withAttachments) turn.attachments = rec.attachments.map((a) => ({ ...a }));
  // The model then ends its turn with the oracle's closing text, where Stop hooks may keep it going.
  if (!run.ended && !cx.opts.signal?.aborted)
    for (const attachments of await stopHookTurns(
      hooks,
      permissions.mode ?? cx.mode,
      ORACLE_CLOSING_TEXT,
      cx.profile.hooks,
    ))
      turns.push({ turn: turns.length, calls: [], attachments: attachments.map((a) => ({ ...a })) });
  const late = await settleWithin(cx, session);
  const agents = cx.scen.agents === undefined ? undefined : subagentResults(cx.scen, session);
  // Each group of late attachments (one background agent's) is a message of its own, and so is
  // each task's notification, a model request of its own (task-notify-final-end-order).
  const groups: Attachment[][] = [];
  for (const a of late) {
    const last = groups[groups.length - 1];
    const ownMessage = a.group === undefined && a.role === 'user';
    if (last && !ownMessage && (a.group === undefined || last[0]?.group === a.group)) last.push(a);
    else groups.push([a]);
  }
  for (const g of groups)
    turns.push({ turn: turns.length, calls: [], attachments: g.map(({ group: _g, ...a }) => ({ ...a })) });
  return agents;
}

/** Waits for the background work after the last turn, as long as the version's session does
 * (finalWaitMs); the commands still running then end with the session and report nothing. */
async function settleWithin(cx: ReplayContext, session: Session): Promise<Attachment[]> {
  const limit = cx.profile.finalWaitMs;
  if (limit === undefined) return session.settle(cx.opts.signal);
  const outer = cx.opts.signal;
  const cut = new AbortController();
  const onOuter = () => cut.abort();
  outer?.addEventListener('abort', onOuter);
  if (outer?.aborted) cut.abort();
  const cancel = cx.ws.clock.timer(() => cut.abort(), limit);
  try {
    const late = await session.settle(cut.signal);
    if (!outer?.aborted) session.conversation.tasks.stopAll('page');
    return late;
  } finally {
    cancel();
    outer?.removeEventListener('abort', onOuter);
  }
}

/** The result in the oracle's format, before normalisation: the turns with the files as the
 * replay left them. */
async function rawResult(
  cx: ReplayContext,
  setup: SetupReport,
  permissions: SessionPermissions,
  offer: ToolOffer,
  run: TurnsRun,
  agents: ScenarioResult['agents'],
): Promise<ScenarioResult> {
  const { ws, scen } = cx;
  const skip = (rel: string) =>
    (rel === '.claude/settings.json' && !!scen.settings) ||
    (rel === '.claude/settings.local.json' && !!scen.settings_local);
  const files = await collectTree(ws.fs, ws.info.cwd, skip);
  const outside: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const rel of Object.keys(scen.files ?? {})) {
    if (!rel.startsWith('../')) continue;
    try {
      outside[rel] = describeBytes(await ws.fs.readFile(resolve(ws.info.cwd, rel)));
    } catch {
      outside[rel] = null;
    }
  }
  return {
    scenario: cx.id,
    description: scen.description,
    area: scen.area,
    seed: scen.seed,
    order_insensitive: scen.order_insensitive,
    unstable_subset: scen.unstable_subset,
    version: cx.profile.version,
    model: cx.model,
    permission_mode: permissions.mode ?? cx.mode,
    tools: [...offer.offered].sort(),
    exit_code: run.exitCode,
    turns: run.turns,
    agents,
    permission_denials: run.denials,
    result_subtype: 'success',
    files,
    outside_files: Object.keys(outside).length ? outside : undefined,
    problems: setup.problems.length ? setup.problems : undefined,
    nondeterministic: setup.unstableCommit === undefined ? undefined : { commit: setup.unstableCommit },
    backend: ws.info.backend,
  };
}

/** The replay's result and the model calls run after it (composed in the page, a live model's),
 * normalised as the replay's own are: the session as it stands, for an issue's "Actual". */
export function resultWithLaterCalls(
  result: ScenarioResult,
  scen: Scenario,
  ws: Workspace,
  later: readonly ModelCallRecord[],
  firstTurn: number,
  session: Session,
): ScenarioResult {
  if (later.length === 0) return result;
  const turns: ScenarioResult['turns'] = later.map((rec, i) => ({
    turn: firstTurn + i,
    calls: rec.calls.map((c) => callResult(scen, c, session)),
    attachments: rec.attachments.map((a) => ({ ...a })),
  }));
  const N = new Normaliser(ws.info);
  N.learn(turns);
  return { ...result, turns: [...result.turns, ...(N.value(turns) as ScenarioResult['turns'])] };
}

function callResult(
  scen: Scenario,
  c: CallRecord,
  session: Session,
): ScenarioResult['turns'][number]['calls'][number] {
  const o: ScenarioResult['turns'][number]['calls'][number] = {
    id: c.id,
    tool: c.name,
    input: c.input,
    is_error: c.rendered.is_error,
    content: c.rendered.content,
  };
  if (c.rendered.structured !== undefined) o.structured = c.rendered.structured;
  if (
    scen.order_insensitive ||
    session.tool(c.name)?.orderInsensitive?.(c.input as Record<string, unknown>) === true
  )
    o.order_insensitive = true;
  return o;
}

/** The oracle's `agents`: each scripted subagent's model calls with tool calls (its last run when
 * one prompt ran twice; null when it never ran), subagents of subagents included. */
function subagentResults(scen: Scenario, session: Session): NonNullable<ScenarioResult['agents']> {
  const out: NonNullable<ScenarioResult['agents']> = Object.fromEntries(
    Object.keys(scen.agents ?? {}).map((k) => [k, null]),
  );
  const visit = (s: Session) => {
    for (const sub of s.subagents) {
      if (sub.scripted && Object.hasOwn(out, sub.prompt))
        out[sub.prompt] = {
          turns: sub.session.history.map((rec, t) => ({
            turn: t,
            calls: rec.calls.map((c) => callResult(scen, c, sub.session)),
            attachments: rec.attachments.map((a) => ({ ...a })),
          })),
        };
      visit(sub.session);
    }
  };
  visit(session);
  return out;
}

/** The id of the session's one prompt (`go`), as hook inputs carry it: a UUID apart from the
 * session's, made once per conversation. */
function promptIdOf(conversation: Session['conversation']): string {
  const key = 'hooks.promptId';
  const known = conversation.state.get(key);
  if (typeof known === 'string') return known;
  const id = `00000000-0000-4000-9000-${conversation.nextId('prompt').replace(/\D/g, '').padStart(12, '0')}`;
  conversation.state.set(key, id);
  return id;
}
