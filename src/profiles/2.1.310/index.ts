// Bisected (conformance/results/2.1.310): Monitor is offered (monitor-default-tools,
// tools-search-keywords-2, lsp-x-file-too-large).
import type { ProfileDelta } from '../chain';

export const delta_2_1_310: ProfileDelta = {
  disabledTools: { Monitor: undefined },
};
