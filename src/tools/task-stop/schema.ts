import { z } from 'zod';

export const taskStopInput = z.strictObject({
  task_id: z.string().optional(),
  /** Deprecated spelling of task_id; task_id wins when both are given (task-stop-both-ids). */
  shell_id: z.string().optional(),
});
export type TaskStopInput = z.infer<typeof taskStopInput>;
