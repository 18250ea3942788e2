// Permission behaviour recorded on 2.1.332.
import type { BashStageOrder, PermissionBehaviour } from '../../permissions/types';
import {
  BASH_STAGES_2_1_273,
  GIT_READ_PATHS,
  SAFE_ENV_PREFIXES,
  XARGS_OPTIONS,
  XARGS_TARGETS,
} from '../2.1.273/permissions';
import { SENSITIVE_PATHS_2_1_273 } from '../2.1.273/sensitive-paths';
import { WEB_PREAPPROVED_2_1_273 } from '../2.1.273/web-preapproved';
import { BARE_ASSIGNMENTS_2_1_332 } from './bare-assignments';
import { SANDBOX_2_1_332 } from './sandbox';

/** How 2.1.332 judges a line: 2.1.273's order, but path deny rules come before eval and a
 * subshell are refused, eval at its own stage rather than with the gate's first rank (`eval x > foo.txt` under
 * Edit(./foo.txt) is denied; perm-deny-bash-subshell, bash-order.test.ts). */
const LINE_2_1_273 = BASH_STAGES_2_1_273.line.filter((stage) => stage !== 'gate-subshell');
const AFTER_PATH_DENY = LINE_2_1_273.indexOf('path-deny-rule') + 1;
export const BASH_STAGES_2_1_332: BashStageOrder = {
  unit: BASH_STAGES_2_1_273.unit,
  line: [
    ...LINE_2_1_273.slice(0, AFTER_PATH_DENY),
    'gate-eval',
    'gate-subshell',
    ...LINE_2_1_273.slice(AFTER_PATH_DENY),
  ],
};

/** perm-deny-bash-absolute-rm, perm-deny-bash-subshell, perm-default-bash-write,
 * perm-auto-write-inside, perm-auto-bash-unclassified and the classifier texts differ in
 * 2.1.332. */
export const PERMISSIONS_2_1_332: PermissionBehaviour = {
  skillAllowRuleHint: true,
  basenameCommandNames: true,
  shellScriptRules: true,
  unclosedExpansionAsks: true,
  insideFileCommandWording: 'needs-approval',
  autoAcceptEditsFastPath: false,
  classifierUnavailableWording: 'unavailable',
  unavailableCountsAsDenial: false,
  classifierReason: 'explanation',
  classifierRuleHint: 'rule-family',
  classifierSource: 'api',
  readDenialsLag: true,
  gateWording: 'cannot-check',
  transparentWrappers: ['command', 'builtin', 'noglob', 'timeout'],
  // Probed the same as 2.1.273's.
  xargsTargets: XARGS_TARGETS,
  xargsOptions: XARGS_OPTIONS,
  // `echo "unclosed` is a parse error; `echo 'unclosed` runs, in every mode (difftest probes).
  unclosedQuotesRead: ["'"],
  safeEnvPrefixes: SAFE_ENV_PREFIXES,
  subshellPathDeny: true,
  // Probed the same as 2.1.273's (H probe).
  gitReadPaths: GIT_READ_PATHS,
  askRulesInGroups: true,
  planRulesOnlyAllow: true,
  // Recorded the same as 2.1.273's on every probed path.
  sensitivePaths: SENSITIVE_PATHS_2_1_273,
  bareAssignments: BARE_ASSIGNMENTS_2_1_332,
  // Recorded the same as 2.1.273's on every probed host (web-preapproved-*).
  webPreapproved: WEB_PREAPPROVED_2_1_273,
  // Plan and auto mode refuse CronCreate without a classifier verdict while CronList,
  // EnterWorktree, ToolSearch and ReportFindings run (cron-plan-mode, cron-auto-mode,
  // tools-findings-plan-mode, worktree-plan-mode). CronDelete of an existing job was not
  // recorded in these modes (no job can be made there), so it is not listed.
  modeClassifiedTools: { plan: ['CronCreate'], auto: ['CronCreate'] },
  sandbox: SANDBOX_2_1_332,
  bashStages: BASH_STAGES_2_1_332,
};
