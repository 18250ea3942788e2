// Backward delta: 2.1.251 (conformance/changelog.json) reworded Write's refusal of a symlink
// path; this release and the older ones give the earlier sentence (write-symlink).
import type { ProfileDelta } from '../chain';

export const delta_2_1_250: ProfileDelta = {
  text: {
    symlinkRefusal: {
      lead: 'Refusing to write through symlink: ',
      tail: '. Resolve the symlink and pass the real target path explicitly.',
    },
  },
};
