import { z } from 'zod';

/** The refusal when no script source is given: its wording is per version (profile text
 * `workflowMissingSource`), so the schema is built per profile. */
export function workflowInputFor(missingSource: string) {
  return z
    .strictObject({
      script: z.string().max(524288).optional(),
      name: z.string().optional(),
      description: z.string().optional(),
      title: z.string().optional(),
      args: z.unknown().optional(),
      scriptPath: z.string().optional(),
      resumeFromRunId: z.string().regex(/^wf_[a-z0-9-]{6,}$/).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.script === undefined && v.name === undefined && v.scriptPath === undefined)
        ctx.addIssue({ code: 'custom', path: [], message: missingSource });
    });
}

export const workflowInput = workflowInputFor('Must provide script, name, or scriptPath');
export type WorkflowInput = z.infer<typeof workflowInput>;
