// Bisected (conformance/results/2.1.314): hook texts keep their trailing newline
// (hook-post-bash-1).
import type { ProfileDelta } from '../chain';

export const delta_2_1_314: ProfileDelta = {
  hooks: { textsTrimmed: false },
};
