// The deltas of releases recorded after 2.1.332, each in its own folder, checked by a person
// from the intake's proposal (src/cli/intake).
import type { ProfileDelta } from './chain';
import { delta_2_1_334 } from './2.1.334';

export const RECORDED_DELTAS: Readonly<Record<string, ProfileDelta>> = {
  '2.1.334': delta_2_1_334,
};
