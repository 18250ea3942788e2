// Permission behaviour recorded on 2.1.273: the switches the permission engine reads.
import type { PermissionBehaviour } from '../../permissions/types';
import { BARE_ASSIGNMENTS_2_1_273 } from './bare-assignments';
import { SENSITIVE_PATHS_2_1_273 } from './sensitive-paths';
import { WEB_PREAPPROVED_2_1_273 } from './web-preapproved';
import { SANDBOX_2_1_273 } from './sandbox';

/** git subcommands whose operands Read deny rules see (H probe, both versions: diff and grep are
 * denied on a Read-denied operand; log, show, blame, annotate, cat-file, ls-files, status, add,
 * checkout, restore, stash, hash-object are not). */
export const GIT_READ_PATHS: readonly string[] = ['diff', 'grep'];

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
};

