import type { Profile } from '../types';
import { SKILLS_2_1_273 } from '../2.1.273/skills';

export const SKILLS_2_1_332: NonNullable<Profile['skills']> = {
  ...SKILLS_2_1_273,
  suggestable: [...SKILLS_2_1_273.suggestable, 'plugin-authoring'],
};
