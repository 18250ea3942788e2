// Bisected (conformance/results/2.1.293): the model aliases name the 5.5 models
// (skill-default-mode-frontmatter: haiku is claude-haiku-5-5).
import type { ProfileDelta } from '../chain';

export const delta_2_1_293: ProfileDelta = {
  agents: {
    modelAliases: {
      sonnet: 'claude-sonnet-5-5',
      opus: 'claude-opus-5-5',
      haiku: 'claude-haiku-5-5',
      fable: 'claude-fable-5-2',
    },
  },
};
