// Bisected (conformance/results/2.1.296): Edit refuses a file in a legacy encoding
// (edit-x-latin1) and a Read over the size cap offers allow_large (read-size-cap-boundary,
// read-huge-single-line).
import type { ProfileDelta } from '../chain';

export const delta_2_1_296: ProfileDelta = {
  writeRefusesUnsafeEncodings: true,
  text: {
    allowLargeHint:
      'To read it anyway, up to what still fits in your context, call Read again with allow_large: true — only if you genuinely need all of it or the user asked for the whole file.',
  },
};
