// Permission behaviour of the Claude Code versions in the recorded corpus. A profile names one;
// decisions read switches, never version strings.
import type { PermissionBehaviour } from './types';

export const PERMISSIONS_2_1_273: PermissionBehaviour = {
  basenameCommandNames: false,
  shellScriptRules: false,
  insideFileCommandWording: 'blocked',
  autoAcceptEditsFastPath: true,
  classifierUnavailableWording: 'could-not-evaluate',
  classifierReason: 'category',
  classifierRuleHint: 'bash',
};

/** perm-deny-bash-absolute-rm, perm-deny-bash-subshell, perm-default-bash-write,
 * perm-auto-write-inside, perm-auto-bash-unclassified and the classifier texts differ in
 * 2.1.332. */
export const PERMISSIONS_2_1_332: PermissionBehaviour = {
  basenameCommandNames: true,
  shellScriptRules: true,
  insideFileCommandWording: 'needs-approval',
  autoAcceptEditsFastPath: false,
  classifierUnavailableWording: 'unavailable',
  classifierReason: 'explanation',
  classifierRuleHint: 'rule-family',
};
