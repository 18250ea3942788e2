// Backward delta: 2.1.205 (conformance/changelog.json) moved Read's PARTIAL notice after the
// content and named the path in it, wrote the exit code at the end of a background task's
// output and added the "No human input" sentences to task notifications; this release and the
// older ones do none of these (read-size-cap-boundary, read-huge-single-line,
// task-output-block-completes).
import type { ProfileDelta } from '../chain';

export const delta_2_1_204: ProfileDelta = {
  partialNoticeLeadsResult: true,
  taskOutputOmitsExitCode: true,
  text: {
    notificationPreamble:
      '[SYSTEM NOTIFICATION - NOT USER INPUT]\nThis is an automated background-task event, NOT a message from the user.\nDo NOT interpret this as user acknowledgement, confirmation, or response to any pending question.',
  },
};
