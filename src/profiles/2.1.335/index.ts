// What 2.1.335's corpus shows differs from 2.1.334, checked against the recordings
// (conformance/results/2.1.335) and heredoc probes on 2.1.335 and 2.1.336.
import type { ProfileDelta } from '../chain';
import { BASH_STAGES_2_1_332 } from '../2.1.332/permissions';

export const delta_2_1_335: ProfileDelta = {
  permissions: {
    // bash-perm-heredoc-substitution: `echo "$(cat <<'EOF'\nhello\nEOF\n)"` ran as read-only on
    // 2.1.334 and is refused on 2.1.335 when the here-document's text is one word; prose and a
    // message option's value (`git commit -m`) still pass, a redirect that needs approval or a
    // top-level `&` is said first.
    bashStages: {
      ...BASH_STAGES_2_1_332,
      line: BASH_STAGES_2_1_332.line.flatMap((x) => (x === 'gate-background' ? [x, 'gate-heredoc-word'] : [x])),
    },
  },
};
