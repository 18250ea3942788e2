// Bisected (conformance/results/2.1.288): the static gate's refusals take their 2.1.332 wording
// (bash-heredoc-redirect-accept-catrule; 2.1.287 had an interim one, see known-failures).
import type { ProfileDelta } from '../chain';

export const delta_2_1_288: ProfileDelta = {
  permissions: { gateWording: 'cannot-check' },
};
