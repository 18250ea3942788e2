import { PERMISSIONS_2_1_273 } from './permissions';
import { baseModel, isStrictModel, MODEL_SWITCHES } from '../models';
import { BUILTIN_AGENTS_2_1_273, FABLE_BYPASS_NOTE } from './agents';
import type { Profile, ToolDefinition } from '../types';
import { READ_REFUSED_DEVICES_2_1_273 } from './read-devices';
import { EXIT_SEMANTICS } from './bash';
import { POWERSHELL_2_1_273 } from './powershell';
import memoryTools from './memory-tools.json';
import { CLAUDE_HOME_DIRS_2_1_273 } from './claude-home';
import { SKILLS_2_1_273 } from './skills';
import tools from './tools.json';
import toolsDefault from './tools-default.json';
import { unionDefinitions } from '../definitions';

export const profile_2_1_273: Profile = {
  agents: {
    builtins: BUILTIN_AGENTS_2_1_273,
    missingToolText: (name) => `${name} is disabled for this session, in subagents as well as here.`,
    framedHandBack: false,
    modelAliases: {
      sonnet: 'claude-sonnet-5',
      opus: 'claude-opus-5[1m]',
      haiku: 'claude-haiku-4-5-20251001',
      fable: 'claude-fable-5-1',
    },
    // Recorded (issue 15 probes): the 4.x models and every sonnet and haiku model (-5, -5-5,
    // -6) get the older descriptions; opus, fable and unknown names the newer.
    olderDescriptions: (model) => isStrictModel(model) || /^claude-(sonnet|haiku)-/.test(baseModel(model)),
    // Recorded with parents on claude-opus-5 (with and without [1m]); every other parent model
    // tried (opus-5-5, fable-5*, sonnet-*, haiku-*, 4.x, gpt-4) gets the note.
    noConcurrencyNote: ['claude-opus-5'],
    bypassNotes: { 'claude-fable-5-1': FABLE_BYPASS_NOTE },
  },
  version: '2.1.273',
  defaultModel: 'claude-opus-5[1m]',
  hooks: {
    effortLevel: 'high',
    childNotesDir: false,
    denyPrefixed: false,
    textsTrimmed: true,
    notesReversed: false,
    allowOverridesPlan: true,
  },
  // The tools recorded under --tools, then the rest of the default set (tools-all).
  toolDefinitions: unionDefinitions(tools.tools as ToolDefinition[], toolsDefault.tools as ToolDefinition[]),
  defaultToolSet: toolsDefault.tools as ToolDefinition[],
  // cron-* scenarios
  cron: { nextRun: false, maxAgeDays: 7, file: { maxAgeField: false, keepsOtherEntries: false, projectField: true } },
  // worktree-existing-dir, worktree-path-enter, worktree-enter-keep
  worktree: {
    curlyQuotes: false,
    restoredCwdFields: false,
    strayDirAdvice: (p) => `(\`git worktree remove ${p}\` if it's a registered worktree, or \`rm -rf ${p}\` if it's a stray directory)`,
    pathSyscall: 'lstat',
  },
  skills: SKILLS_2_1_273,
  defaultTools: ['Bash', 'Edit', 'NotebookEdit', 'Read', 'Write'],
  ...MODEL_SWITCHES,
  // read-strict-finish: spawned ripgrep finishes after an in-process Read
  finishRank: { refused: 0, Read: 1, Glob: 2, Grep: 2, Bash: 3, 'Read:partial': 3 },
  repeatReadGuard: true,
  foldedResultTrimmed: true,
  permissions: PERMISSIONS_2_1_273,
  readDecodesUtf16le: false,
  readEncodingNotes: false,
  readOffsetZeroAsOne: false,
  notebookReportsOldCellType: false,
  editSuffixNeedsWholeFile: false,
  editRecoversStale: true,
  symlinkRefusalNamesTarget: false,
  writeSymlinkIsPermissionDenial: false,
  writeKeepsBom: false,
  writeRefusesDirectory: false,
  bashExitSemantics: EXIT_SEMANTICS,
  globSearchesFromLiteralPrefix: false,
  globDotSlashAnchored: false,
  // bash-x-shell-signals, bash-x-shell-killed-by-signal: HUP, INT, ABRT, KILL, USR1, USR2, PIPE,
  // ALRM and SEGV all read "Exit code 1"; TERM reads 144 (recorded alike on 2.1.332).
  bashShellSignalExit: { bySignal: { SIGTERM: 144 }, other: 1 },
  powershell: POWERSHELL_2_1_273,
  memoryTools: memoryTools.tools as ToolDefinition[],
  bashReportsInPlaceEdits: false,
  // Probed: `sleep 5.1` in the background at the last turn is reported, `sleep 5.2` is not.
  finalWaitMs: 5150,
  deferQuickEnds: false,
  zodOptionMessage: false,
  grepRejectsLiteralNewline: false,
  notebookKeepsFormat: false,
  notebookCellKeysFollowType: false,
  notebookReadSkipsBom: false,
  readFileThroughTrailingSlash: false,
  writeRefusesUnsafeEncodings: false,
  // Recorded (readspecial 0293 and probes of issue 13): Read (any extension, any mode), Write,
  // Edit and NotebookEdit with a NUL byte in the path; parallel siblings get no result either,
  // earlier model calls keep theirs. Glob and Grep refuse such a path instead.
  nulPathEndsSession: 'Path contains null bytes',
  readRefusedDevices: READ_REFUSED_DEVICES_2_1_273,
  // Recorded on files of 10485760 bytes and more (10485759 shows its size), offset or not.
  readHugeFileSize: { from: 10 * 1024 * 1024, shown: 512 * 1024 },
  claudeHomeDirs: CLAUDE_HOME_DIRS_2_1_273,
  // lsp-* scenarios: LSP is offered with the default set once a plugin declares a server.
  lsp: { deferred: false, maxFileBytes: 10_000_000 },
  // Monitor exists but is disabled, named or not in --tools (monitor-* scenarios).
  disabledTools: {
    Monitor:
      '<tool_use_error>Error: No such tool available: Monitor. Monitor is disabled for this session, in subagents as well as here.</tool_use_error>',
  },
  webFetch: {
    invalidUrlMessage: 'Invalid input',
    truncationNote: false,
  },
  text: {
    memoryIfVersionTooLong: 'Invalid input',
    wakeupNeedsNoop: true,
    wakeupStopTail: '; otherwise nothing more to do this turn.',
    workflowMissingSource: 'Must provide script, name, scriptPath, or runId',
    workflowRerunTail: 'agents whose (prompt, opts) are unchanged replay from cache.',
    workflowResume: {
      lead: 'To resume after editing the script',
      tail: 'completed agents return cached results (cached results may themselves be empty — inspect journal.jsonl before assuming there is something to recover).',
    },
    deviceRefusal: 'this device file would block or produce infinite output.',
    binaryFileAdvice: 'Please use appropriate tools for binary file analysis.',
    invalidPagesAdvice: 'Use formats like "1-5", "3", or "10-20". Pages are 1-indexed.',
  },
};
