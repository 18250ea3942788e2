// Bisected (conformance/results/2.1.280): the default model moves to opus-5-5 (still with its
// 1M context: agent-* resolvedModel), hooks report effort medium (hook-permreq-bypass-ask-rule),
// the quiet-session nudge appears (cron-durable-create, hook-post-bash-1) and a Write to a
// symbolic link is a permission denial naming the target (write-symlink).
import type { ProfileDelta } from '../chain';

export const delta_2_1_280: ProfileDelta = {
  defaultModel: 'claude-opus-5-5[1m]',
  hooks: { effortLevel: 'medium' },
  quietNudge: {
    afterCalls: 5,
    maxTimes: 3,
    text: "The user hasn't heard from you in a while. As you continue, keep them updated when there's something to tell — a finding, a change of plan.",
    exceptModels: ['claude-opus-4-6'],
  },
  symlinkRefusalNamesTarget: true,
  writeSymlinkIsPermissionDenial: true,
};
