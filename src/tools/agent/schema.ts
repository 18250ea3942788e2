import { z } from 'zod';

/** Every parameter any version takes (`effort`: 2.1.332); the profile's definition narrows it.
 * Not strict: both versions run a call with an unknown key (agent-invalid-enums). */
export const agentInput = z.object({
  description: z.string(),
  prompt: z.string(),
  subagent_type: z.string().optional(),
  model: z.enum(['sonnet', 'opus', 'haiku', 'fable']).optional(),
  effort: z.enum(['low', 'medium', 'high', 'xhigh', 'max']).optional(),
  run_in_background: z.boolean().optional(),
  isolation: z.enum(['worktree', 'remote']).optional(),
});
export type AgentInput = z.infer<typeof agentInput>;
