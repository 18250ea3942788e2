// Bisected (conformance/results/2.1.317): a repeated Read is answered in full again
// (read-repeat-parallel-then-next-turn, perm-plan-edit-doublestar-allow, cron-durable-create).
import type { ProfileDelta } from '../chain';

export const delta_2_1_317: ProfileDelta = {
  repeatReadGuard: false,
};
