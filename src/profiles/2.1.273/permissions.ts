// Permission behaviour recorded on 2.1.273: the switches the permission engine reads.
import type { BashStageOrder, BashUnitStage, PermissionBehaviour, XargsOptions } from '../../permissions/types';
import { BARE_ASSIGNMENTS_2_1_273 } from './bare-assignments';
import { SENSITIVE_PATHS_2_1_273 } from './sensitive-paths';
import { WEB_PREAPPROVED_2_1_273 } from './web-preapproved';
import { SANDBOX_2_1_273 } from './sandbox';

/** git subcommands whose operands Read deny rules see (H probe, both versions: diff and grep are
 * denied on a Read-denied operand; log, show, blame, annotate, cat-file, ls-files, status, add,
 * checkout, restore, stash, hash-object are not). */
export const GIT_READ_PATHS: readonly string[] = ['diff', 'grep'];

/** How one command is judged (permissions/bash-unit.ts): rules first (Bash deny, path deny,
 * the gaps they leave, a shell -c script's contents, a basename deny, ask), then the write safety
 * check, allow rules, the mode and the working directories, then the read-only set
 * (bash-order.test.ts and the corpus; the same on 2.1.332). */
const BASH_UNIT_STAGES: readonly BashUnitStage[] = [
  'bash-deny-rule',
  'path-deny-rule',
  'path-gaps',
  'shell-script',
  'name-gaps',
  'brace-alternative',
  'basename-deny-rule',
  'ask-rule',
  'write-safety',
  'allow-rule',
  'bypass-mode',
  'after-cd-out',
  'runtime-path',
  'cd-target',
  'redirect-climbs',
  'working-directories',
  'no-command',
  'read-only',
  'xargs-read-only',
  'accept-edits',
];

/** How 2.1.273 judges a line (permissions/bash-line.ts): the gate's first rank (eval among it, in
 * source order) and then a subshell are refused before ask and path deny rules
 * (perm-deny-bash-subshell; bash-order.test.ts). */
export const BASH_STAGES_2_1_273: BashStageOrder = {
  unit: BASH_UNIT_STAGES,
  line: [
    'bash-deny-rule',
    'shell-script-rule',
    'assignment-by-name',
    'ask-rule-before-gate',
    'gate-first',
    'gate-subshell',
    'cd-with-vcs-ask',
    'ask-rule',
    'path-deny-rule',
    'gate-late',
    'cd-with-write',
    'glob-in-write',
    'glob-redirect',
    'multiple-cd',
    'tilde-redirect',
    'input-unknown',
    'dotdot',
    'cd-with-vcs',
    'cd-with-redirect',
    'pipeline-parts',
    'parts-need-approval',
    'gate-background',
    'classifier-rules-only',
    'set-variable',
  ],
};

/** The variables Claude Code takes off the front of a command before the read-only check and
 * allow rules (the binary's own list, the same on 2.1.332; shell-env-prefix probes: `LANG=C sort
 * a.txt` and `NODE_ENV=prod ./tool.sh` under Bash(./tool.sh:*) run, `FOO=1 …` and `LANG="C" …`
 * need approval). */
export const SAFE_ENV_PREFIXES: ReadonlySet<string> = new Set([
  'GOEXPERIMENT',
  'GOOS',
  'GOARCH',
  'CGO_ENABLED',
  'GO111MODULE',
  'RUST_BACKTRACE',
  'RUST_LOG',
  'NODE_ENV',
  'PYTHONUNBUFFERED',
  'PYTHONDONTWRITEBYTECODE',
  'PYTEST_DISABLE_PLUGIN_AUTOLOAD',
  'PYTEST_DEBUG',
  'ANTHROPIC_API_KEY',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'LC_TIME',
  'CHARSET',
  'TERM',
  'COLORTERM',
  'NO_COLOR',
  'FORCE_COLOR',
  'TZ',
  'LS_COLORS',
  'LSCOLORS',
  'GREP_COLOR',
  'GREP_COLORS',
  'GCC_COLORS',
  'TIME_STYLE',
  'BLOCK_SIZE',
  'BLOCKSIZE',
  'COLUMNS',
  'LINES',
  'CLICOLOR',
  'CLICOLOR_FORCE',
  'CI',
  'DEBIAN_FRONTEND',
  'GIT_TERMINAL_PROMPT',
]);

/** What xargs runs unasked (difftest probes, default mode: `ls | xargs echo`, `xargs printf`,
 * `xargs wc -l`, `xargs grep al`, `xargs head -1`, `xargs tail -n 1` run; `xargs cat`, `xargs
 * ls`, `xargs sort`, `xargs stat` and `xargs -n1 echo` ask). */
export const XARGS_TARGETS: ReadonlySet<string> = new Set(['echo', 'printf', 'wc', 'grep', 'head', 'tail']);

/** The options xargs runs unasked with (bash-perm-xargs-options, -option-forms, -replace-forms,
 * the same on 2.1.273, 2.1.332 and 2.1.337): -0 -r -t -x, alone or clustered; -n -L -P -s with a
 * number as the next word; -I with `{}` as the next word; `--`. Long options, -d -E -e -i -l -o
 * -p -a, a joined value (`-n1`, `-I{}`) or another value (`-n x`, `-n +1`, `-I %`) ask. */
export const XARGS_OPTIONS: XargsOptions = {
  flags: '0rtx',
  values: { '-n': /^\d+$/, '-L': /^\d+$/, '-P': /^\d+$/, '-s': /^\d+$/, '-I': /^\{\}$/ },
};

export const PERMISSIONS_2_1_273: PermissionBehaviour = {
  basenameCommandNames: false,
  shellScriptRules: false,
  insideFileCommandWording: 'blocked',
  autoAcceptEditsFastPath: true,
  classifierUnavailableWording: 'could-not-evaluate',
  unavailableCountsAsDenial: true,
  classifierReason: 'category',
  classifierRuleHint: 'bash',
  classifierSource: 'local',
  gateWording: 'contains',
  transparentWrappers: ['command', 'builtin', 'noglob'],
  xargsTargets: XARGS_TARGETS,
  xargsOptions: XARGS_OPTIONS,
  // `echo 'unclosed`, `echo "unclosed` run, in every mode (difftest probes).
  unclosedQuotesRead: ["'", '"'],
  safeEnvPrefixes: SAFE_ENV_PREFIXES,
  subshellPathDeny: false,
  gitReadPaths: GIT_READ_PATHS,
  askRulesInGroups: false,
  planRulesOnlyAllow: false,
  sensitivePaths: SENSITIVE_PATHS_2_1_273,
  bareAssignments: BARE_ASSIGNMENTS_2_1_273,
  webPreapproved: WEB_PREAPPROVED_2_1_273,
  // Auto mode refuses CronCreate without a classifier verdict; plan mode runs it, and both run
  // CronList (cron-auto-mode, cron-plan-mode, tools-findings-plan-mode).
  modeClassifiedTools: { plan: [], auto: ['CronCreate'] },
  sandbox: SANDBOX_2_1_273,
  bashStages: BASH_STAGES_2_1_273,
};
