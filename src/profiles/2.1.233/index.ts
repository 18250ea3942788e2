// Backward delta: 2.1.234 (conformance/changelog.json) reworded the changed-file note; this
// release and the older ones say the file "was modified, either by the user or by a linter"
// (cron-durable-create, recorded on 2.1.110, 2.1.196 and 2.1.233).
import type { ProfileDelta } from '../chain';

export const delta_2_1_233: ProfileDelta = {
  text: {
    changedFileNote: {
      lead: 'Note: ',
      tail: " was modified, either by the user or by a linter. This change was intentional, so make sure to take it into account as you proceed (ie. don't revert it unless the user asks you to). Don't tell the user this, since they are already aware. Here are the relevant changes (shown with line numbers):\n",
    },
  },
};
