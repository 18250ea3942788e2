import { z } from 'zod';
import { semanticBoolean, semanticNumber } from '../bash/schema';

// Not strict: an unknown parameter is ignored (task-output-extra-param). A missing or empty
// task_id is the tool's own refusal, not a schema error (task-output-missing-id).
export const taskOutputInput = z.object({
  task_id: z.string().optional(),
  block: semanticBoolean.default(true),
  timeout: semanticNumber.pipe(z.number().min(0).max(600000)).default(30000),
});
export type TaskOutputInput = z.infer<typeof taskOutputInput>;
