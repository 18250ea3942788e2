// Every model-facing text the permission engine produces, exactly as Claude Code 2.1.273 sends
// it in -p mode (the recorded corpus in conformance/results/2.1.273 is the source). Kept apart
// from the decision code so the texts can be read, and changed per version, in one place.
import type { GateFixed, GateNode, GateReason } from './shell/gate';

export const toolUseError = (text: string): string => `<tool_use_error>${text}</tool_use_error>`;

export const DIRECTORY_DENIED = 'File is in a directory that is denied by your permission settings.';
export const readDenyBlocksWrite = (verb: 'edited' | 'written'): string =>
  `File is covered by a Read deny rule in your permission settings and cannot be ${verb}.`;

export const readDenied = (path: string): string => `Permission to read ${path} has been denied.`;
export const editDenied = (path: string): string => `Permission to edit ${path} has been denied.`;
export const toolDenied = (tool: string): string => `Permission to use ${tool} has been denied.`;
export const bashDenied = (command: string): string =>
  `Permission to use Bash with command ${command} has been denied.`;

export const askRead = (path: string): string =>
  `Claude requested permissions to read from ${path}, but you haven't granted it yet.`;
export const askWrite = (path: string): string =>
  `Claude requested permissions to write to ${path}, but you haven't granted it yet.`;
export const askTool = (tool: string): string =>
  `Claude requested permissions to use ${tool}, but you haven't granted it yet.`;

export const BASH_NEEDS_APPROVAL = 'This command requires approval';
export const bashPartsNeedApproval = (parts: readonly string[]): string =>
  parts.length === 1
    ? `This Bash command contains multiple operations. The following part requires approval: ${parts[0] ?? ''}`
    : `This Bash command contains multiple operations. The following parts require approval: ${parts.join(', ')}`;
/** The Bash check's prompts that say no more than that approval is needed: under a bare `Bash`
 * ask rule the tool's own text stands in for them. */
export const isGenericBashAsk = (message: string): boolean =>
  message === BASH_NEEDS_APPROVAL || message.startsWith('This Bash command contains multiple operations. ');
/** A command Claude Code's parser cannot read, in every mode that asks (both versions). */
export const PARSE_ERROR = 'Parse error';
/** A command holding a control character the approval dialog would hide (up to 2.1.190). */
export const CONTROL_CHARACTERS = 'Contains control characters';
export const PARSER_ABORTED = 'Parser aborted (timeout, resource limit, or over-length)';
/** A group that opens the line and is never closed, or a `)` after it (shell/recover.ts). */
export const TRAILING_INPUT = 'Parser did not consume trailing input';
/** A redirection with no target (shell/recover.ts). */
export const REDIRECT_SHAPE = 'Unrecognized redirect shape';
export const SHELL_OPERATORS = 'This command uses shell operators that require approval for safety';
/** Constructs the 2.1.27x analyser will not approve statically, by tree-sitter node name. */
export const containsConstruct = (node: string): string => `Contains ${node}`;

/** The static gate's refusals (shell/gate.ts), per wording: 2.1.273 names the tree-sitter
 * node, 2.1.332 says what the construct is. Recorded for every entry. */
const GATE_NODES: Record<GateNode, { contains: string; cannotCheck: string }> = {
  simple_expansion: { contains: 'Contains simple_expansion', cannotCheck: 'A variable' },
  expansion: { contains: 'Contains expansion', cannotCheck: 'A variable in braces' },
  string: {
    contains: 'Contains shell syntax (string) that cannot be statically analyzed',
    cannotCheck: 'Quoted text',
  },
  compound_statement: {
    contains: 'Contains compound_statement',
    cannotCheck: 'A group in braces or double parentheses',
  },
  command_substitution: { contains: 'Contains command_substitution', cannotCheck: 'A nested command' },
  process_substitution: {
    contains: 'Contains process_substitution',
    cannotCheck: 'A command used as a file',
  },
  case_statement: { contains: 'Contains case_statement', cannotCheck: 'A case statement' },
  function_definition: { contains: 'Contains function_definition', cannotCheck: 'A function definition' },
  c_style_for_statement: {
    contains: 'Contains shell syntax (c_style_for_statement) that cannot be statically analyzed',
    cannotCheck: 'A counting for loop',
  },
  while_statement: { contains: 'Contains while_statement', cannotCheck: 'A while or until loop' },
  ansi_c_string: { contains: 'Contains ansi_c_string', cannotCheck: 'Text with escape codes' },
  translated_string: {
    contains: 'Contains shell syntax ($) that cannot be statically analyzed',
    cannotCheck: '',
  },
  array: {
    contains: 'Contains shell syntax (array) that cannot be statically analyzed',
    cannotCheck: 'A list of values',
  },
  brace_expression: { contains: 'Contains brace_expression', cannotCheck: 'A brace pattern' },
  pipeline: {
    contains: 'Contains shell syntax (pipeline) that cannot be statically analyzed',
    cannotCheck: 'A pipeline',
  },
  nested_background: {
    contains: 'Contains shell syntax (&) that cannot be statically analyzed',
    cannotCheck: '',
  },
  file_redirect: {
    contains: 'Contains shell syntax (file_redirect) that cannot be statically analyzed',
    cannotCheck: 'A file redirect',
  },
  nested_semicolon: {
    contains: 'Contains shell syntax (;) that cannot be statically analyzed',
    cannotCheck: '',
  },
};

const GATE_FIXED: Record<GateFixed, string> = {
  subshell: SHELL_OPERATORS,
  'brace-expansion': 'Brace expansion',
  'escaped-brace': 'Word contains brace expansion syntax',
  'escaped-whitespace': 'Contains backslash-escaped whitespace',
  heredoc: 'Heredoc with unquoted delimiter undergoes shell expansion',
  'tilde-assignment': 'Tilde in assignment value — bash may expand at assignment time',
  'brace-quote': 'Contains brace with quote character (expansion obfuscation)',
  'expansion-in-path': 'Shell expansion syntax in paths requires manual approval',
  'tilde-variant': 'Tilde expansion variants (~user, ~+, ~-) in paths require manual approval',
  background:
    'This command uses the `&` background operator, which defers execution past approval-time safety checks. Approve only if you trust it.',
  'zsh-subscript': 'zsh "$name[expr]" / "$name:mod" inside double-quotes — recursive eval',
  'runtime-name': 'Command name is runtime-determined (placeholder argv[0])',
  'heredoc-word':
    "Part of this command comes from a $(cat <<…) here-document and would be missing if cat failed, so the command can't be checked before it runs. Write that text into the command itself.",
};

export function gateMessage(reason: GateReason, wording: 'contains' | 'cannot-check'): string {
  switch (reason.kind) {
    case 'node': {
      const t = GATE_NODES[reason.node];
      if (wording === 'contains') return t.contains;
      return t.cannotCheck
        ? `${t.cannotCheck} in this command can't be checked before it runs`
        : "This command can't be checked before it runs";
    }
    case 'set-variable':
      return "A variable set in this command can't be checked before it runs";
    case 'evaluates':
      return `'${reason.command}' evaluates arguments as shell code`;
    case 'runs-command':
      return wording === 'contains'
        ? `'${reason.command}' runs its argument as a command — cannot be statically analyzed`
        : `What '${reason.command}' starts can't be checked before it runs`;
    case 'timeout-flag':
      return wording === 'contains'
        ? `timeout with ${reason.flag} flag cannot be statically analyzed`
        : `'timeout ${reason.flag}' can't be checked before it runs`;
    case 'fragment':
      return 'Command appears to be an incomplete fragment';
    // Recorded the same on both versions (`command noglob ls`).
    case 'zsh-precommand':
      return `'${reason.wrapper} ${reason.command}' runs the wrapped command on zsh (for '${reason.wrapper}', under POSIX_BUILTINS) but not bash — cannot statically model whether it executes`;
    case 'zsh-builtin':
      return `Zsh builtin '${reason.command}' can bypass security checks`;
    case 'find-action':
      return `find with '${reason.flag}' executes commands or modifies files — cannot be auto-allowed by a Bash(find:*) prefix rule`;
    case 'arithmetic-variable':
      return `Arithmetic expansion references variable or non-literal: ${reason.name}`;
    case 'fixed':
      return GATE_FIXED[reason.text];
  }
}

export const GLOB_IN_WRITE =
  'Glob patterns are not allowed in write operations. Please specify an exact file path.';
export const CD_BEFORE_VCS =
  'This command changes directory before running a version-control command, which can pick up untrusted hooks or repository configuration from the target directory. Approve only if you trust it.';
/** A path deny rule hit in a command line that changes directory (2.1.332 also in a subshell). */
export const pathDeniedInCd = (command: string, op: 'read' | 'write', path: string): string =>
  `${command} ${op === 'read' ? 'from' : 'to'} '${path}' was blocked by a deny rule.`;
export const DOTDOT_TRAVERSAL =
  "Path contains '..' traversal after a directory segment, which may follow a symlink outside the working directory";
export const MULTIPLE_CD = 'Multiple directory changes in one command require approval for clarity';
export const inputRedirectionBlocked = (path: string, dirs: readonly string[]): string =>
  `Input redirection from '${path}' was blocked. For security, Claude Code may only read files in the allowed working directories for this session: ${formatDirectoryList(dirs)}.`;
export const inputRedirectionUnknown = (target: string): string =>
  `Input redirection from '${target}' requires manual approval: the file it names depends on glob expansion or a directory change in the same command.`;

export const formatDirectoryList = (dirs: readonly string[]): string => {
  const shown = dirs.slice(0, 5).map((d) => `'${d}'`);
  return dirs.length > 5 ? `${shown.join(', ')}, and ${dirs.length - 5} more` : shown.join(', ');
};

export const fileCommandBlocked = (
  command: string,
  path: string,
  verb: string,
  dirs: readonly string[],
): string =>
  `${command} in '${path}' was blocked. For security, Claude Code may only ${verb} the allowed working directories for this session: ${formatDirectoryList(dirs)}.`;
/** 2.1.332's wording for a shell write that needs approval; `subject` is `<command> in '<path>'`
 * or `Output redirection to '<path>'`. */
export const writeNeedsApproval = (subject: string, inside: boolean, dirs: readonly string[]): string =>
  inside
    ? `${subject} needs approval. The path is inside the working directories for this session (${formatDirectoryList(dirs)}), and Claude Code asks before a shell command creates, changes or removes files there.`
    : `${subject} needs approval. The path is outside the working directories for this session (${formatDirectoryList(dirs)}). Allowing runs the command as written.`;
/** 2.1.332's refusal of a command that leaves a `$` expansion open (shell/unclosed.ts). */
export const UNSURE_READING =
  "Claude Code can't be sure it read this command the way the shell will, so it can't rule out a dangerous removal. This requires explicit approval. A command that deletes nothing can be sent again in plain syntax that bash and zsh both read, and that is not a workaround. A command that deletes anything, by rm or any other means, needs the user: do not send that part again.";
export const SHELL_SCRIPT_DENIED =
  'A permission rule denies a command inside this shell -c script, so Claude Code could not check it for dangerous removals. Approving runs the whole script, including that command.';
export const redirectionBlocked = (path: string, dirs: readonly string[]): string =>
  `Output redirection to '${path}' was blocked. For security, Claude Code may only write to files in the allowed working directories for this session: ${formatDirectoryList(dirs)}.`;

export const redirectionDenied = (path: string): string =>
  `Output redirection to '${path}' was blocked by a deny rule.`;
export const inputRedirectionDenied = (path: string): string =>
  `Input redirection from '${path}' was blocked by a deny rule.`;
export const CD_WITH_WRITE =
  "Commands that change directories and perform write operations require explicit approval to ensure paths are evaluated correctly. For security, Claude Code cannot automatically determine the final working directory when 'cd' is used in compound commands.";
export const CD_WITH_REDIRECTION =
  "Commands that change directories and write via output redirection require explicit approval to ensure paths are evaluated correctly. For security, Claude Code cannot automatically determine the final working directory when 'cd' is used in compound commands.";

export const planModeWrite = (path: string): string => `Cannot write to ${path} while in plan mode.`;

const WORKAROUND =
  'IMPORTANT: You *may* attempt to accomplish this action using other tools that might naturally be used to accomplish this goal, e.g. using head instead of cat. But you *should not* attempt to work around this denial in malicious ways, e.g. do not use your ability to run tests to execute non-test actions. You should only try to work around this restriction in reasonable ways that do not attempt to bypass the intent behind this denial.';

export const dontAskDenied = (tool: string): string =>
  `Permission to use ${tool} has been denied because Claude Code is running in don't ask mode. ${WORKAROUND} If you believe this capability is essential to complete the user's request, STOP and explain to the user what you were trying to do and why you need this permission. Let the user decide how to proceed.`;

/** The text names Bash whatever the tool was (observed for Write in perm-auto-write-outside-block).
 * `reason` is `[<category>]` in 2.1.273 and the classifier's explanation in 2.1.332. */
export const classifierBlocked = (
  reason: string,
  ruleHint: string | null = 'a Bash permission rule',
): string =>
  `Permission for this action was denied by the Claude Code auto mode classifier. Reason: ${reason}. If you have other tasks that don't depend on this action, continue working on those. ${WORKAROUND} If you believe this capability is essential to complete the user's request, first try a safer method. Get as much of the rest of the task done as you can, then STOP and explain to the user what you were trying to do and why you need this permission. Let the user decide how to proceed.${ruleHint === null ? '' : ` To allow this type of action in the future, the user can add ${ruleHint} to their settings.`}`;

export const CLASSIFIER_UNAVAILABLE =
  "Auto mode could not evaluate this action and is blocking it for safety — run with --debug for details. This is not a judgment that the action is unsafe. This is usually transient — wait briefly and try this action again as-is; don't rewrite it. If it keeps failing, continue with other tasks that don't require this action and come back to it later. Note: reading files, searching code, and other read-only operations do not require the classifier and can still be used.";

export const classifierUnavailable = (tool: string): string =>
  `Auto mode is unavailable: its safety check does not run for this session, so ${tool} was not run. Other actions that need the check will be denied too, and retrying won't help. Finish what you can without them, then tell the user what is blocked and that they can switch to another permission mode.`;

export const DEFAULT_CLASSIFIER_CATEGORY = 'Irreversible Local Destruction';

export const toolDisabled = (
  tool: string,
  tail = 'is disabled for this session, in subagents as well as here.',
): string => toolUseError(`Error: No such tool available: ${tool}. ${tool} ${tail}`);
export const searchToolGated = (tool: string): string =>
  toolUseError(
    `Error: No such tool available: ${tool}. ${tool} is not available in this session — ${tool === 'Grep' ? 'search file contents with `grep`' : 'find files with `find`'} via the Bash tool instead.`,
  );
export const noSuchTool = (tool: string): string => toolUseError(`Error: No such tool available: ${tool}`);

/** The SDK-side `tool_use_result` of a refusal. */
export const structuredError = (message: string): string =>
  `Error: ${message.replace(/^<tool_use_error>([\s\S]*)<\/tool_use_error>$/, '$1')}`;

/** The write safety check's prompt for a sensitive path (safety.ts); its 'config' paths get
 * askWrite's text. */
export const askSensitive = (path: string): string =>
  `Claude requested permissions to edit ${path} which is a sensitive file.`;

/** Assignments refused by the variable's name (bash-assign probes, both versions). */
export const IFS_ASSIGNMENT = 'IFS assignment changes word-splitting — cannot model statically';
export const altersLookup = (name: string) =>
  `${name} assignment alters command lookup/execution for subsequent commands`;
export const integerAssignment = (name: string, bare: boolean) =>
  bare
    ? `${name} has integer attribute — assignment arith-evals RHS, which can execute subscript command substitution or abort/diverge at runtime`
    : `${name} has integer attribute — env-prefix arith-evals value, which can execute subscript command substitution or abort/diverge at runtime`;

export const CD_TWO_DIRECTORIES =
  'cd with two or more directory arguments requires manual approval. zsh\'s "cd OLD NEW" form substitutes OLD→NEW in $PWD, producing a target path that cannot be statically validated.';
