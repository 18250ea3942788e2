// Backward delta: 2.1.229 (conformance/changelog.json) reworded the answer to a call of a tool
// that is left out or disabled; this release and the older ones say the tool "exists but is not
// enabled in this context" (monitor-default-tools, memory-basics, list-agents-empty,
// task-output-string-args).
import type { ProfileDelta } from '../chain';

const TAIL = 'exists but is not enabled in this context. Use one of the available tools instead.';

export const delta_2_1_228: ProfileDelta = {
  permissions: { disabledToolTail: TAIL },
  disabledTools: { Monitor: `<tool_use_error>Error: No such tool available: Monitor. Monitor ${TAIL}</tool_use_error>` },
};
