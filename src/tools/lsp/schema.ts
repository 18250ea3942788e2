// The LSP tool's input as both versions check it (lsp-errors): a number given as a string is
// taken as that number ("2" passes), a fraction is not an int, 0 and below are too small, and an
// unexpected parameter is refused.
import { z } from 'zod';
import { OPERATIONS } from '../../workspace/language';

const position = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number().int().positive(),
);

export const lspInput = z.strictObject({
  operation: z.enum(OPERATIONS),
  filePath: z.string(),
  line: position,
  character: position,
  query: z.string().optional(),
});
export type LspInput = z.infer<typeof lspInput>;
