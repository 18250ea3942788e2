// Bisected (conformance/results/2.1.292): ListAgents answers in sections (list-agents-empty), and
// the session waits for every background command after the last turn (task-end-wait-8s).
import type { ProfileDelta } from '../chain';

export const delta_2_1_292: ProfileDelta = {
  listAgentsPages: true,
  finalWaitMs: undefined,
};
