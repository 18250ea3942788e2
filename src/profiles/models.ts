// Model-dependent switches both recorded versions share (oracle README, "Model-dependent
// behaviour"): the 4.x family keeps the strict read-before-edit rule and gets its notices inline.
import type { Profile } from './types';

const STRICT = /^claude-(opus|sonnet|haiku)-4/;

export const MODEL_SWITCHES: Pick<Profile, 'relaxedReadBeforeEdit' | 'noticePlacement'> = {
  relaxedReadBeforeEdit: (model) => !STRICT.test(model),
  noticePlacement: (model) => (STRICT.test(model) ? 'inline' : 'attachment'),
};
