import { z } from 'zod';

// Numbers may arrive as strings ("timeout": "5000"); Claude Code coerces them.
export const semanticNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v),
  z.number(),
);
export const semanticBoolean = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

/** A C0 control other than tab and newline, DEL, or a C1 control: Claude Code refuses a command
 * holding one, beside any other issue of the input (every C0 control and 31 characters above
 * recorded on 2.1.273, 2.1.332 and 2.1.337: bash-perm-blank-like-bytes, bash-x-hidden-controls).
 * Format characters (zero-width, bidi marks) pass. */
function hiddenControl(command: string): boolean {
  for (let i = 0; i < command.length; i++) {
    const c = command.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a) || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

export const bashInput = z.strictObject({
  command: z.string().superRefine((command, c) => {
    if (hiddenControl(command))
      c.addIssue({
        code: 'custom',
        path: [],
        message: 'command contains control characters that would be hidden in the approval dialog',
      });
  }),
  timeout: semanticNumber.optional(),
  description: z.string().optional(),
  run_in_background: semanticBoolean.optional(),
  dangerouslyDisableSandbox: semanticBoolean.optional(),
});
export type BashInput = z.infer<typeof bashInput>;
