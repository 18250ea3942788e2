import { z } from 'zod';

export const skillInput = z.strictObject({
  skill: z.string(),
  args: z.string().optional(),
});
export type SkillInput = z.infer<typeof skillInput>;
