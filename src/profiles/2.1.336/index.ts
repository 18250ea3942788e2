// What 2.1.336's corpus shows differs from 2.1.335, checked against the recordings
// (conformance/results/2.1.336; the rest of the intake's proposal is host, timing or not in the
// profile yet: conformance/known-failures.txt).
import type { ProfileDelta } from '../chain';

export const delta_2_1_336: ProfileDelta = {
  // glob-x-bad-class-with-slash, glob-x-nested-braces, glob-x-literal-prefix: `src/[a-` is refused
  // as '/[a-' (was 'src/[a-'), `nosuch/[a-` finds nothing (was refused); found files are named as
  // before, and a pattern under `path` is taken as before.
  globSearchesFromLiteralPrefix: true,
  webFetch: {
    // web-domain-check-bodies: a domain check answered 200 with "not json" refused the host on
    // 2.1.335 ("Claude Code is unable to fetch from docs.example.com") and is a failed check on
    // 2.1.336 ("Unable to verify if domain … is safe to fetch …"); a JSON body without
    // can_fetch, or with can_fetch "yes", still refuses the host (recorded alike).
    unparsableCheckUnverified: true,
  },
};
