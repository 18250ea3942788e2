// Backward delta: 2.1.260 (conformance/changelog.json) began naming every mistyped or missing
// parameter's received type `unknown`; this release and the older ones name the type received
// and call a missing parameter missing, as 2.1.285 does again, and word memory's version limit as
// zod 4 does (cron-input-errors, powershell-nopwsh-bypass, tools-deferred-call-before-fetch,
// memory-basics).
import type { ProfileDelta } from '../chain';

export const delta_2_1_259: ProfileDelta = {
  namesReceivedType: true,
  text: { memoryIfVersionTooLong: 'Too big: expected string to have <=64 characters' },
};
