// Bisected (conformance/results/2.1.319): without a classifier, auto and plan mode say the
// safety check is unavailable (perm-plan-edit-doublestar-allow, web-preapproved-plan).
import type { ProfileDelta } from '../chain';

export const delta_2_1_319: ProfileDelta = {
  permissions: { classifierUnavailableWording: 'unavailable', unavailableCountsAsDenial: false },
};
