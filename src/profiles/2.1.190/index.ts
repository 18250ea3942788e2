// Backward delta: 2.1.191 (conformance/changelog.json) refuses a Bash command holding a control
// character the approval dialog would hide in the tool's schema; this release and the older ones
// ask about it instead, after deny and ask rules (bash-perm-blank-like-bytes, bash-x-hidden-controls,
// bisected between 2.1.110 and 2.1.273).
import type { ProfileDelta } from '../chain';

export const delta_2_1_190: ProfileDelta = {
  permissions: { hiddenControlsAsk: true },
};
