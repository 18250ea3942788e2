// Bisected (conformance/results/2.1.302): EnterWorktree quotes its path (worktree-name-64).
import type { ProfileDelta } from '../chain';

export const delta_2_1_302: ProfileDelta = {
  worktree: { curlyQuotes: true },
};
