// Bisected (conformance/results/2.1.309): Bash reports the files a command edited in place
// (ledger-bash-sed-i-stale-strict).
import type { ProfileDelta } from '../chain';

export const delta_2_1_309: ProfileDelta = {
  bashReportsInPlaceEdits: true,
};
