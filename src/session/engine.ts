// The conversation engine (DESIGN §3.6): model calls of N tool_use blocks, run the way Claude
// Code runs them (concurrency-safe calls together, others in order), one tool_result per call,
// attachments after them, and a snapshot after every model call for time travel.
import type { HookStep } from '../hooks/session';
import { Ledger, type LedgerEntry } from '../ledger/ledger';
import { inputSchemaFor } from '../profiles/schema';
import { baseModel } from '../profiles/models';
import type { Profile } from '../profiles/types';
import { isToolCall, type AgentScript } from '../scenario/schema';
import type {
  AnyTool,
  FilePreview,
  Attachment,
  Conversation,
  PermissionRequest,
  Rendered,
  SubagentRun,
  SubagentSpec,
  ToolContext,
} from '../tools/types';
import { LOADED_TOOLS_KEY, WORKTREE_KEY } from '../tools/types';
import type { Workspace } from '../workspace/types';
import { ruleString, USER_REJECTED, USER_REJECTED_STRUCTURED, type OnAsk, type PromptRecord } from './ask';
import { changedFileNotes } from '../tools/files/changed-files';
import type { SessionDecision, SessionPermissions } from './permissions';
import { snapshotFiles } from './tree';
import { journalFor, type FileSnapshot } from './journal';
import { joinHookTexts } from '../hooks/session';
import {
  afterCall,
  beforePermission,
  onPermissionAsk,
  parseHookInput,
  withPreHooks,
  type SessionHooks,
} from './hooks';
import { formatValidationError } from './validation';
import { TaskRegistry } from '../tools/background/registry';
import { asReminder } from '../tools/background/notification';

/** Every file under the workspace root, by absolute path (time travel in the UI). */
export type { FileSnapshot } from './journal';

export interface ToolUse {
  id: string;
  name: string;
  input: unknown;
}

export interface CallRecord {
  id: string;
  name: string;
  input: unknown;
  rendered: Rendered;
  /** The permission decision, when the call got that far (after a prompt: the answer's). */
  decision?: SessionDecision;
  /** The call asked and someone answered. */
  prompt?: PromptRecord;
  /** Why the result is what it is, for people. */
  explain: string;
  consulted?: LedgerEntry;
  /** The input after the schema parsed it (defaults filled in), when it parsed. */
  parsed?: unknown;
  /** The tool's typed outcome (for the UI's renderers). */
  outcome?: unknown;
  /** Subagents this call started (an Agent call): each a conversation of its own, its model
   * calls filled in as it runs. */
  subagents?: SubagentView[];
  /** Hooks that ran for this call, in the order they ran (settings `hooks`). */
  hooks?: HookStep[];
  /** A hook answered `continue: false`: the session ends with this call. */
  endsSession?: boolean;
  /** Texts the call's hooks send the model; a model call's are joined into one message. */
  hookNotes?: string[];
  /** Which run of calls started together (runModelCall's batches, counted per model call). */
  batch?: number;
  /** `stopped`: the person stopped the model call before this call started. */
  stage:
    'unknown-tool' | 'input' | 'validate' | 'permission' | 'call' | 'crash' | 'stopped' | 'session-ended';
}

/** A subagent as the UI shows it under its Agent call. */
export interface SubagentView {
  prompt: string;
  agentType: string;
  history: readonly ModelCallRecord[];
}

export interface ModelCallRecord {
  index: number;
  calls: CallRecord[];
  attachments: Attachment[];
  ledger: LedgerEntry[];
  /** The binary's process ended during this model call (the result text it gave): none of the
   * call's results reached the model and the session is over. */
  sessionEnded?: string;
  /** With `snapshots`: the files when the call started (after outside edits) and after it. */
  filesBefore?: FileSnapshot;
  files?: FileSnapshot;
}

export interface SessionOptions {
  ws: Workspace;
  profile: Profile;
  model: string;
  tools: readonly AnyTool[];
  /** Names the model is offered (after --tools, deny rules, the Glob/Grep gate). */
  offered: ReadonlySet<string>;
  /** Texts for calls to tools that exist but are withheld. */
  withheld: Readonly<Record<string, string>>;
  permissions: SessionPermissions;
  ledger: Ledger;
  env: Record<string, string>;
  /** Record the files before and after every model call (a journal of changes where the
   * backend reports them, else a copy of the tree per call). */
  snapshots?: boolean;
  /** Answers permission prompts (the app, a scenario's `answers`); without it an ask is
   * refused as in -p mode. */
  onAsk?: OnAsk;
  /** Scripted subagents (the scenario's `agents`), keyed by the prompt of the Agent call. */
  agentScripts?: Readonly<Record<string, AgentScript>>;
  /** Substitutes $CWD, $HOME… in a subagent's scripted inputs (the replay's placeholders). */
  substitute?: (input: Record<string, unknown>) => unknown;
  /** A subagent's session: the prefix of its tool_use ids (`toolu_agent_<k>_`, as the oracle
   * numbers them). */
  idPrefix?: string;
  /** Tools sent behind ToolSearch: a schema error of a call to one says so (2.1.332). */
  deferred?: ReadonlySet<string>;
  /** Hooks from the settings (src/hooks); none run without it. */
  hooks?: SessionHooks;
}

/** A subagent started by an Agent call of this session: a conversation of its own. */
export interface SubagentRecord {
  /** Its prompt (the key of its script). */
  prompt: string;
  agentType: string;
  /** The Agent call that started it. */
  parentCallId: string;
  /** Whether the scenario scripts it (an unscripted one answers `ok` at once). */
  scripted: boolean;
  session: Session;
}

/** A call that passed every check and will run. */
interface Prepared {
  tool: AnyTool;
  input: unknown;
  decision: SessionDecision;
  prompt?: PromptRecord;
  hooks?: HookStep[];
  /** Messages the call's hooks send the model after its result. */
  hookTexts?: string[];
  endsSession?: boolean;
}

/** What Claude Code sends for a tool call an interrupt kept from starting (its
 * createToolResultStopMessage, as public sources of Claude Code show it; no recorded scenario
 * has an interrupt to check it against). */
export const INTERRUPTED_BEFORE_START =
  "The user doesn't want to take this action right now. STOP what you are doing and wait for the user to tell you how to proceed.";

const noSuchTool = (name: string) =>
  `<tool_use_error>Error: No such tool available: ${name}</tool_use_error>`;

/** The SDK's tool_use_result of a call to a tool the model was not offered: the text without
 * its wrapper (it already starts with "Error: "; 2.1.273 and 2.1.332 record the same). */
const unwrapToolUseError = (text: string) =>
  text.replace(/^<tool_use_error>([\s\S]*)<\/tool_use_error>$/, '$1');

export class Session {
  readonly conversation: Conversation;
  readonly history: ModelCallRecord[] = [];
  private readonly byName: Map<string, AnyTool>;
  private counters = new Map<string, number>();
  /** The main conversation's session (a subagent's root). */
  private root: Session = this;
  /** A subagent's worktree (isolation: "worktree"). */
  private isolatedIn?: string;
  /** Tools this conversation used itself or was told of in a hand-back (2.1.332's tools-used
   * note lists only new ones), and tools it and its subagents used. */
  private readonly seenTools = new Set<string>();
  private readonly treeTools = new Set<string>();
  /** Subagents started by this session's Agent calls, in order. */
  readonly subagents: SubagentRecord[] = [];
  /** How many subagents deep this conversation is (0: the main one). */
  private depth = 0;
  /** Notes for this conversation's next model call (a subagent's agent-types listing). */
  private readonly firstNotes: string[] = [];

  constructor(readonly opts: SessionOptions) {
    this.byName = new Map(opts.tools.map((t) => [t.name, t]));
    if (opts.hooks) opts.hooks.wording = { denyPrefixed: opts.profile.hooks.denyPrefixed };
    this.conversation = {
      cwd: opts.ws.info.cwd,
      env: opts.env,
      pending: [],
      background: [],
      tasks: new TaskRegistry(opts.ws.clock),
      state: new Map(),
      nextId: (kind) => {
        const n = (this.counters.get(kind) ?? 0) + 1;
        this.counters.set(kind, n);
        return `${kind}${n}`;
      },
    };
  }

  private context(use: ToolUse, siblings: readonly ToolUse[], signal?: AbortSignal): ToolContext {
    const { ws, ledger, profile, model, offered, permissions } = this.opts;
    return {
      ws,
      ledger,
      profile,
      model,
      conversation: this.conversation,
      callId: use.id,
      offered,
      siblings,
      signal,
      subagents: {
        run: (spec, sig) => this.runSubagent(spec, sig),
        depth: () => this.depth,
        background: (work, attachments) => {
          const root = this.root.conversation;
          root.background.push(work.then(() => root.pending.push(...attachments())));
        },
      },
      permissions: {
        wouldAllow: async (req: PermissionRequest) => (await permissions.decide(req)).behavior === 'allow',
        ...(permissions.readDenied && { readDenied: permissions.readDenied.bind(permissions) }),
        ...(permissions.workingDirectories && {
          workingDirectories: permissions.workingDirectories.bind(permissions),
        }),
        mode: () => permissions.mode,
        ...(permissions.sandbox && { sandbox: permissions.sandbox.bind(permissions) }),
        ...(permissions.sandboxEnabled && { sandboxEnabled: permissions.sandboxEnabled.bind(permissions) }),
      },
    };
  }

  /** A subagent: a session of its own over the same workspace, permission rules and mode, with
   * its own read ledger, working directory and tool set, run through its scripted model calls
   * (the oracle's `agents`); its final text is handed back. */
  async runSubagent(spec: SubagentSpec, signal?: AbortSignal): Promise<SubagentRun> {
    const scripts = this.opts.agentScripts ?? {};
    const k = Object.keys(scripts).indexOf(spec.prompt);
    const script = k >= 0 ? (scripts[spec.prompt] as AgentScript) : undefined;
    const child = new Session({
      ...this.opts,
      offered: spec.offered,
      withheld: { ...this.opts.withheld, ...spec.withheld },
      model: spec.model,
      ledger: new Ledger(),
      idPrefix: `toolu_agent_${k}_`,
    });
    // One numbering of agent and task ids for the whole session, subagents included.
    child.counters = this.counters;
    child.root = this.root;
    child.depth = this.depth + 1;
    child.conversation.cwd = spec.cwd ?? this.conversation.cwd;
    child.isolatedIn = spec.isolatedIn;
    child.conversation.fixedCwd = true;
    child.firstNotes.push(...(spec.firstNotes ?? []));
    this.subagents.push({
      prompt: spec.prompt,
      agentType: spec.agentType,
      parentCallId: spec.parentCallId,
      scripted: script !== undefined,
      session: child,
    });
    // Calls of one model call start together: what the parent knew when this one started counts.
    const seen = new Set(this.seenTools);
    const toolNames: string[] = [];
    let text = 'ok';
    for (let t = 0; script && !signal?.aborted; t++) {
      const items = script[t];
      const calls = Array.isArray(items) ? items.filter(isToolCall) : [];
      if (calls.length === 0) {
        if (typeof items === 'string') text = items;
        break;
      }
      const uses = calls.map((c, i) => ({
        id: `${child.opts.idPrefix ?? ''}${t}_${i}`,
        name: c.name,
        input: this.opts.substitute ? this.opts.substitute(c.input) : c.input,
      }));
      toolNames.push(...uses.map((u) => u.name));
      await child.runModelCall(uses, signal);
    }
    const newTools = [...child.treeTools].filter((t) => !seen.has(t)).sort();
    for (const t of newTools) this.seenTools.add(t);
    for (const t of child.treeTools) this.treeTools.add(t);
    return { text, toolNames, scripted: script !== undefined, newTools };
  }

  /** Schema, the tool's own checks, then permissions. Returns the prepared call, or its record
   * when the call ends before running. */
  private async prepare(use: ToolUse, ctx: ToolContext): Promise<Prepared | CallRecord> {
    const base = { id: use.id, name: use.name, input: use.input };
    const tool = this.byName.get(use.name);
    if (!tool || !this.opts.offered.has(use.name)) {
      const { withheld } = this.opts;
      // Own keys only: a tool named `constructor` is unknown, not Object.prototype's.
      const text = Object.hasOwn(withheld, use.name) ? (withheld[use.name] as string) : noSuchTool(use.name);
      return {
        ...base,
        stage: 'unknown-tool',
        rendered: { content: text, is_error: true, structured: unwrapToolUseError(text) },
        explain: `${use.name} is not offered to the model in this session.`,
      };
    }
    const parsed = inputSchemaFor(
      tool.name,
      tool.schemaFor?.(this.opts.profile) ?? tool.schema,
      this.opts.profile,
    ).safeParse(use.input);
    if (!parsed.success) {
      const { profile } = this.opts;
      const text = formatValidationError(
        tool.name,
        parsed.error,
        profile.zodOptionMessage,
        profile.namesReceivedType === true,
        use.input,
      );
      const loaded = this.conversation.state.get(LOADED_TOOLS_KEY) as ReadonlySet<string> | undefined;
      const def =
        this.opts.deferred?.has(tool.name) && loaded?.has(tool.name) !== true
          ? profile.toolDefinitions.find((d) => d.name === tool.name)
          : undefined;
      const note = def ? deferredNote(tool.name, def.input_schema) : '';
      return {
        ...base,
        stage: 'input',
        rendered: {
          content: `<tool_use_error>${text.content}${note}</tool_use_error>`,
          is_error: true,
          structured: text.structured,
        },
        explain: `The input does not match ${tool.name}'s schema, so Claude Code refuses it before running anything.`,
      };
    }
    const input = parsed.data;
    // A subagent isolated in a worktree may not write to the shared checkout (agent-isolation-*).
    // The main session in an EnterWorktree worktree is held to it the same way.
    const own = this.conversation.state.get(WORKTREE_KEY) as { path: string } | undefined;
    const wt = this.isolatedIn ?? own?.path;
    if (wt !== undefined) {
      const req = tool.permissionRequest(input, ctx);
      const root = this.opts.ws.info.cwd;
      const inside = (p: string, d: string) => p === d || p.startsWith(`${d}/`);
      if (req.kind === 'write' && req.paths.some((p) => inside(p, root) && !inside(p, wt))) {
        const who = this.isolatedIn !== undefined ? 'agent' : 'session';
        const text = `This ${who} is isolated in the worktree ${wt}. Edit the worktree copy of this file instead of the shared-checkout path.`;
        return {
          ...base,
          parsed: input,
          stage: 'validate',
          rendered: {
            content: `<tool_use_error>${text}</tool_use_error>`,
            is_error: true,
            structured: `Error: ${text}`,
          },
          explain: 'The subagent works in its own git worktree; the shared checkout is not its to change.',
        };
      }
    }
    const refused = (decision: SessionDecision, prompt?: PromptRecord): CallRecord => ({
      ...base,
      parsed: input,
      stage: 'permission',
      decision,
      ...(prompt ? { prompt } : {}),
      rendered: {
        content: decision.message ?? 'Permission denied.',
        is_error: true,
        structured: decision.structured ?? `Error: ${decision.message ?? 'Permission denied.'}`,
      },
      explain: decision.reason || `The permission engine answered ${decision.behavior}.`,
    });
    // Read, Edit and Write check deny rules first in their input validation.
    const pre = this.opts.permissions.precheck?.(tool.permissionRequest(input, ctx));
    if (pre && pre.behavior !== 'allow') return refused(pre);
    const nulRefusal = this.nulPathRefusal(tool, input);
    if (nulRefusal !== undefined) {
      return {
        ...base,
        parsed: input,
        stage: 'validate',
        rendered: {
          content: `<tool_use_error>${nulRefusal}</tool_use_error>`,
          is_error: true,
          structured: `Error: ${nulRefusal}`,
        },
        explain:
          'The path holds a NUL byte, which no file can have; Claude Code refuses it before anything else.',
      };
    }
    if (tool.validate) {
      const early = await tool.validate(input, ctx);
      if (early !== undefined) {
        return {
          ...base,
          parsed: input,
          stage: 'validate',
          outcome: early,
          rendered: tool.render(early, ctx),
          explain: tool.explain(early),
          consulted: tool.consulted?.(early),
        };
      }
    }
    const hooked = this.opts.hooks
      ? await beforePermission(this.opts.hooks, this.hookedCall(tool, use, input, ctx))
      : undefined;
    if (hooked?.record)
      return withPreHooks({ ...base, ...hooked.record }, { ...hooked, texts: hooked.texts }, this.placement);
    const updated = hooked?.input;
    // A call refused after a hook rewrote its input is listed with the new input.
    const refusedAs =
      updated === undefined
        ? refused
        : (d: SessionDecision, pr?: PromptRecord) => ({ ...refused(d, pr), parsed: updated });
    const r = await this.permit(use, ctx, tool, updated ?? input, base, refusedAs, hooked);
    return hooked ? withPreHooks(r, hooked, this.placement) : r;
  }

  private get placement(): 'attachment' | 'inline' {
    return this.opts.profile.noticePlacement(this.opts.model);
  }

  private hookedCall(tool: AnyTool, use: ToolUse, input: unknown, ctx: ToolContext) {
    const parse = (v: unknown) =>
      parseHookInput(
        tool.name,
        inputSchemaFor(tool.name, tool.schema, this.opts.profile),
        v,
        this.opts.profile.hooks.updatedInputTrailer,
      );
    return {
      tool,
      use,
      input,
      ctx,
      mode: this.opts.permissions.mode,
      placement: this.placement,
      parse,
      allowOverridesPlan: this.opts.profile.hooks.allowOverridesPlan,
    };
  }

  /** The tool's own permission check and the permission engine (with a PreToolUse hook's
   * allow or ask, and PermissionRequest hooks when the call would prompt). */
  private async permit(
    use: ToolUse,
    ctx: ToolContext,
    tool: AnyTool,
    input: unknown,
    base: { id: string; name: string; input: unknown },
    refused: (decision: SessionDecision, prompt?: PromptRecord) => CallRecord,
    hooked: Awaited<ReturnType<typeof beforePermission>> | undefined,
  ): Promise<Prepared | CallRecord> {
    if (tool.checkPermissions) {
      const own = await tool.checkPermissions(input, ctx);
      if (own !== undefined) {
        const explain = tool.explain(own);
        // -p mode lists a refusal of the tool's own permission check as a permission denial.
        const decision: SessionDecision = { behavior: 'deny', reason: explain, permissionDenial: true };
        return {
          ...base,
          parsed: input,
          stage: 'permission',
          decision,
          outcome: own,
          rendered: tool.render(own, ctx),
          explain,
          consulted: tool.consulted?.(own),
        };
      }
    }
    const req = tool.permissionRequest(input, ctx);
    let decision = await this.opts.permissions.decide(req);
    if (hooked?.decide) decision = hooked.decide(decision);
    // Plan mode's refusal of a file edit is a prompt that nobody answers in -p: PermissionRequest
    // hooks are asked first and may allow or deny it (hook-permreq-plan). A protected path goes
    // to the classifier instead, with no hook.
    const planPrompt =
      decision.behavior === 'deny' &&
      decision.rule?.source === 'mode' &&
      decision.rule.text === 'plan' &&
      req.kind === 'write' &&
      !decision.classified;
    const bypassUnhooked =
      ctx.profile.hooks.noPermissionRequestInBypass === true && this.opts.permissions.mode === 'bypassPermissions';
    if ((decision.behavior === 'ask' || planPrompt) && this.opts.hooks && !hooked?.hookAsked && !bypassUnhooked) {
      const answered = await onPermissionAsk(
        this.opts.hooks,
        this.hookedCall(tool, use, input, ctx),
        req,
        decision,
        this.opts.permissions,
      );
      if (answered) {
        if ('record' in answered) return { ...base, ...answered.record, hooks: answered.steps };
        return { tool, input: answered.input, decision: answered.decision, hooks: answered.steps };
      }
    }
    if (decision.behavior === 'ask' && this.opts.onAsk) {
      const prompt = await this.ask(use, input, req, decision, () => tool.preview?.(input, ctx));
      if (prompt?.decision.behavior === 'allow')
        return { tool, input, decision: prompt.decision, prompt: prompt.record };
      if (prompt) return refused(prompt.decision, prompt.record);
    }
    if (decision.behavior !== 'allow') return refused(decision);
    return { tool, input, decision };
  }

  /** Puts an asked call to whoever answers prompts; undefined when nobody does. */
  private async ask(
    use: ToolUse,
    input: unknown,
    req: PermissionRequest,
    asked: SessionDecision,
    preview: () => Promise<FilePreview | undefined> | undefined,
  ): Promise<{ decision: SessionDecision; record: PromptRecord } | undefined> {
    const { permissions, onAsk } = this.opts;
    if (!onAsk) return undefined;
    const suggestions = permissions.suggest?.(req, asked, this.byName.get(use.name)?.suggestRules) ?? [];
    const change = await preview();
    const reply = await onAsk({
      callId: use.id,
      tool: use.name,
      input,
      decision: asked,
      suggestions,
      ...(change ? { preview: change } : {}),
    });
    if (!reply) return undefined;
    const who = reply.by === 'user' ? 'the user' : "the scenario's answer";
    const added: string[] = [];
    if (reply.answer === 'deny') {
      const decision: SessionDecision = {
        behavior: 'deny',
        reason: `Rejected at the prompt by ${who}.`,
        message: USER_REJECTED,
        structured: USER_REJECTED_STRUCTURED,
        permissionDenial: true,
      };
      return { decision, record: { ...reply, asked, added } };
    }
    if (reply.answer === 'allow-always') {
      for (const u of suggestions) {
        permissions.apply?.(u);
        added.push(...u.rules.map(ruleString));
      }
    }
    const decision: SessionDecision = {
      behavior: 'allow',
      reason:
        reply.answer === 'allow-once'
          ? `Allowed once at the prompt by ${who}.`
          : `Always allowed at the prompt by ${who}${added.length ? `: added ${added.join(', ')} to local settings` : ''}.`,
    };
    if (added[0] !== undefined) decision.rule = { text: added[0], source: 'local' };
    return { decision, record: { ...reply, asked, added } };
  }

  private async execute(use: ToolUse, ctx: ToolContext, p: Prepared): Promise<CallRecord> {
    if (p.endsSession)
      return {
        ...stoppedRecord(use),
        hooks: p.hooks ?? [],
        endsSession: true,
        explain: 'A PreToolUse hook answered continue: false, so the session ended before the call ran.',
      };
    const rec = await this.callTool(use, ctx, p);
    const done = this.opts.hooks
      ? await afterCall(this.opts.hooks, this.hookedCall(p.tool, use, p.input, ctx), rec, p.hookTexts)
      : rec;
    return p.endsSession ? { ...done, endsSession: true } : done;
  }

  private async callTool(use: ToolUse, ctx: ToolContext, p: Prepared): Promise<CallRecord> {
    const base = {
      id: use.id,
      name: use.name,
      input: use.input,
      parsed: p.input,
      decision: p.decision,
      ...(p.prompt ? { prompt: p.prompt } : {}),
      ...(p.hooks ? { hooks: p.hooks } : {}),
    };
    try {
      const outcome: unknown = await p.tool.call(p.input, ctx);
      return {
        ...base,
        stage: 'call',
        outcome,
        rendered: p.tool.render(outcome, ctx),
        explain: p.tool.explain(outcome),
        consulted: p.tool.consulted?.(outcome),
      };
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      return {
        ...base,
        stage: 'crash',
        rendered: {
          content: `<tool_use_error>Error calling tool (${use.name}): ${msg}</tool_use_error>`,
          is_error: true,
        },
        explain: `The tool threw (${msg}); Claude Code reports a thrown error this way.`,
      };
    }
  }

  /** Write's, Edit's and NotebookEdit's refusal of a path with a NUL byte, in the versions whose
   * Read refuses one too (2.1.332, recorded in issue 13's probes; Read words its own). */
  private nulPathRefusal(tool: AnyTool, input: unknown): string | undefined {
    const file = tool.file;
    if (file === undefined || file.ownNulRefusal || this.opts.profile.text.nulPathRefusal === undefined) return undefined;
    if (!nulPath(tool, input)) return undefined;
    return `${tool.name} ${file.key} cannot contain null bytes (\\0). Remove the null byte and try again.`;
  }

  /** The result text when this model call ends the session (or an earlier one did). Sibling
   * calls' effects before the crash were not recorded: none of them runs here. */
  private endsSession(uses: readonly ToolUse[]): string | undefined {
    const text = this.opts.profile.nulPathEndsSession;
    if (text === undefined) return undefined;
    if (this.history.some((r) => r.sessionEnded !== undefined)) return text;
    return uses.some((u) => this.opts.offered.has(u.name) && nulPath(this.byName.get(u.name), u.input))
      ? text
      : undefined;
  }

  /** One assistant message: its tool_use blocks, run as Claude Code runs them. */
  async runModelCall(uses: readonly ToolUse[], signal?: AbortSignal): Promise<ModelCallRecord> {
    const ends = this.endsSession(uses);
    if (ends !== undefined) return this.endedModelCall(uses, ends);
    await Promise.all([...new Set(uses.map((u) => this.byName.get(u.name)))].map((t) => t?.load?.()));
    const filesBefore = await this.snapshot();
    const { records, lastBatch } = await this.runBatches(uses, signal);
    if (this.opts.profile.noticePlacement(this.opts.model) === 'inline')
      foldLast(records, lastBatch, this.opts.profile, (n) => this.byName.get(n));
    this.showSubagents(records);
    for (const r of records) {
      if (r.stage === 'unknown-tool' || r.stage === 'stopped') continue;
      this.seenTools.add(r.name);
      this.treeTools.add(r.name);
    }
    const attachments = await this.attachmentsAfter(records);
    const rec: ModelCallRecord = {
      index: this.history.length,
      calls: records,
      attachments,
      ledger: this.opts.ledger.snapshot(),
    };
    if (filesBefore) {
      rec.filesBefore = filesBefore;
      rec.files = await this.snapshot();
    }
    this.history.push(rec);
    return rec;
  }

  /** The model call of a session that ended: every call gets the ending's record. */
  private endedModelCall(uses: readonly ToolUse[], ends: string): ModelCallRecord {
    const rec: ModelCallRecord = {
      index: this.history.length,
      calls: uses.map((u) => endedRecord(u, ends, this.opts.profile.version)),
      attachments: [],
      ledger: this.opts.ledger.snapshot(),
      sessionEnded: ends,
    };
    this.history.push(rec);
    return rec;
  }

  /** The calls of one model call, in runs: a run of consecutive concurrency-safe calls starts
   * together; each other call runs alone. Returns their records and the last run's indexes. */
  private async runBatches(
    uses: readonly ToolUse[],
    signal?: AbortSignal,
  ): Promise<{ records: CallRecord[]; lastBatch: number[] }> {
    const records: CallRecord[] = new Array<CallRecord>(uses.length);
    let i = 0;
    let lastBatch: number[] = [];
    let batchNo = 0;
    while (i < uses.length) {
      if (signal?.aborted) {
        // Stopped: the calls not started yet never run (a Write after Stop must not write).
        for (; i < uses.length; i++) records[i] = stoppedRecord(uses[i] as ToolUse);
        break;
      }
      const batch: number[] = [];
      const safe = (k: number) => this.concurrencySafe(uses[k] as ToolUse);
      if (safe(i)) while (i < uses.length && safe(i)) batch.push(i++);
      else batch.push(i++);
      lastBatch = batch;
      // Every call of a batch is checked before any of them runs, as in Claude Code, where
      // parallel calls validate against the same ledger state.
      const prepared = [];
      for (const k of batch) {
        const use = uses[k] as ToolUse;
        const ctx = this.context(use, uses, signal);
        prepared.push({ k, use, ctx, p: await this.prepare(use, ctx) });
      }
      const no = batchNo++;
      await Promise.all(
        prepared.map(async ({ k, use, ctx, p }) => {
          // Stopped while the batch was checked (at a prompt): what passed does not run either.
          if (!('tool' in p)) records[k] = { ...p, batch: no };
          else
            records[k] = {
              ...(signal?.aborted ? stoppedRecord(use) : await this.execute(use, ctx, p)),
              batch: no,
            };
        }),
      );
    }
    return { records, lastBatch };
  }

  /** Whether a call may start with its neighbours: an unknown or unparsable call ends at once,
   * so it counts as safe. */
  private concurrencySafe(u: ToolUse): boolean {
    const t = this.byName.get(u.name);
    if (!t || !this.opts.offered.has(u.name)) return true;
    const parsed = inputSchemaFor(
      t.name,
      t.schemaFor?.(this.opts.profile) ?? t.schema,
      this.opts.profile,
    ).safeParse(u.input);
    return parsed.success && t.isConcurrencySafe(parsed.data);
  }

  /** Puts the subagents each call started on its record (the UI shows them under it). */
  private showSubagents(records: CallRecord[]): void {
    for (const [k, r] of records.entries()) {
      const subs = this.subagents.filter((x) => x.parentCallId === r.id);
      if (subs.length)
        records[k] = {
          ...r,
          subagents: subs.map((x) => ({
            prompt: x.prompt,
            agentType: x.agentType,
            history: x.session.history,
          })),
        };
    }
  }

  /** What the model gets after the results of one model call: pending notes, task notices, the
   * calls' own attachments, hook texts, changed-file notes, the quiet nudge, the tools' notes,
   * wrapped and ended as the model and version want them. */
  private async attachmentsAfter(records: CallRecord[]): Promise<Attachment[]> {
    const attachments: Attachment[] = [];
    const later: Attachment[] = [];
    for (const a of this.conversation.pending.splice(0)) (a.deferred ? later : attachments).push(a);
    this.conversation.pending.push(...later);
    // Tasks that ended by now report with this call's results, in one system message.
    addSystemText(
      attachments,
      this.conversation.tasks.takeNotices().map((n) => n.text),
    );
    for (const r of records)
      for (const a of r.rendered.attachments ?? [])
        // Parallel calls that each moved the shell the same way give one environment update
        // (bash-perm-cd-git-redirect: five `cd sub` calls of one message, one update).
        if (!(
          a.role === 'system' &&
          a.text.startsWith('# Environment update') &&
          attachments.some((b) => b.role === 'system' && b.text === a.text)
        ))
          attachments.push(a);
    joinAttachments(attachments);
    const { hooks: hb } = this.opts.profile;
    const noted = records.filter((r) => r.hookNotes?.length);
    const hookNote = joinHookTexts(
      (hb.notesReversed ? noted.reverse() : noted).flatMap((r) => r.hookNotes ?? []),
      hb.textsTrimmed,
    );
    if (hookNote) attachments.push(hookNote);
    const notes = [
      ...this.firstNotes.splice(0),
      ...(await changedFileNotes(this.opts.ledger, this.opts.ws.fs, this.opts.profile.text.changedFileNote)),
    ];
    if (this.opts.profile.noticePlacement(this.opts.model) === 'attachment')
      addSystemText(attachments, notes);
    // On the call that finishes last (dt-models-26120801-1032 and -1407: of `cat` and `sed -i`,
    // the later one, either way round).
    else
      inlineNotes(
        records,
        notes,
        lastToFinish(records, records.map((_, k) => k), this.opts.profile, (n) => this.byName.get(n)),
      );
    this.addQuietNudge(attachments);
    // Tools with something to say after every model call (LSP's diagnostics, its announcement).
    for (const t of this.byName.values()) {
      if (!t.afterModelCall || !this.opts.offered.has(t.name)) continue;
      const after = await t.afterModelCall({
        ws: this.opts.ws,
        profile: this.opts.profile,
        conversation: this.conversation,
        calls: this.history.length + 1,
      });
      attachments.unshift(...after.attachments);
      addSystemText(attachments, after.notes);
    }
    const model = baseModel(this.opts.model);
    // Recorded for the environment update, the PARTIAL-view notice and the agent listing; task
    // notifications and hook texts are wrapped as well (not recorded with such a model).
    if (this.opts.profile.wrappedNoticeModels.includes(model))
      for (const [k, a] of attachments.entries())
        if (a.role === 'system')
          attachments[k] = { ...a, text: `<system-reminder>\n${a.text}\n</system-reminder>` };
    const trailing = this.opts.profile.trailingNote;
    if (trailing?.models.includes(model)) {
      // Every request ends with it, but only the newest request carries it: the copy of the
      // model call before this one leaves the conversation.
      const prev = this.history[this.history.length - 1];
      if (prev)
        prev.attachments = prev.attachments.filter((a) => a.role !== 'system' || a.text !== trailing.text);
      attachments.push({ role: 'system', type: 'text', text: trailing.text });
    }
    return attachments;
  }

  /** The version's nudge after so many quiet model calls, a few times at most (a replayed model
   * never writes text, so every model call counts as a quiet one); subagents get none. */
  private addQuietNudge(attachments: Attachment[]): void {
    const nudge = this.opts.idPrefix === undefined ? this.opts.profile.quietNudge : undefined;
    if (
      nudge &&
      !nudge.exceptModels?.includes(this.opts.model) &&
      (this.history.length + 1) % nudge.afterCalls === 0 &&
      (this.history.length + 1) / nudge.afterCalls <= nudge.maxTimes
    ) {
      // After a system text of the same call (a hook message: hook-post-read; a worktree's
      // environment update: worktree-path-enter) it is part of that text.
      const last = attachments[attachments.length - 1];
      if (last !== undefined && last.role === 'system' && last.type === 'text' && last.deferred !== true)
        last.text = `${last.text}\n\n${nudge.text}`;
      else attachments.push({ role: 'system', type: 'text', text: nudge.text });
    }
  }

  /** The files now, for history: a journal checkpoint where the backend reports its changes
   * (memory grows with what changed), else a copy of the tree. */
  private async snapshot(): Promise<FileSnapshot | undefined> {
    if (!this.opts.snapshots) return undefined;
    const { ws } = this.opts;
    if (ws.changes) {
      const j = journalFor(ws.changes, ws.info.root);
      return j.treeAt(j.checkpoint());
    }
    return snapshotFiles(ws.fs, ws.info.root);
  }

  /** Waits for background work; returns notifications that arrived after the last call. With
   * a signal, stops waiting when it fires: what arrived so far is returned, and what is still
   * running (stopped by the same signal, which its tool was given) reports to a later call. */
  async settle(signal?: AbortSignal): Promise<Attachment[]> {
    const stopped = signal ? aborted(signal) : undefined;
    while (this.conversation.background.length > 0 && !signal?.aborted) {
      const running = this.conversation.background.splice(0);
      const all = Promise.allSettled(running);
      await (stopped ? Promise.race([all, stopped.promise]) : all);
      // Whatever did not end yet is still background work of the conversation.
      if (signal?.aborted) this.conversation.background.unshift(...running);
    }
    stopped?.dispose();
    // After the last turn a notification is a user message of its own, in a reminder.
    const late = this.conversation.tasks
      .takeNotices(true)
      .flatMap((n): Attachment[] => n.asFinal ?? [{ role: 'user', type: 'text', text: asReminder(n.text) }]);
    return [...this.conversation.pending.splice(0).map(({ deferred: _d, ...a }) => a), ...late];
  }

  /** The tool module of a name (the replay's denial names). */
  tool(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }
}

/** Notices after the calls, for models that take them as a system message: one text block
 * with the call's own notice (cd's environment update) and each note, joined by a blank line
 * (ledger probes; with a PARTIAL-view notice or the quiet nudge in the same turn: not recorded). */
function addSystemText(attachments: Attachment[], notes: readonly string[]): void {
  if (notes.length === 0) return;
  const text = notes.join('\n\n');
  const last = attachments[attachments.length - 1];
  if (last !== undefined && last.role === 'system' && last.type === 'text')
    attachments[attachments.length - 1] = { ...last, text: `${last.text}\n\n${text}` };
  else attachments.push({ role: 'system', type: 'text', text });
}

/** Which of the calls `among` finishes last, by the profile's estimate (read-strict-finish):
 * ties go to the later call. */
function lastToFinish(
  records: readonly CallRecord[],
  among: readonly number[],
  profile: Profile,
  toolOf: (name: string) => AnyTool | undefined,
): number | undefined {
  const rank = (r: CallRecord): number => {
    const finishKey = toolOf(r.name)?.finishKey;
    const key = r.stage !== 'call' ? null : finishKey ? finishKey(r.outcome, r.rendered) : r.name;
    return key === null ? (profile.finishRank.refused ?? 0) : (profile.finishRank[key] ?? 1);
  };
  let target: number | undefined;
  for (const k of among) {
    const r = records[k];
    if (r === undefined || r.stage === 'stopped') continue;
    if (target === undefined || rank(r) >= rank(records[target] as CallRecord)) target = k;
  }
  return target;
}

/** Models that take notices inline get the message's system texts (the token-budget reminder
 * on every message, which the oracle strips) folded into the tool_result that finishes last.
 * What survives the stripping: a string result loses its trailing whitespace where the profile says
 * so (foldedResultTrimmed; "…\n2\t" arrives
 * as "…\n2"); a block list gets a newline after its last text block and an empty text block
 * at its end (nb-changed-since-read, read-token-cap-chars-strict). Which call finishes last is
 * the profile's estimate (read-strict-finish). */
function foldLast(
  records: CallRecord[],
  batch: readonly number[],
  profile: Profile,
  toolOf: (name: string) => AnyTool | undefined,
): void {
  const target = lastToFinish(records, batch, profile, toolOf);
  const r = target === undefined ? undefined : records[target];
  // Other tools render what the fold leaves themselves (an Agent hand-back ends with its empty block).
  if (target === undefined || r === undefined || toolOf(r.name)?.keepsFoldTrace !== true) return;
  const { content } = r.rendered;
  if (typeof content === 'string') {
    if (profile.foldedResultTrimmed) records[target] = { ...r, rendered: { ...r.rendered, content: content.trimEnd() } };
    return;
  }
  const blocks = content.map((b) => ({ ...b }));
  const last = blocks[blocks.length - 1];
  if (last && last.type === 'text') last.text += '\n';
  blocks.push({ type: 'text', text: '' });
  records[target] = { ...r, rendered: { ...r.rendered, content: blocks } };
}

/** Notices for models that take them inside the tool result: appended to the one at `at` (the
 * changed-file note: ledger probes with claude-opus-4-6, dt-models-* with claude-haiku-4-5). */
function inlineNotes(records: CallRecord[], notes: readonly string[], at: number | undefined): void {
  const target = at === undefined ? undefined : records[at];
  if (at === undefined || target === undefined || notes.length === 0 || typeof target.rendered.content !== 'string')
    return;
  const content = notes.reduce(
    (c, n) => `${c}\n\n<system-reminder>\n${n}\n</system-reminder>`,
    target.rendered.content,
  );
  records[at] = { ...target, rendered: { ...target.rendered, content } };
}

/** What 2.1.332 adds to a schema error of a tool it sent behind ToolSearch
 * (agents-default-tools). */
/** Messages marked `joined` that follow one another: each but the last ends with a newline. */
function joinAttachments(list: Attachment[]): void {
  for (let i = 0; i < list.length; i++) {
    const a = list[i] as Attachment;
    if (!a.joined) continue;
    const { joined: _j, ...plain } = a;
    list[i] = list[i + 1]?.joined ? { ...plain, text: `${plain.text}\n` } : plain;
  }
}

function deferredNote(name: string, schema: Record<string, unknown>): string {
  return `\n\nThis tool's schema was not sent to the API — it was not in the discovered-tool set derived from message history. Without the schema in your prompt, typed parameters (arrays, numbers, booleans) get emitted as strings and the client-side parser rejects them. Load the tool first: call ToolSearch with query "select:${name}", then retry this call. For reference, this tool's input schema is: ${JSON.stringify(schema)}`;
}

/** The call's file path holds a NUL byte. */
function nulPath(tool: AnyTool | undefined, input: unknown): boolean {
  const key = tool?.file?.key;
  if (key === undefined || typeof input !== 'object' || input === null) return false;
  const v = (input as Record<string, unknown>)[key];
  return typeof v === 'string' && v.includes('\0');
}

function endedRecord(use: ToolUse, text: string, version: string): CallRecord {
  return {
    id: use.id,
    name: use.name,
    input: use.input,
    stage: 'session-ended',
    rendered: { content: '', is_error: true },
    explain: `The binary crashes here: Claude Code ${version} exits (code 1, "${text}") when a file tool's path holds a NUL byte, so no result of this model call reaches the model and the session is over.`,
  };
}

function stoppedRecord(use: ToolUse): CallRecord {
  return {
    id: use.id,
    name: use.name,
    input: use.input,
    stage: 'stopped',
    rendered: { content: INTERRUPTED_BEFORE_START, is_error: true },
    explain: 'You stopped the model call before this call started, so it did not run.',
  };
}

/** A promise that resolves when the signal fires; dispose drops the listener. */
function aborted(signal: AbortSignal): { promise: Promise<void>; dispose: () => void } {
  let onAbort = () => {};
  const promise = new Promise<void>((resolve) => {
    onAbort = () => resolve();
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}
