// Bisected (conformance/results/2.1.329): the scheduled tasks file records the sign-in a job was
// made under (cron-durable-create).
import type { ProfileDelta } from '../chain';

export const delta_2_1_329: ProfileDelta = {
  cron: { file: { signIn: 'none' } },
};
