// Bisected (conformance/results/2.1.292): ListAgents answers in sections (list-agents-empty).
import type { ProfileDelta } from '../chain';

export const delta_2_1_292: ProfileDelta = {
  listAgentsPages: true,
};
