// Bisected (conformance/results/2.1.330): cron jobs expire after 30 days, written in the tasks
// file (cron-durable-*, cron-input-errors), and Grep refuses a literal newline without multiline (grep-multiline-off).
import type { ProfileDelta } from '../chain';

export const delta_2_1_330: ProfileDelta = {
  cron: { maxAgeDays: 30, file: { maxAgeField: true } },
  grepRejectsLiteralNewline: true,
};
