// Bisected (conformance/results/2.1.281): an edit after a relaxed read no longer says the file
// state is current (ledger-bash-sed-i-stale-strict, agent-ledger-sub-read-parent-edit-relaxed),
// a redirect inside the working directory needs approval (perm-allow-redirect-echo) and
// ExitWorktree reports the restored directory (worktree-name-64).
import type { ProfileDelta } from '../chain';

export const delta_2_1_281: ProfileDelta = {
  editSuffixNeedsWholeFile: true,
  permissions: { insideFileCommandWording: 'needs-approval' },
  worktree: { restoredCwdFields: true },
};
