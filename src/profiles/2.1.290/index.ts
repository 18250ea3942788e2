// Bisected (conformance/results/2.1.290): the binary-file refusal's advice (read-binary-exe-ext).
import type { ProfileDelta } from '../chain';

export const delta_2_1_290: ProfileDelta = {
  text: {
    binaryFileAdvice:
      'Use a skill for this file type if one is available, or a shell command or script that can read the format.',
  },
};
