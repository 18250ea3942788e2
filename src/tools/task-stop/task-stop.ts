// TaskStop: ends a running background task; a stopped task sends no notification.
import type { TaskStatus, TaskType } from '../background/registry';
import type { ToolContext } from '../types';
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

export function taskStop(input: TaskStopInput, ctx: ToolContext): Promise<TaskStopOutcome> {
  const early = checkTaskStop(input, ctx);
  if (early) return Promise.resolve(early);
  const task = ctx.conversation.tasks.get(idOf(input) as string);
  if (!task) return Promise.resolve({ kind: 'unknown', taskId: idOf(input) as string });
  ctx.conversation.tasks.stop(task, 'TaskStop');
  // Named by its command where it has one, a monitor's too (monitor-stop), else its description.
  const what = task.command ?? task.description;
  return Promise.resolve({ kind: 'stopped', taskId: task.id, type: task.type, description: what, command: what });
}
