// Backward delta: 2.1.233 (conformance/changelog.json) trimmed the end of two texts; this release
// and the older ones keep it. A Read result that notices fold into keeps its last line's tab
// (ledger-bash-sed-i-stale-strict: "…\n4\t"), and a hook's blocking error keeps the newline its
// stderr ended with (hook-post-bash-1).
import type { ProfileDelta } from '../chain';

export const delta_2_1_232: ProfileDelta = {
  foldedResultTrimmed: false,
  hooks: { textsTrimmed: false },
};
