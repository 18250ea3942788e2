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
    // Recorded without it: claude-opus-4-6 (2.1.332 corpus), claude-sonnet-4-5 and claude-sonnet-5
    // (difftest seed 26120707 on 2.1.332, five and six quiet calls), claude-haiku-4-5 (seed
    // 26120801, eleven scenarios of five to seven calls).
    exceptModels: ['claude-opus-4-6', 'claude-sonnet-4-5', 'claude-sonnet-5', 'claude-haiku-4-5'],
  },
  symlinkRefusalNamesTarget: true,
  writeSymlinkIsPermissionDenial: true,
};
