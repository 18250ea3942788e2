// What 2.1.337's corpus shows differs from 2.1.336, checked against the recordings
// (conformance/results/2.1.337) and both releases recorded again; the rest of the intake's
// proposal is races, random ids or the binary's own stack trace (conformance/known-failures.txt).
import type { ProfileDelta } from '../chain';

export const delta_2_1_337: ProfileDelta = {
  permissions: {
    // A plan- or auto-mode call refused for want of a classifier verdict is listed with
    // `auto_mode_unchecked: "no_check_in_session"` (agent-perm-plan, cron-*-mode, perm-plan-bash-write,
    // web-rule-*-plan, …); rule and plan-mode file-edit refusals and classifier blocks carry none.
    uncheckedDenialNote: 'no_check_in_session',
  },
  hooks: {
    // hook-env: a hook's environment has CLAUDE_CODE_STARTER_READS_FOLDER_SETTINGS (its value
    // "0" probed on 2.1.337; 2.1.336 has no such variable).
    starterReadsFolderSettings: true,
  },
};
