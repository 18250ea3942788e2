// The contract of a tool module (DESIGN §3.2). A tool declares what it is; shared code never
// branches on a tool's name.
import type { z } from 'zod';
import type { Ledger, LedgerEntry } from '../ledger/ledger';
import type { Profile } from '../profiles/types';
import type { Scenario } from '../scenario/schema';
import type { Workspace } from '../workspace/types';
import type { TaskRegistry } from './background/registry';

export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
  | { type: 'document'; source: { type: 'base64'; media_type: string; data: string } }
  /** ToolSearch: a loaded tool, by name. */
  | { type: 'tool_reference'; tool_name: string };

/** A message Claude Code attaches after the tool results (PARTIAL-view notice, environment
 * update, background-task notification). */
export interface Attachment {
  role: 'system' | 'user';
  type: 'text';
  text: string;
  /** Delivered after the conversation's last model call, not with tool results (a background
   * agent's completion notification); the engine drops the flag when it delivers it. */
  deferred?: true;
  /** Late attachments of one group (one background agent's) arrive together, each group in a
   * message of its own (agent-invalid-enums: two agents, two messages). */
  group?: string;
  /** Claude Code joins consecutive messages of this kind (skill texts of one turn) with a
   * newline: each one followed by another gains a trailing "\n" (skill-two-in-one-turn). */
  joined?: true;
}

/** What a subagent is given: its prompt (the key of its script) and the tools it is offered. */
export interface SubagentSpec {
  prompt: string;
  /** The agent type, for people (the UI, explain). */
  agentType: string;
  offered: ReadonlySet<string>;
  /** Names of tools to call "disabled" rather than unknown when the subagent calls them. */
  withheld?: Readonly<Record<string, string>>;
  /** The Agent call that started it. */
  parentCallId: string;
  /** The model it runs on (where notices go depends on it). */
  model: string;
  /** Where its shell starts (default: where the parent's is). */
  cwd?: string;
  /** A worktree it is isolated in: writes to the shared checkout outside it are refused. */
  isolatedIn?: string;
  /** Notes delivered with its first tool results (the agent-types listing), placed as the
   * model takes notices (a system message, or inside the first tool result). */
  firstNotes?: string[];
}

/** What a finished subagent hands back. */
export interface SubagentRun {
  /** Its final text (the scripted text; the oracle answers `ok` without one). */
  text: string;
  /** Its tool calls, in order (names). */
  toolNames: string[];
  /** Whether a script ran it (false: the oracle would answer it as a side request). */
  scripted: boolean;
  /** Tools it and its own subagents used that the parent conversation had not used or been
   * told of yet (2.1.332's tools-used note), sorted. */
  newTools: string[];
}

/** Runs subagents as conversations of their own (the session engine). */
export interface SubagentHost {
  run(spec: SubagentSpec, signal?: AbortSignal): Promise<SubagentRun>;
  /** How many subagents deep the calling conversation is (0: the main one). */
  depth(): number;
  /** Background work of the whole session (a background agent started by a subagent reports
   * to the main conversation). */
  background(work: Promise<unknown>, attachments: () => Attachment[]): void;
}

/** What the model receives for one call, plus what the SDK and the UI read. */
export interface Rendered {
  content: string | ContentBlock[];
  is_error: boolean;
  /** The stream-json `tool_use_result` object (the oracle's `structured`). */
  structured?: unknown;
  /** Messages placed after this turn's tool results. */
  attachments?: Attachment[];
}

// The request a tool declares for the permission engine is the engine's own type.
export type { PermissionKind, PermissionRequest } from '../permissions/types';
import type { PermissionRequest } from '../permissions/types';
import type { ReadBatch } from '../permissions/filter';
import type { SandboxPolicy } from '../permissions/sandbox';

/** Conversation state shared by the calls of one session. */
export interface Conversation {
  /** Bash's working directory, carried between calls. */
  cwd: string;
  /** A subagent's conversation: every Bash command starts in `cwd`, a cd is not carried over. */
  fixedCwd?: boolean;
  /** Process environment of the emulated Claude Code (base env + scenario env). */
  env: Record<string, string>;
  /** Attachments to deliver with the next model request (background-task notifications). */
  pending: Attachment[];
  /** Work that outlives its call (background Bash); the session awaits it before finishing. */
  background: Promise<unknown>[];
  /** The background tasks (Bash, monitors, workflows): TaskOutput, TaskStop and the page's
   * Tasks panel read them; their notifications wait here for the next model request. */
  tasks: TaskRegistry;
  /** Deterministic ids for this session (cell ids, task ids). */
  nextId(kind: string): string;
  /** Tool-private state that lives as long as the conversation (keyed by tool name). */
  state: Map<string, unknown>;
}

/** Conversation.state key of the session's --tools list (string[]; null: no flag, the binary's
 * default set), for tools whose text names another tool only where it is offered. */
export const TOOLS_FLAG_KEY = 'toolsFlag';

/** Conversation.state key of the session's worktree (tools/worktree): while it is set, the
 * session works there and may not write to the main checkout. */
export const WORKTREE_KEY = 'worktree';

/** Conversation.state key of the deferred tools ToolSearch loaded (Set<string>): their schema is
 * sent from then on, so a schema error no longer carries the load hint. */
export const LOADED_TOOLS_KEY = 'toolSearch.loaded';

/** Conversation.state key of the tools this session defers beyond the profile's own
 * (string[]): a plugin's LSP on 2.1.332. */
export const EXTRA_DEFERRED_KEY = 'toolSearch.extraDeferred';

export interface PermissionProbe {
  /** Would a call of this kind on this path run without a prompt? (Edit/Write relaxation.) */
  wouldAllow(req: PermissionRequest): Promise<boolean>;
  /** Glob/Grep: the result paths a one-path read request would not be allowed for, decided
   * as a batch (absent: deniedPaths asks wouldAllow once per path). */
  readDenied?(batch: ReadBatch): Promise<Set<string>>;
  /** The session's working directories (the project, --add-dir, additionalDirectories); Bash
   * keeps a `cd` into any of them (absent: the project only). */
  workingDirectories?(): string[];
  /** The permission mode in force (absent: not known). */
  mode?(): string | undefined;
  /** The sandbox policy a Bash call runs under; null or absent: outside any sandbox. */
  sandbox?(command: string, dangerouslyDisableSandbox: boolean): SandboxPolicy | null;
  /** Whether the sandbox is on in the settings in force (absent: off). */
  sandboxEnabled?(): boolean;
}

export interface ToolContext {
  ws: Workspace;
  ledger: Ledger;
  profile: Profile;
  model: string;
  conversation: Conversation;
  /** The id of this tool_use block (`toolu_oracle_<turn>_<i>` in replays). */
  callId: string;
  /** Names of the tools offered to the model in this session. */
  offered: ReadonlySet<string>;
  permissions: PermissionProbe;
  /** Calls of the same model call (an Edit needs to know a Read came in the same message). */
  siblings: readonly { id: string; name: string; input: unknown }[];
  signal?: AbortSignal;
  /** Runs subagents (the Agent tool); absent where no session can run one. */
  subagents?: SubagentHost;
}

/** A call of the tool as a Claude Code session transcript holds it (the session importer). */
export interface TranscriptCall {
  input: Readonly<Record<string, unknown>>;
  /** The absolute path the input names (file_path, notebook_path), where it names one. */
  path?: string;
  /** Its tool_result, where the transcript has one: the text, and the structured toolUseResult. */
  result?: { text: string; isError: boolean; structured?: Record<string, unknown> };
}

/** What the session importer learns from a call of the tool about the files the session started
 * from. The first thing learnt of a path stands. */
export interface TranscriptLearner {
  /** The path held this content (null: it did not exist) when the session started. */
  learn(abs: string, content: string | null, caveat?: string): void;
  /** The path mattered, and its starting content is unknown (why). */
  unknown(abs: string, reason: string): void;
  /** The call changed the path: later calls say nothing of its starting content. */
  changed(abs: string): void;
  /** The lines of the path seen so far in partial views, by line number (kept across calls). */
  pieces(abs: string): Map<number, string>;
  /** A shell command ran: what is read after it may not be the starting content. */
  shellRan(): void;
  /** A path as the transcript spells it -> absolute (relative to the session's cwd). */
  absOf(path: unknown): string | undefined;
  /** Whether an absolute path lies in the project or HOME. */
  inWorkspace(abs: string): boolean;
}

export interface ToolModule<I = unknown, O = unknown> {
  name: string;
  /** A stand-in for a tool this build does not emulate (tools/stub.ts): the page marks its
   * calls as not emulated. */
  notEmulated?: true;
  /** What the session must have for the tool to be offered: `languageServer`, a plugin's
   * language server (LSP; without one it is disabled, lsp-no-plugin). */
  needs?: 'languageServer';
  /** The call runs a command through the workspace's shell (Bash, Monitor's command, the git of
   * EnterWorktree, PowerShell): on a real-Node backend it is what a shared link must gate. */
  runsShell?: true;
  /** How long the call may run, as its input asks (Bash's timeout): what a composed model
   * call's deadline must leave room for. Absent: the tool is bounded by its own limits. */
  runsForMs?(input: I): number;
  /** What a Claude Code transcript's call of this tool reveals of the files the session started
   * from (the session importer); a tool without it is left out of an imported session. */
  fromTranscript?(call: TranscriptCall, learner: TranscriptLearner): void;
  /** Whether the scenario gives the session what the tool needs (absent: always): without it
   * the tool is disabled (LSP without a plugin that declares a language server). */
  available?(scenario: Scenario): boolean;
  /** zod schema of the input (strict: an unexpected parameter is an error). */
  schema: z.ZodType<I>;
  /** The schema as a version checks it, where a message in it is worded per version. */
  schemaFor?(profile: Profile): z.ZodType<I>;
  /** Loads what the synchronous checks below need (Bash: the shell parser); the session awaits
   * it before a model call that uses the tool. */
  load?(): Promise<void>;
  isReadOnly(input: I): boolean;
  isConcurrencySafe(input: I): boolean;
  /** What the permission engine checks for this call. */
  permissionRequest(input: I, ctx: ToolContext): PermissionRequest;
  /** Checks Claude Code makes before asking for permission (validateInput). An outcome here
   * ends the call; undefined lets it go on. */
  validate?(input: I, ctx: ToolContext): Promise<O | undefined>;
  /** The tool's own refusals in Claude Code's permission check (its checkPermissions), after
   * validate and before rules and the mode decide; no mode lets the call through. An outcome
   * here ends the call as a permission denial; undefined lets it go on. */
  checkPermissions?(input: I, ctx: ToolContext): Promise<O | undefined>;
  call(input: I, ctx: ToolContext): Promise<O>;
  /** Outcome -> exactly what the model receives. */
  render(outcome: O, ctx: ToolContext): Rendered;
  /** Outcome -> one or two sentences for people: why the result is what it is. */
  explain(outcome: O): string;
  /** The oracle compares this call's result lines in any order (its compare.mjs): the order is
   * not the tool's to fix (Grep's content and count modes follow ripgrep's threads). The input is
   * the call's as recorded, not parsed. */
  orderInsensitive?(input: Readonly<Record<string, unknown>>): boolean;
  /** The name -p mode's permission_denials give it, where that is not its own (Agent: Task). */
  denialName?: string;
  /** The one file the call works on, where it names one (its input field), and what Claude
   * Code does with that path around the call. */
  file?: FileDeclaration;
  /** The rules "always allow" suggests for an asked call (absent: the bare tool's name). */
  suggestRules?: RuleSuggester;
  /** The permission_suggestions a PermissionRequest hook is given for this call's prompt, where
   * the tool has its own: null leaves the field out; undefined gives the session's rules. */
  hookSuggestions?(input: I, prompt: HookPrompt): Record<string, unknown>[] | null | undefined;
  /** How the profile's `finishRank` names this call's result, where not by the tool's name (a
   * partial Read); null ranks it as a refusal. */
  finishKey?(outcome: O, rendered: Rendered): string | null;
  /** When the model takes notices inline and this call's result finishes last, the result keeps
   * what the oracle's stripping of them leaves (read-strict-finish); other tools render it. */
  keepsFoldTrace?: true;
  /** What the tool takes from the scenario into a new conversation (the scripted web, the
   * memory stores); tools that share state share the function, and it runs once. */
  setup?: ToolSetup;
  /** The tool is offered only when the scenario turns it on (PowerShell); off, it is unknown. */
  offeredWhen?(scenario: Scenario): boolean;
  /** In the releases whose profile sets permissions.readDenialsLag, -p mode lists this tool's
   * refusal one step later than the next call of its run (Read). */
  readDenialsLag?: true;
  /** The ledger entry this outcome consulted, for the UI. */
  consulted?(outcome: O): LedgerEntry | undefined;
  /** The change to a file the call would make, for a permission prompt to show (Claude Code's
   * edit prompt shows its diff); asked after validate, never seen by the model. */
  preview?(input: I, ctx: ToolContext): Promise<FilePreview | undefined>;
  /** What the tool has for the model after every model call of a session that offers it,
   * whatever was called (LSP: the diagnostics of files edited since). `notes` join the call's
   * system text; `attachments` are messages of their own. */
  afterModelCall?(ctx: AfterCallContext): Promise<AfterCall>;
}

export interface FilePreview {
  path: string;
  /** The file's text now ('' for a file the call creates) and after the call. */
  before: string;
  after: string;
}

export interface AfterCallContext {
  ws: Workspace;
  profile: Profile;
  conversation: Conversation;
  /** The model calls of the session so far, this one included. */
  calls: number;
}

export interface AfterCall {
  notes: string[];
  attachments: Attachment[];
}

/** A registry entry with its input type erased, so shared code can hold any tool. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one place inputs are erased
export type AnyTool = ToolModule<any, any>;

/** The path a file tool's input names, and what Claude Code does with it around the call. */
export interface FileDeclaration {
  /** The input field (file_path, notebook_path). */
  key: string;
  /** The tool words its own refusal of a NUL byte in the path (Read); the others get the
   * session's, in the versions that refuse one (profile.text.nulPathRefusal). */
  ownNulRefusal?: true;
  /** -p mode lists the path normalised in permission_denials (perm-rule-syntax and
   * perm-bare-rules probes, both versions: `<project>/../x` is listed as `<root>/x`). */
  denialNormalised?: true;
  /** A PostToolUse hook that changes the file this call wrote is noticed (the formatter
   * check). */
  formatterCheck?: true;
}

/** The rule texts "always allow" adds for an asked request: `parts` are the parts of a compound
 * command that asked. */
export type RuleSuggester = (
  req: PermissionRequest,
  where: { cwd: string; home: string; parts?: readonly string[] },
) => string[];

/** A prompt a PermissionRequest hook is asked about. */
export interface HookPrompt {
  mode: string | undefined;
  /** The project directory. */
  cwd: string;
  /** The asked decision's message. */
  message?: string;
}

/** Sets a conversation up from its scenario (ToolModule.setup). */
export type ToolSetup = (scenario: Scenario, conversation: Conversation, ws: Workspace) => void;
