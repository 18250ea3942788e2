import { z } from 'zod';
import { hasHiddenControl } from '../../text/controls';

// Numbers may arrive as strings ("timeout": "5000"); Claude Code coerces them.
export const semanticNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v),
  z.number(),
);
export const semanticBoolean = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

export const bashInput = z.strictObject({
  command: z.string(),
  timeout: semanticNumber.optional(),
  description: z.string().optional(),
  run_in_background: semanticBoolean.optional(),
  dangerouslyDisableSandbox: semanticBoolean.optional(),
});
export type BashInput = z.infer<typeof bashInput>;

/** Bash's input as a release checks it: from 2.1.191 a command holding a control character the
 * approval dialog would hide is refused, beside the input's other issues (bash-x-hidden-controls);
 * before, the permission check asks about it (`hiddenControlsAsk`). */
export function bashInputFor(refusesHiddenControls: boolean): z.ZodType<BashInput> {
  if (!refusesHiddenControls) return bashInput;
  return bashInput.extend({
    command: z.string().superRefine((command, c) => {
      if (hasHiddenControl(command))
        c.addIssue({
          code: 'custom',
          path: [],
          message: 'command contains control characters that would be hidden in the approval dialog',
        });
    }),
  });
}
