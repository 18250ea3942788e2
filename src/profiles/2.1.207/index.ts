// Backward delta: 2.1.208 (conformance/changelog.json) let Edit apply to a file changed since it
// was read when old_string still matches; this release and the older ones refuse it as modified
// since read (ledger-bash-sed-i-stale-strict, recorded on 2.1.110, 2.1.196 and 2.1.207).
import type { ProfileDelta } from '../chain';

export const delta_2_1_207: ProfileDelta = {
  editRecoversStale: false,
};
