// Bisected (conformance/results/2.1.327): NotebookEdit keeps the file's format (nb-delete).
import type { ProfileDelta } from '../chain';

export const delta_2_1_327: ProfileDelta = {
  notebookKeepsFormat: true,
};
