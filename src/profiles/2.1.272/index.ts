// Backward delta: 2.1.273 (conformance/changelog.json) added createdInProject to a scheduled
// task written to .claude/scheduled_tasks.json; this release and the older ones write none
// (cron-durable-create and -load-array, recorded on 2.1.110, 2.1.196 and 2.1.237).
import type { ProfileDelta } from '../chain';

export const delta_2_1_272: ProfileDelta = {
  cron: { file: { projectField: false } },
};
