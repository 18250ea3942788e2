// Permission behaviour of the Claude Code versions in the recorded corpus. A profile names one;
// decisions read switches, never version strings.
import { BARE_ASSIGNMENTS_2_1_273 } from '../profiles/2.1.273/bare-assignments';
import { SENSITIVE_PATHS_2_1_273 } from '../profiles/2.1.273/sensitive-paths';
import { WEB_PREAPPROVED_2_1_273 } from '../profiles/2.1.273/web-preapproved';
import { SANDBOX_2_1_273 } from '../profiles/2.1.273/sandbox';
import { BARE_ASSIGNMENTS_2_1_332 } from '../profiles/2.1.332/bare-assignments';
import { SANDBOX_2_1_332 } from '../profiles/2.1.332/sandbox';
import type { ClassifierVerdict, PermissionBehaviour } from './types';

/** git subcommands whose operands Read deny rules see (H probe, both versions: diff and grep are
 * denied on a Read-denied operand; log, show, blame, annotate, cat-file, ls-files, status, add,
 * checkout, restore, stash, hash-object are not). */
const GIT_READ_PATHS: readonly string[] = ['diff', 'grep'];

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

/** perm-deny-bash-absolute-rm, perm-deny-bash-subshell, perm-default-bash-write,
 * perm-auto-write-inside, perm-auto-bash-unclassified and the classifier texts differ in
 * 2.1.332. */
export const PERMISSIONS_2_1_332: PermissionBehaviour = {
  skillAllowRuleHint: true,
  basenameCommandNames: true,
  shellScriptRules: true,
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
};

/** A scenario's scripted classifier (`classifier`, `classifier_server`) as the oracle's fake
 * API answers it: the local classifier (2.1.273) sees only the severity and category; the API
 * verdict (2.1.332) carries the explanation `[<category>] scripted by the oracle`, and an
 * `unsupported` server gives no verdict at all. */
export function scriptedVerdict(
  classifier: 'allow' | 'block' | { severity: number; category?: string } | string | undefined,
  server: string | undefined,
  behaviour: PermissionBehaviour,
): ClassifierVerdict {
  if (classifier === 'allow' || classifier === 'block') {
    if (behaviour.classifierSource === 'local') return classifier;
    return scriptedVerdict({ severity: classifier === 'allow' ? 5 : 95 }, server, behaviour);
  }
  if (classifier === undefined || typeof classifier === 'string') return undefined;
  if (behaviour.classifierSource === 'local') return classifier;
  if (server === 'unsupported' || server === 'error') return undefined;
  const category = classifier.category ?? 'Irreversible Local Destruction';
  return { severity: classifier.severity, category, explanation: `[${category}] scripted by the oracle` };
}
