// The permission engine's contract: plain values in, a Decision out. Nothing here touches a
// filesystem, a clock or the DOM; symlink targets come through the optional `realpath`.

export type Mode = 'default' | 'acceptEdits' | 'plan' | 'auto' | 'dontAsk' | 'bypassPermissions';

export const MODES: readonly Mode[] = [
  'default',
  'acceptEdits',
  'plan',
  'auto',
  'dontAsk',
  'bypassPermissions',
];

/** The `permissions` block of a settings file (other keys are ignored). */
export interface PermissionSettings {
  allow?: unknown;
  deny?: unknown;
  ask?: unknown;
  defaultMode?: unknown;
  additionalDirectories?: unknown;
}

/** A parsed settings file; kept loose because the files are user input. */
export interface Settings {
  permissions?: PermissionSettings;
  [key: string]: unknown;
}

export type SettingsSource = 'managed' | 'user' | 'project' | 'local';
export type RuleSource = SettingsSource | 'cliArg';
export type DecisionSource = RuleSource | 'mode';
export type RuleBehavior = 'allow' | 'deny' | 'ask';

/** The auto-mode safety classifier's scripted verdict (the oracle's `classifier` field);
 * undefined = no parseable verdict. */
export type ClassifierVerdict =
  | 'allow'
  | 'block'
  | {
      severity: number;
      category?: string;
      /** The classifier's own explanation; versions that quote it show it as the Reason. */
      explanation?: string;
    }
  | undefined;

/** xargs's options that keep it read-only: letters that take no value, alone or clustered
 * (`-0r`), options whose value is the next word and must match (`-n 1`, not `-n1` or `-n x`), and
 * `--`. */
export interface XargsOptions {
  readonly flags: string;
  readonly values: Readonly<Record<string, RegExp>>;
}

/** Where Claude Code versions differ in permission decisions: switches, never version
 * strings (each release's profile holds one). */
export interface PermissionBehaviour {
  /** What follows the tool's name in "No such tool available: X. X …" for a tool left out or
   * disabled, where the release words it otherwise than "is disabled for this session, in
   * subagents as well as here." (monitor-default-tools, memory-basics). */
  disabledToolTail?: string;
  /** Bash rules also match a path-qualified command name by its basename (`/bin/rm`). */
  basenameCommandNames: boolean;
  /** Deny rules are checked inside `bash -c` scripts; a hit prompts, even in bypassPermissions. */
  shellScriptRules: boolean;
  /** How default mode refuses a file command inside the working directories. */
  insideFileCommandWording: 'blocked' | 'needs-approval';
  /** A skill that needs approval names the allow rule that would let it run (2.1.332,
   * skill-default-mode-frontmatter). */
  skillAllowRuleHint?: true;
  /** A command that leaves a `$(`, `$((`, `${` or `$[` open prompts, even in bypassPermissions,
   * before any rule is matched (2.1.332, bash-unclosed-expansion). */
  unclosedExpansionAsks?: true;
  /** A Bash command holding a control character the approval dialog would hide is asked about
   * ("Contains control characters") after deny and ask rules, before allow rules and the mode's
   * own leniency, bypassPermissions aside; later releases refuse it in Bash's schema (up to
   * 2.1.190; bisected, bash-perm-blank-like-bytes). */
  hiddenControlsAsk?: true;
  /** auto mode runs what acceptEdits would without asking the classifier. */
  autoAcceptEditsFastPath: boolean;
  /** A call refused for want of a classifier verdict counts towards the denial limit, as a
   * blocked one does (2.1.273: the third such WebFetch in a row is put to the person,
   * web-rule-allow-plan; 2.1.332 keeps refusing, its text says retrying will not help). */
  unavailableCountsAsDenial: boolean;
  /** The refusal when the classifier gives no verdict. */
  classifierUnavailableWording: 'could-not-evaluate' | 'unavailable';
  /** What a classifier refusal names as its Reason. */
  classifierReason: 'category' | 'explanation';
  /** The rule a classifier refusal suggests: always "a Bash permission rule" (2.1.273), or
   * "a permission rule for <Bash|Edit|Read|tool>" by the call's rule family (2.1.332). */
  classifierRuleHint: 'bash' | 'rule-family';
  /** Who classifies: a local side request (2.1.273) or the Messages API itself (2.1.332). */
  classifierSource: 'local' | 'api';
  /** The `auto_mode_unchecked` value -p mode's permission_denials give a call refused (or put
   * to the person past the denial limit) for want of a classifier verdict in plan or auto mode
   * (2.1.337: "no_check_in_session"; before: no such field). A rule's or plan mode's own
   * refusal, and a classifier's block, carry none. */
  uncheckedDenialNote?: string;
  /** -p mode's permission_denials: whether a parallel Read's refusal is listed after the next
   * call's of the same run (2.1.332: Read answers one step later than Glob and Grep,
   * perm-rule-other-file-tools and perm-bare-* probes) or in call order (2.1.273). */
  readDenialsLag?: boolean;
  /** How the static gate words a construct it refuses: "Contains <node>" (2.1.273) or
   * "… in this command can't be checked before it runs" (2.1.332); and whether a variable set
   * earlier in the command is refused (2.1.332) or judged by its value (2.1.273). */
  gateWording: 'contains' | 'cannot-check';
  /** Wrappers the read-only check and allow rules look through (`command cat a` is `cat a`);
   * any other wrapper makes the command need approval. */
  transparentWrappers: readonly string[];
  /** Quotes left open at the end of a command that the parser still reads (closing them before
   * the last character); with any other the command is a parse error. */
  unclosedQuotesRead: readonly string[];
  /** The commands xargs may run without a prompt; xargs running any other command needs
   * approval. */
  xargsTargets: ReadonlySet<string>;
  /** The options xargs may be given and still run without a prompt; any other, or a value that
   * does not match, needs approval. */
  xargsOptions: XargsOptions;
  /** Variables a command may be prefixed with and still be read-only or match an allow rule
   * (`LANG=C sort a.txt`), when the value is plain (`[A-Za-z0-9_./:-]+`, unquoted); the prefix
   * is taken off up to the first other assignment. */
  safeEnvPrefixes: ReadonlySet<string>;
  /** Path deny rules are checked before eval and a ( ) subshell are refused; in a line with a
   * subshell a denial is worded `<command> from '<path>' was blocked by a deny rule.` or
   * `Output redirection to '<path>' was blocked by a deny rule.` (2.1.332). */
  subshellPathDeny: boolean;
  /** git subcommands whose operands are checked as reads against Read deny rules. */
  gitReadPaths: readonly string[];
  /** Ask rules are matched inside `{ }` groups before the group is refused (2.1.332). */
  askRulesInGroups: boolean;
  /** Plan and auto mode run a Bash call the API's classifier flags only if an allow rule
   * approves it; read-only ones (`ls`, `pwd`, `echo hi`) go to the classifier like the rest
   * (2.1.332; auto: probe p3a, gen-sensitive-0284). */
  planRulesOnlyAllow: boolean;
  /** The paths a write asks about in every mode but bypassPermissions (the profile's table). */
  sensitivePaths: SensitivePathTable;
  /** Hosts (or host/path prefixes) WebFetch fetches without a prompt when no rule names them
   * (the profile's table). */
  webPreapproved: readonly string[];
  /** Tools that ask no permission in the other modes but that plan or auto mode puts to the
   * classifier like any call that would prompt, per mode. */
  modeClassifiedTools: { readonly plan: readonly string[]; readonly auto: readonly string[] };
  /** How a line's bare assignment (`F=x; cat a`) is judged (the profile's table). */
  bareAssignments: BareAssignmentTable;
  /** The Bash sandbox (settings `sandbox.*`; the profile's table). */
  sandbox: SandboxTable;
  /** The order in which the Bash check's stages (bash-unit.ts, bash-line.ts) judge a command. */
  bashStages: BashStageOrder;
}

/** Stages that judge one simple command (bash-unit.ts), each ending the judgement or passing it
 * on; `*-gaps` stages only note a known gap. A command no stage decides needs approval. */
export type BashUnitStage =
  | 'bash-deny-rule'
  | 'path-deny-rule'
  | 'path-gaps'
  | 'shell-script'
  | 'name-gaps'
  | 'brace-alternative'
  | 'basename-deny-rule'
  | 'ask-rule'
  | 'write-safety'
  | 'allow-rule'
  | 'bypass-mode'
  | 'after-cd-out'
  | 'runtime-path'
  | 'cd-target'
  | 'redirect-climbs'
  | 'working-directories'
  | 'no-command'
  | 'read-only'
  | 'xargs-read-only'
  | 'accept-edits';

/** Stages that judge a whole line from its commands' verdicts (bash-line.ts). The static gate's
 * ranks are stages of their own: `gate-eval` listed means eval is refused at that stage rather
 * than with the first rank in source order. A line no stage refuses runs. */
export type BashLineStage =
  | 'bash-deny-rule'
  | 'shell-script-rule'
  | 'assignment-by-name'
  | 'ask-rule-before-gate'
  | 'gate-first'
  | 'gate-subshell'
  | 'gate-eval'
  | 'gate-late'
  | 'gate-background'
  | 'gate-heredoc-word'
  | 'cd-with-vcs-ask'
  | 'ask-rule'
  | 'path-deny-rule'
  | 'glob-in-write'
  | 'glob-redirect'
  | 'multiple-cd'
  | 'tilde-redirect'
  | 'input-unknown'
  | 'dotdot'
  | 'cd-with-vcs'
  | 'cd-with-redirect'
  | 'cd-with-write'
  | 'pipeline-parts'
  | 'parts-need-approval'
  | 'classifier-rules-only'
  | 'set-variable';

export interface BashStageOrder {
  unit: readonly BashUnitStage[];
  line: readonly BashLineStage[];
}

/** How a version's Bash sandbox decides and what it protects (sandbox.ts). */
export interface SandboxTable {
  /** False where the version could not sandbox on the recording host (2.1.273: bubblewrap's
   * seccomp helper fails as root in the container), so the texts come from another version. */
  recorded: boolean;
  /** Paths below the project a sandboxed command may not write (mounted read-only when they
   * exist, masked when they do not). */
  protectedInProject: readonly string[];
  /** autoAllowBashIfSandboxed when no setting gives it (2.1.273 on, 2.1.332 off). */
  autoAllowDefault: boolean;
  /** The release's sandbox runs only for an unprivileged user: recorded as root, every sandboxed
   * command fails (`apply-seccomp: write /proc/self/uid_map`), so its recordings say nothing. */
  unprivilegedOnly?: boolean;
  /** dangerouslyDisableSandbox asks "Run outside of the sandbox" before the command's own
   * checks ('first', 2.1.332) or when those would let it run or only prompt generically
   * ('after-check', 2.1.273). */
  unsandboxedAsk: 'first' | 'after-check';
}

/** The sandbox as the decisions pane shows it for one Bash call. */
export interface SandboxNote {
  sandboxed: boolean;
  why: string;
  writeRoots: string[];
  protectedPaths: string[];
  network: string;
  /** How the playground emulates it. */
  emulated: string;
  /** This version's sandbox texts were not recorded (taken from another version). */
  notRecorded?: true;
}

/** Bare assignments (`NAME=x;` on its own, a for loop's variable): a name outside `safe` keeps
 * every part of the line from being read-only while the shell's environment is unknown (no
 * Bash command let through yet in the session) and, once it is known, when the environment
 * has the name. */
export interface BareAssignmentTable {
  safe: ReadonlySet<string>;
  /** Names the Bash tool's shell has on top of the process environment. */
  shellNames: readonly string[];
  /** Bare assignments refused with `<NAME> assignment alters command lookup/execution …`. */
  altersLookup: ReadonlySet<string>;
  /** Variables with bash's integer attribute: refused bare and as a command prefix. */
  integer: ReadonlySet<string>;
}

/** The binary's table of paths it will not write without asking (see safety.ts); every name is
 * compared case-insensitively. */
export interface SensitivePathTable {
  /** Base names of sensitive files, wherever they are. */
  files: readonly string[];
  /** Folder names: a path with one as any segment is sensitive. */
  dirs: readonly string[];
  /** Runs of consecutive segments that make a path sensitive wherever they appear. */
  runs: readonly (readonly string[])[];
  /** Claude Code's own folder, which the generic rule would make wholly sensitive. */
  claude: {
    dir: string;
    /** Subfolders below which paths are ordinary. */
    plainBelow: readonly string[];
    /** Files directly in any such folder that ask with the ordinary text. */
    configFiles: readonly string[];
    /** Subfolders of the project's own folder that ask with the ordinary text. */
    projectConfigDirs: readonly string[];
  };
}

export interface PermissionContext {
  mode: Mode;
  /** The project directory (Claude Code's original cwd). */
  cwd: string;
  home: string;
  /** The session's temp directory (TMPDIR), which a sandboxed command may write. */
  tmp?: string;
  /** Whether the workspace's trust dialog was accepted (`hasTrustDialogAccepted`). */
  trusted: boolean;
  /** The project is a git repository: then local settings' allow rules need trust too. */
  gitRepo?: boolean;
  sources: Partial<Record<SettingsSource, Settings | undefined>>;
  cli: {
    allowedTools?: string[];
    disallowedTools?: string[];
    /** `--tools`; null or undefined = the flag was not given. */
    tools?: string[] | null;
    addDirs?: string[];
  };
  classifier?: ClassifierVerdict;
  /** Version switches: the caller's profile's (Profile.permissions). */
  behaviour: PermissionBehaviour;
  /** Resolves symlinks (null when the path does not exist). Without it targets are not checked. */
  realpath?: (p: string) => Promise<string | null>;
  /** Process environment (only CLAUDE_CODE_ENTRYPOINT is read, for the Glob/Grep gate). */
  env?: Record<string, string>;
  /** Set by `decide` once a Bash command is let through: from then on Claude Code knows the
   * shell's environment (bare assignments are judged against it). */
  shellStarted?: boolean;
  /** The classifier's refusals so far in this conversation (decide() keeps it; engine.ts). */
  denials?: DenialTally;
}

export interface DenialTally {
  /** Blocked calls since the last call the classifier (or auto mode) let through. */
  consecutive: number;
  total: number;
}

export type PermissionKind = 'read' | 'write' | 'bash' | 'powershell' | 'other';

/** How a file tool reports a path deny rule it checks ahead of its input validation. Read, Edit
 * and Write refuse as a `<tool_use_error>`; Glob and Grep ('search') with the permission-check
 * text, before they look whether the path exists or is a folder. */
export type ValidationStyle = 'read' | 'edit' | 'write' | 'search';

export interface PermissionRequest {
  tool: string;
  /** Skill: the skill the call resolved to, and whether its frontmatter needs approval. */
  skill?: { name: string; asks: boolean };
  kind: PermissionKind;
  /** Absolute paths the call touches (file_path; Glob/Grep path or the cwd). */
  paths: string[];
  /** Bash: the command line. */
  command?: string;
  /** PowerShell: whether pwsh is on PATH (Claude Code parses the command with it). */
  pwsh?: boolean;
  /** Bash: the shell's current directory when it differs from the project directory. */
  shellCwd?: string;
  /** Bash: the names in the environment commands run with (the process environment). */
  shellEnv?: readonly string[];
  input: unknown;
  validation?: ValidationStyle;
  /** Decide by the rules, the working directories and bypassPermissions only: what auto and
   * plan mode would let through (reading tools, the classifier) does not count. Read-before-edit
   * relaxation asks this way (a file outside the project is not relaxed in auto mode). */
  rulesOnly?: boolean;
  /** The tool asks no permission (EnterWorktree, ToolSearch, CronList…): only rules decide, and
   * without one it runs in every mode recorded (worktree-default-mode, worktree-plan-mode). */
  noPrompt?: boolean;
}

export interface RuleRef {
  text: string;
  source: DecisionSource;
}

export interface Decision {
  behavior: 'allow' | 'deny' | 'ask';
  /** The rule (or mode) that decided, when one did. */
  rule?: RuleRef;
  /** Why, for people (the UI and explain panes). */
  reason: string;
  /** The exact tool_result content when the call does not run in -p mode, including a
   * `<tool_use_error>` wrapper where Claude Code adds one. */
  message?: string;
  /** The stream-json `tool_use_result` of the refusal: `Error: <unwrapped message>`. */
  structured?: string;
  /** Bash: each subcommand and its own decision. */
  subcommands?: SubcommandDecision[];
  /** Set where Claude Code 2.1.273 is known to let a call through that a stricter reading of
   * the rules would stop; the behaviour stays 2.1.273's. */
  knownGap?: string;
  /** True when -p mode lists the call in the result's `permission_denials`. */
  permissionDenial?: boolean;
  /** Decided by asking the auto-mode classifier (a side request in 2.1.273: such refusals are
   * listed after the calls the rules decided, web-rule-ask-plan). */
  classified?: true;
  /** A refusal for want of a classifier verdict (none in the session), marked as such in
   * permission_denials where the release does (PermissionBehaviour.uncheckedDenialNote). */
  classifierUnchecked?: true;
  /** Bash with the sandbox on: whether this call runs inside it and the policy it gets. */
  sandbox?: SandboxNote;
  /** An ask from the write safety check (sensitive and configuration paths): a PreToolUse
   * hook's allow or ask does not replace it (hook-pre-verdict-vs-safety-default). */
  safety?: true;
  /** Bash let through (or put to a prompt) although what the command does reaches a path a
   * Read or Edit deny rule names: for people only, it changes neither the decision nor what
   * the model receives. */
  bypass?: BypassMark;
}

/** A Bash call whose effects reach a path a deny rule names (permissions/bypass.ts). */
export interface BypassMark {
  /** How the command reaches the path, outermost first (`find -exec → sh -c → >`). */
  construct: string;
  op: 'read' | 'write' | 'delete' | 'exec';
  /** The denied path (absolute), or the folder whose contents are touched. */
  path: string;
  /** The command's contents below `path` are touched, not the path alone. */
  below?: true;
  rule: RuleRef;
  /** The simple command that has the effect, as written. */
  command: string;
  /** The whole mark in one sentence (the CLI's `bypass`). */
  sentence: string;
}

export interface SubcommandDecision {
  command: string;
  decision: Omit<Decision, 'subcommands'>;
}

export interface OfferedTools {
  offered: string[];
  /** Tool name -> the exact tool_result content a call to it gets. */
  removed: Record<string, string>;
}
