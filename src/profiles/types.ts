// A behaviour version (DESIGN §3.5): what the binary sends the model and the switches in which
// versions and models differ. Tools read switches from here, never from version strings.
import type { PermissionBehaviour } from '../permissions/types';

export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
  /** Sent but not loaded: the model knows only the name until ToolSearch fetches it. */
  defer_loading?: boolean;
}

/** A built-in agent type (the Agent tool's subagent_type). */
export interface BuiltinAgent {
  name: string;
  description: string;
  /** Its description with models before the opus-5 family, where it differs. */
  olderModelsDescription?: string;
  tools: '*' | readonly string[] | { except: readonly string[] };
  /** Hands back its report alone, without the agentId and usage block. */
  oneShot?: boolean;
}

/** The Agent tool's per-version switches (src/tools/agent). */
export interface AgentProfile {
  builtins: readonly BuiltinAgent[];
  /** How a subagent's call to a tool it lacks is refused: the text after `No such tool available: X. `. */
  missingToolText(name: string): string;
  /** 2.1.332 frames the hand-back ([Subagent hand-back] …); 2.1.273 returns the report as a block. */
  framedHandBack: boolean;
  /** Built-in types it accepts without listing them (2.1.332: fork). */
  hiddenTypes?: readonly string[];
  /** Model aliases of the Agent call's `model` and agent files' `model:`. */
  modelAliases: Readonly<Record<string, string>>;
  /** The subagent models whose agent-types listing gives the older descriptions (Explore's). */
  olderDescriptions(model: string): boolean;
  /** Parent models whose subagents' listing ends without the concurrency note. */
  noConcurrencyNote: readonly string[];
  /** The note a subagent's listing ends with when the parent runs in bypassPermissions mode and
   * the subagent has Bash, by parent model (other models: none). */
  bypassNotes: Readonly<Record<string, string>>;
}

/** How a version words the worktree tools' results. */
export interface WorktreeTexts {
  /** Paths and branch names in results are set in curly quotes (“…”) (2.1.332). */
  curlyQuotes: boolean;
  /** ExitWorktree's result also gives restoredCwd and originalCwdMissing (2.1.332). */
  restoredCwdFields: boolean;
  /** The advice after "cannot be reused": how to get rid of the directory. */
  strayDirAdvice(path: string): string;
  /** The failing call named in a missing `path`'s error (lstat, realpath). */
  pathSyscall: string;
  /** Entering or leaving a worktree sends no "# Environment update" note about the new working
   * directory (worktree-name-64, recorded on 2.1.110, 2.1.196 and 2.1.237). */
  noEnvironmentUpdate?: true;
}

export interface Profile {
  version: string;
  defaultModel: string;
  /** The Agent tool's switches (absent: the version has no recorded Agent behaviour). */
  agents?: AgentProfile;
  /** The tool definitions exactly as the binary sends them (default model). */
  toolDefinitions: readonly ToolDefinition[];
  /** Tools offered when a scenario gives no `tools` list (the binary's own default set). */
  defaultTools: readonly string[];
  /** The request's tool list when no --tools flag is given (`"tools": null`), exactly as the
   * binary sends it (the oracle's tools-all dump); deferred tools are not in it. */
  defaultToolSet: readonly ToolDefinition[];
  /** Newer models may Edit/Write an unread file (read-before-edit relaxed). */
  relaxedReadBeforeEdit(model: string): boolean;
  /** Where notices (PARTIAL view, environment update) go for this model:
   * 'attachment' = a separate role:"system" message; 'inline' = appended to the tool_result
   * inside <system-reminder>. */
  noticePlacement(model: string): 'attachment' | 'inline';
  /** Read's PARTIAL view notice leads the Read's own result inside <system-reminder> tags,
   * whatever the model, and does not name the path (read-size-cap-boundary,
   * read-huge-single-line, recorded on 2.1.110 and 2.1.196). */
  partialNoticeLeadsResult?: true;
  /** A background Bash task's output file ends without the "[exited with code N]" line, so
   * TaskOutput shows the output alone (task-output-block-completes, recorded on 2.1.110 and
   * 2.1.196). */
  taskOutputOmitsExitCode?: true;
  /** For models that take notices inline, the message's system texts fold into the tool_result
   * that finishes last: how late each kind of call of a parallel batch finishes (higher later,
   * ties go to the later call). Keys: tool names, `Read:partial` (a PARTIAL view, which counts
   * tokens), `refused` (failed before it ran); unlisted tools 1. Measured from races, so equal
   * ranks stay races in the binary (read-strict-* scenarios). */
  finishRank: Readonly<Record<string, number>>;
  /** A string result that notices fold into loses its trailing whitespace ("…\n4\t" arrives as
   * "…\n4"); older releases keep it (ledger-bash-sed-i-stale-strict, recorded on 2.1.232 and
   * 2.1.233). */
  foldedResultTrimmed: boolean;
  /** Models whose system notes (a separate message) come inside <system-reminder> tags. */
  wrappedNoticeModels: readonly string[];
  /** A note every model request of a conversation on one of these models ends with, as a
   * message of its own: only the last request's copy stays in the conversation. */
  trailingNote?: { models: readonly string[]; text: string };
  /** 2.1.273 refuses a second identical Read with an unchanged mtime. */
  repeatReadGuard: boolean;
  /** The permission engine's switches for this version. */
  permissions: PermissionBehaviour;
  /** Read decodes a UTF-16LE file (FF FE BOM); older versions show its raw bytes. */
  readDecodesUtf16le: boolean;
  /** NotebookEdit's result names the replaced or deleted cell's type (`old_cell_type`) and its
   * `cell_type` is the type the edit leaves (nb-x-replace-type-change on 2.1.334); older releases
   * report the input's type, or code. */
  notebookReportsOldCellType: boolean;
  /** Read numbers `offset: 0` from line 1, as offset 1 (read-offset-zero, read-offset-edges,
   * read-empty-file-offsets on 2.1.334); older versions number its lines from 0. */
  readOffsetZeroAsOne: boolean;
  /** Read appends a note when a text file holds NUL bytes in its first 8 KB or is not valid
   * UTF-8. */
  readEncodingNotes: boolean;
  /** Edit applies to a file changed since it was read when old_string still matches once (with
   * the stale note); older releases refuse it as modified since read
   * (ledger-bash-sed-i-stale-strict, recorded on 2.1.207 and 2.1.208). */
  editRecoversStale: boolean;
  /** Edit says "(file state is current in your context …)" only when the whole file was in
   * context before the edit (a whole Read, cat, Write), not after an unread edit or a partial
   * view such as a ranged Read or head; older versions always say it. */
  editSuffixNeedsWholeFile: boolean;
  /** Write and Edit name the symlink's target when they refuse to write through a link. */
  symlinkRefusalNamesTarget: boolean;
  /** Write and Edit refuse a symlink path in their permission check, so -p mode lists the call
   * as a permission denial (older versions refuse it when the call runs; the text is the same). */
  writeSymlinkIsPermissionDenial: boolean;
  /** Write keeps an existing file's UTF-8 or UTF-16LE byte-order mark; older versions drop it. */
  writeKeepsBom: boolean;
  /** Write refuses a directory path in its input validation; older versions fail reading it. */
  writeRefusesDirectory: boolean;
  /** The commands whose listed non-zero exit codes are answers, not errors (judged on the last
   * command of the line as written, src/tools/bash/semantics.ts). */
  bashExitSemantics: readonly ExitSemantics[];
  /** Glob without `path` searches a relative pattern from its leading literal directories, as
   * the anchored rest (`src/sub/[a-` searches src/sub for `/[a-`; a prefix that is no directory
   * finds nothing): glob-x-bad-class-with-slash, glob-x-nested-braces, glob-x-literal-prefix. */
  globSearchesFromLiteralPrefix: boolean;
  /** Glob reads a leading `./` as the searched directory itself (`./src/*.ts` is `/src/*.ts`,
   * anchored); before, ripgrep took it literally and it matched nothing (glob-x-literal-prefix). */
  globDotSlashAnchored: boolean;
  /** A background Bash call's structured result names its output file (`backgroundOutputPath`,
   * after the task id) from 2.1.334 (bash-x-dds-echo, bisected: 2.1.333 has none). */
  bashStructuredOutputPath?: true;
  /** The exit code Claude Code reports when the command's own shell ended by a signal
   * (ShellResult.signal): bash's 128+n is not what it says (bash-x-shell-signals). */
  bashShellSignalExit: { readonly bySignal: Readonly<Record<string, number>>; readonly other: number };
  /** The PowerShell tool's definitions and exit-code table. */
  powershell: PowerShellProfile;
  /** The memory tools (memory_list, memory_read, memory_write) as the version sends them. */
  memoryTools: readonly ToolDefinition[];
  /** Bash names the previously read files a recognised in-place edit (`sed -i`) changed. */
  bashReportsInPlaceEdits: boolean;
  /** Bash's `timeout` also bounds a `run_in_background` command (up to this many ms); a command
   * it stops is reported as killed. Undefined: the timeout does not apply in the background. */
  backgroundTimeoutMaxMs?: number;
  /** A replay's model call made the moment the previous one's results are in still sees
   * background work that ended at once as running (TaskRegistry.deferQuickEnds). A race in the
   * binary: most runs of 2.1.332 and 2.1.337 went this way, most of 2.1.273, 2.1.291 and 2.1.292
   * the other. */
  deferQuickEnds: boolean;
  /** After the last turn a `-p` session waits at most this long (ms, from when it starts to wait)
   * for its background commands; one still running then ends with the session and reports
   * nothing (task-end-wait-8s; probed on 2.1.273: a `sleep 5.1` is reported, `sleep 5.2` is not).
   * Undefined: it waits for every one (2.1.332: `sleep 50` is reported). */
  finalWaitMs?: number;
  /** Grep reports ripgrep's refusal of a literal "\n" without multiline (older versions: no
   * matches). */
  grepRejectsLiteralNewline: boolean;
  /** An input validation error keeps zod's "Invalid option: expected one of …" message (older
   * versions print "Invalid input"). */
  zodOptionMessage: boolean;
  /** NotebookEdit keeps the notebook's final newline and, for cells without ids, reports the
   * cell_id it was given (older versions: no newline, "undefined"). */
  notebookKeepsFormat: boolean;
  /** NotebookEdit's replace fits the cell to its (new) type: a code cell gets execution_count
   * null and no outputs, a markdown cell loses both keys (older versions: only a cell that was
   * code is reset, and keeps the keys when it becomes markdown). nb-x-replace-type-change. */
  notebookCellKeysFollowType: boolean;
  /** Read of a notebook skips a UTF-8 BOM before parsing (older versions: JSON.parse meets it,
   * "Unrecognized token"). read-x-notebook-json-errors. */
  notebookReadSkipsBom: boolean;
  /** Hooks from settings: where versions differ (recorded in conformance/scenarios/hook-*). */
  hooks: HookBehaviour;
  /** A system message after this many model calls in a row with tool calls and no text for
   * the user (perm-default-bash-readonly: after the fifth). */
  quietNudge?: {
    afterCalls: number;
    /** It comes this many times at most (calls 5, 10 and 15, never 20: perm-rule-sources-trusted,
     * bash-perm-parse-forms, 31 and 34 model calls on 2.1.332 and 2.1.336). */
    maxTimes: number;
    text: string;
    /** Models that never get it (hook-strict-model-ctx, hook-post-formatter-edit-strict: six
     * quiet model calls with claude-opus-4-6 and no nudge). */
    exceptModels?: readonly string[];
  };
  /** Read scales an image until its 28-pixel patches are at most this many (src/text/image.ts
   * displaySize); older versions have the 2000-pixel side limit only. */
  readImagePatchBudget?: number;
  /** Read of `file.txt/` reads the file (older versions: ENOTDIR). */
  readFileThroughTrailingSlash: boolean;
  /** Where Read takes `allow_large`: a file over this many bytes would not fit even with it, and
   * its size refusal ends with `text.allowLargeTooBig` instead of `text.allowLargeHint`. */
  readAllowLargeBudgetBytes?: number;
  /** Edit refuses a file with NUL bytes in its first 8 KB. */
  writeRefusesUnsafeEncodings: boolean;
  /** When set, a model call holding a Read, Write, Edit or NotebookEdit whose path has a NUL
   * byte ends the session: the process exits with code 1 and this result text, and no result of
   * that model call reaches the model. */
  nulPathEndsSession?: string;
  /** Paths Read refuses as device or process files, before it looks at the filesystem. */
  readRefusedDevices: readonly string[];
  /** A size refusal of a file this large or larger names `shown` bytes instead of its size
   * (2.1.273: 10 MiB and up are reported as 512KB). */
  readHugeFileSize?: { from: number; shown: number };
  /** What the binary makes in ~/.claude at startup, there before the first tool call runs
   * (`ls ~/.claude` lists them). Laid out when a session's home is prepared. */
  claudeHomeDirs: readonly ClaudeHomeDir[];
  /** ListAgents takes a `cursor` and its result object carries `sections` and `notes`. */
  listAgentsPages?: true;
  /** The Skill tool's view of Claude Code's own commands (recorded by calling each name). */
  skills?: {
    /** Names answered "is a UI command, not a skill". */
    uiCommands: readonly string[];
    /** Names answered "is a built-in CLI command, not a skill". */
    cliCommands: readonly string[];
    /** Bundled skills refused for disable-model-invocation. */
    modelDisabled: readonly string[];
    /** Other names an unknown skill name may be corrected to (commands and bundled skills). */
    suggestable: readonly string[];
  };
  /** Tools the binary offers under --tools but not by default: sent behind ToolSearch instead
   * (2.1.332), listed to the model in this order; a schema error of a call to one ends with the
   * deferred-tool note until ToolSearch loaded it. */
  deferredByDefault?: readonly string[];
  /** The LSP tool (a code-intelligence plugin offers it): `deferred`, sent behind ToolSearch and
   * announced after the first model call (2.1.332); `maxFileBytes`, the size past which a file the
   * server has not opened yet is refused before it is read (lsp-x-file-too-large);
   * `namesAtName`, a document symbol and a call hierarchy item are named by their name's line,
   * not by where their range starts (a call item's with its JSDoc, a symbol's with its decorators
   * and modifiers): lsp-x-call-item-line, lsp-operations. */
  lsp?: { deferred: boolean; maxFileBytes?: number; namesAtName?: boolean };
  /** ToolSearch: words a deferred tool matches beyond its name and description (the binary
   * ranks by hints it does not send; inferred from the recorded rankings, tools-search-*). */
  toolSearchHints?: Readonly<Record<string, readonly string[]>>;
  /** CronCreate / CronList: whether results name the next run (2.1.332) and how long a
   * recurring job lives. */
  cron?: { nextRun: boolean; maxAgeDays: number; file?: CronFileRules };
  /** EnterWorktree / ExitWorktree wording (worktree-* scenarios). */
  worktree?: WorktreeTexts;
  /** Tools this version has but keeps disabled, with the text a call gets. */
  disabledTools?: Readonly<Record<string, string>>;
  /** Zod issue texts as newer versions print them: an invalid type names the type received
   * (`provided as \`number\``) and a missing parameter is "The required parameter `x` is
   * missing"; older versions say `unknown` for both. */
  namesReceivedType?: true;
  /** How WebFetch differs by version (web-* scenarios). */
  webFetch: WebFetchBehaviour;
  /** Model-facing sentences that are worded differently by version. */
  text: ProfileText;
}

export interface WebFetchBehaviour {
  /** The message of a `url` that is no URL (zod's own wording differs: "Invalid input" in
   * 2.1.273, "Invalid URL" in 2.1.332). */
  invalidUrlMessage: string;
  /** URLs longer than this are refused by the schema ("URL is longer than 2000 characters",
   * 2.1.332); absent: the call says "Invalid URL" (2.1.273). */
  schemaMaxUrl?: number;
  /** An empty small-model answer: 2.1.273 passes it on (the result reads "(WebFetch completed
   * with no output)"), 2.1.332 refuses with this text. */
  emptyAnswerError?: string;
  /** A page whose text is cut at 100,000 characters gets a note naming the offset to read on
   * from (2.1.332); 2.1.273 says nothing. */
  truncationNote: boolean;
  /** A domain check answered 200 with a body that is not JSON: the check failed ("Unable to
   * verify…", 2.1.336) rather than refused the host ("… unable to fetch from …", before;
   * web-domain-check-bodies). */
  unparsableCheckUnverified?: true;
}

export interface ClaudeHomeDir {
  /** Relative to ~/.claude. */
  name: string;
  /** Permission bits (0o755, 0o700). */
  mode: number;
}

export interface ExitSemantics {
  /** The command's first word exactly as written (`/bin/grep`, `command grep` do not count). */
  command: string;
  /** Exit codes that are not errors. */
  notErrors: readonly number[];
  /** Only these subcommands (git's, found past its options). */
  subcommands?: readonly string[];
  /** What the structured result says the exit code means (`returnCodeInterpretation`). */
  meaning: string;
}

/** The PowerShell tool's exit-code table (src/tools/powershell/semantics.ts). */
export interface PowerShellExitSemantics {
  /** The command's name, lower-cased, without `.exe`. */
  command: string;
  /** Exit codes 1..maxNotError are answers, not errors (robocopy: up to 7). */
  maxNotError: number;
  /** The bare name is a PowerShell alias (`where`, `fc`, `diff`): only `<name>.exe` counts. */
  exeOnly?: true;
  /** Only these subcommands (git's, found past its options). */
  subcommands?: readonly string[];
  /** What the structured result says an answering exit code means (`returnCodeInterpretation`);
   * `oddMeaning`, where given, for the odd codes (robocopy's "files were copied" bit). */
  meaning: string;
  oddMeaning?: string;
}

/** The PowerShell tool (offered with CLAUDE_CODE_USE_POWERSHELL_TOOL; src/tools/powershell). */
export interface PowerShellProfile {
  /** Its definition as sent without pwsh on PATH (the edition is unknown) and with pwsh. */
  definitions: { absent: ToolDefinition; pwsh: ToolDefinition };
  exitSemantics: readonly PowerShellExitSemantics[];
}

export interface HookBehaviour {
  /** In bypassPermissions mode a call an ask rule would prompt for goes to no PermissionRequest
   * hook and is refused (hook-permreq-bypass-ask-rule, recorded on 2.1.110 and 2.1.196). */
  noPermissionRequestInBypass?: true;
  /** The `effort.level` hook inputs carry for the default model (hook-pilot, hook-input-*);
   * other models: `effortLevel` in models.ts. */
  effortLevel: string;
  /** Hooks get CLAUDE_CODE_CHILD_NOTES_DIR (2.1.332, hook-env). */
  childNotesDir: boolean;
  /** Hooks get CLAUDE_CODE_STARTER_READS_FOLDER_SETTINGS (2.1.337, hook-env). */
  starterReadsFolderSettings?: true;
  /** A PreToolUse deny reads `PreToolUse:<Tool> hook error: <reason>` (older: the bare reason,
   * and `Hook PreToolUse:<Tool> denied this tool` without one). */
  denyPrefixed: boolean;
  /** The hook system message's end is trimmed (newer versions keep the stderr's newline). */
  textsTrimmed: boolean;
  /** The hook messages of a model call's calls come last call first (hook-parallel-reads). */
  notesReversed: boolean;
  /** A PreToolUse allow lets a Write through plan mode (hook-plan-allow). */
  allowOverridesPlan: boolean;
  /** updatedInput schema errors name a missing parameter as missing and the type received,
   * and end with this sentence (older: `type is expected as … but provided as \`unknown\``). */
  updatedInputTrailer?: string;
  /** Stop hook feedback comes inside a reminder that starts with this preamble (hook-stop-*). */
  feedbackPreamble?: string;
}

export interface ProfileText {
  /** What follows "Unknown skill: <name>." when the name is a skill's with leading slashes or
   * outer spaces left on (skill-invalid-format, recorded on 2.1.334); absent: "Did you mean". */
  skillStrippedNameHint?: string;
  /** The zod message of memory_write's raw too_big issue (if_version over 64 characters). */
  memoryIfVersionTooLong: string;
  /** A ReportFindings finding takes `severity` (2.1.332; 2.1.273 drops it, report-findings-*). */
  reportFindingsSeverity?: true;
  /** ScheduleWakeup refuses a call without `noop` (2.1.273, wakeup-validation-stop). */
  wakeupNeedsNoop?: true;
  /** How ScheduleWakeup's stop text ends, after "TaskStop it now". */
  wakeupStopTail?: string;
  /** Read's refusal of a binary extension, after "The file appears to be a binary .x file." */
  binaryFileAdvice: string;
  /** Read's refusal of a file_path with a NUL byte (2.1.273 ends the session instead, see
   * `nulPathEndsSession`). */
  nulPathRefusal?: string;
  /** Read's refusal of a device or process file, after "Cannot read '<path>': ". */
  deviceRefusal: string;
  /** Read's refusal of a bad `pages`, after `Invalid pages parameter: "<pages>".` */
  invalidPagesAdvice: string;
  /** Where Read takes `allow_large`: the sentence its size and token-cap refusals end with and
   * its PARTIAL notices carry. */
  allowLargeHint?: string;
  /** The sentence a size refusal ends with when even allow_large would not fit the file. */
  allowLargeTooBig?: string;
  /** What Bash adds when it moves a command that outlived its timeout to the background, before
   * "To check interim output, …". */
  autoBackgroundNote?: string;
  /** Workflow's refusal when no script source is given (a zod custom issue). */
  workflowMissingSource?: string;
  /** The line Workflow's scriptPath refusal ends with in a session without Read. */
  workflowNoReadHint?: string;
  /** What a workflow's completion notice says after its re-run call, about the cache. */
  workflowRerunTail?: string;
  /** Workflow's launch text: the sentence about resuming, around the Workflow({...}) call. */
  workflowResume?: { lead: string; tail: string };
  /** Write and Edit's refusal of a symlink path, around the path, where a release words it
   * otherwise than "Refusing to write <path>: it is a symbolic link. …" (write-symlink, recorded
   * on 2.1.110, 2.1.196 and 2.1.237). */
  symlinkRefusal?: { lead: string; tail: string };
  /** The changed-file note, around the path, where a release words it otherwise than "Note:
   * <path> changed on disk since you last read it. …" (cron-durable-create, recorded on 2.1.110,
   * 2.1.196, 2.1.233 and 2.1.234); the changed lines follow. */
  changedFileNote?: { lead: string; tail: string };
  /** A background task's notification preamble where it lacks the "No human input …" sentences
   * (task-output-block-completes, recorded on 2.1.110 and 2.1.196). */
  notificationPreamble?: string;
}

/** How a version reads and writes .claude/scheduled_tasks.json beyond what both do
 * (cron-durable-* scenarios). */
export interface CronFileRules {
  /** A recurring job's lifetime is written (maxAgeMs) and kept when the file is rewritten. */
  maxAgeField: boolean;
  /** The sign-in a new task records (createdUnderSignIn); a task made under another is listed
   * with `foreignPrompt` in place of its prompt and without a next run. */
  signIn?: string;
  foreignPrompt?: string;
  /** Entries that are no tasks are kept, after the tasks, when the file is rewritten. */
  keepsOtherEntries: boolean;
  /** A new task records the project it was made in (createdInProject; cron-durable-create and
   * -load-array, recorded on 2.1.237 and 2.1.273). */
  projectField: boolean;
  /** The refusal when the file is no task list (CronCreate; CronDelete of a job not in the
   * session); without it such a file reads as empty and is overwritten. */
  unreadable?: string;
}
