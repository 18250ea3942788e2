// Bisected (conformance/results/2.1.277, changelog): the subagent's report comes back framed
// (agent-handback-*, agent-empty-prompt).
import type { ProfileDelta } from '../chain';

export const delta_2_1_277: ProfileDelta = {
  agents: { framedHandBack: true },
};
