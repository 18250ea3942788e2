// Bisected (conformance/results/2.1.328): a scheduled tasks file that is not a list of tasks is
// reported as such and left alone (cron-durable-load-array; 2.1.323 had an interim wording).
import type { ProfileDelta } from '../chain';

export const delta_2_1_328: ProfileDelta = {
  cron: {
    file: {
      unreadable:
        'The scheduled tasks file (.claude/scheduled_tasks.json) could not be read as a list of tasks, so it was not changed. Check or repair that file, then try again.',
    },
  },
};
