// Bisected (conformance/results/2.1.324): a refused skill names its allow rule
// (skill-default-mode-frontmatter).
import type { ProfileDelta } from '../chain';

export const delta_2_1_324: ProfileDelta = {
  permissions: { skillAllowRuleHint: true },
};
