// Every model-facing text the permission engine produces, exactly as Claude Code 2.1.273 sends
// it in -p mode (the recorded corpus in conformance/results/2.1.273 is the source). Kept apart
// from the decision code so the texts can be read, and changed per version, in one place.

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
export const PARSER_ABORTED = 'Parser aborted (timeout, resource limit, or over-length)';
export const SHELL_OPERATORS = 'This command uses shell operators that require approval for safety';
/** Constructs the 2.1.27x analyser will not approve statically, by tree-sitter node name. */
export const containsConstruct = (node: string): string => `Contains ${node}`;

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
export const fileCommandNeedsApproval = (command: string, path: string, dirs: readonly string[]): string =>
  `${command} in '${path}' needs approval. The path is inside the working directories for this session (${formatDirectoryList(dirs)}), and Claude Code asks before a shell command creates, changes or removes files there.`;
export const SHELL_SCRIPT_DENIED =
  'A permission rule denies a command inside this shell -c script, so Claude Code could not check it for dangerous removals. Approving runs the whole script, including that command.';
export const redirectionBlocked = (path: string, dirs: readonly string[]): string =>
  `Output redirection to '${path}' was blocked. For security, Claude Code may only write to files in the allowed working directories for this session: ${formatDirectoryList(dirs)}.`;

export const redirectionDenied = (path: string): string =>
  `Output redirection to '${path}' was blocked by a deny rule.`;
export const inputRedirectionDenied = (path: string): string =>
  `Input redirection from '${path}' was blocked by a deny rule.`;
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

export const toolDisabled = (tool: string): string =>
  toolUseError(
    `Error: No such tool available: ${tool}. ${tool} is disabled for this session, in subagents as well as here.`,
  );
export const searchToolGated = (tool: string): string =>
  toolUseError(
    `Error: No such tool available: ${tool}. ${tool} is not available in this session — find files with \`find\` via the Bash tool instead.`,
  );
export const noSuchTool = (tool: string): string => toolUseError(`Error: No such tool available: ${tool}`);

/** The SDK-side `tool_use_result` of a refusal. */
export const structuredError = (message: string): string =>
  `Error: ${message.replace(/^<tool_use_error>([\s\S]*)<\/tool_use_error>$/, '$1')}`;

/** The write safety check's prompt for a sensitive path (safety.ts); its 'config' paths get
 * askWrite's text. */
export const askSensitive = (path: string): string =>
  `Claude requested permissions to edit ${path} which is a sensitive file.`;
