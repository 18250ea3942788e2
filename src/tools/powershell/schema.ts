import { z } from 'zod';
import { semanticBoolean, semanticNumber } from '../bash/schema';

// The parameters of the recorded definition (src/profiles/<version>/powershell.json), Bash's.
export const powershellInput = z.strictObject({
  command: z.string(),
  timeout: semanticNumber.optional(),
  description: z.string().optional(),
  run_in_background: semanticBoolean.optional(),
  dangerouslyDisableSandbox: semanticBoolean.optional(),
});
export type PowerShellInput = z.infer<typeof powershellInput>;
