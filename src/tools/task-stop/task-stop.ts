// TaskStop: ends a running background task; a stopped task sends no notification.
import type { TaskStatus, TaskType } from '../background/registry';
import type { ToolContext } from '../types';
import { within } from '../../workspace/types';
import type { TaskStopInput } from './schema';

export type TaskStopOutcome =
  | { kind: 'no-id' }
  | { kind: 'unknown'; taskId: string }
  | { kind: 'not-running'; taskId: string; status: TaskStatus }
  | { kind: 'stopped'; taskId: string; type: TaskType; description: string; command: string };

const idOf = (input: TaskStopInput) => (input.task_id !== undefined && input.task_id !== '' ? input.task_id : input.shell_id);

export function checkTaskStop(input: TaskStopInput, ctx: ToolContext): TaskStopOutcome | undefined {
  const id = idOf(input);
  if (id === undefined || id === '') return { kind: 'no-id' };
  const task = ctx.conversation.tasks.get(id);
  if (!task) return { kind: 'unknown', taskId: id };
  if (task.status !== 'running') return { kind: 'not-running', taskId: id, status: task.status };
  return undefined;
}

/** How long TaskStop waits for a stopped task to end (a shell worker is ended 1 s after the
 * stop; one still starting on a loaded machine takes longer). */
const STOP_WAIT_MS = 10_000;

export async function taskStop(input: TaskStopInput, ctx: ToolContext): Promise<TaskStopOutcome> {
  const early = checkTaskStop(input, ctx);
  if (early) return early;
  const task = ctx.conversation.tasks.get(idOf(input) as string);
  if (!task) return { kind: 'unknown', taskId: idOf(input) as string };
  await task.caughtUp?.();
  // Ended by itself meanwhile: stopping it now would not be what the binary, whose command
  // began at once, finds (it has already reported or is about to).
  if (task.status !== 'running') return { kind: 'not-running', taskId: task.id, status: task.status };
  ctx.conversation.tasks.stop(task, 'TaskStop');
  // The result comes once the task has ended and its output file says so (task-stop-runaway:
  // the next command reads `[killed]`); a task that will not end is not waited for long.
  await within(ctx.ws.clock, task.done, STOP_WAIT_MS);
  // Named by its command where it has one, a monitor's too (monitor-stop), else its description.
  const what = task.command ?? task.description;
  return { kind: 'stopped', taskId: task.id, type: task.type, description: what, command: what };
}
