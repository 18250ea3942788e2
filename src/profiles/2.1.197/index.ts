// Backward delta: 2.1.198 (conformance/changelog.json) added the warning about empty cached
// results to Workflow's launch text; this release and the older ones end the resume sentence
// at "cached results." (workflow-stop).
import type { ProfileDelta } from '../chain';

export const delta_2_1_197: ProfileDelta = {
  text: { workflowResume: { lead: 'To resume after editing the script', tail: 'completed agents return cached results.' } },
};
