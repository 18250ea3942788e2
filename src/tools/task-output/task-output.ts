// TaskOutput: a background task's state and output so far, optionally after waiting for it.
import type { BackgroundTask, TaskStatus, TaskType } from '../background/registry';
import type { ToolContext } from '../types';
import { isFsError, within, type Clock } from '../../workspace/types';
import { decodeUtf8 } from '../../text/decode';
import type { TaskOutputInput } from './schema';

export type TaskOutputOutcome =
  | { kind: 'no-id' }
  | { kind: 'unknown'; taskId: string }
  | {
      kind: 'task';
      retrieval: 'success' | 'not_ready' | 'timeout';
      taskId: string;
      type: TaskType;
      status: TaskStatus;
      description: string;
      exitCode: number | null;
      outputFile: string;
      /** The whole output file (an agent's: its report). */
      output: string;
      /** A background agent's prompt and report. */
      agent?: { prompt: string; result?: string };
      waitedMs?: number;
    };

export function lookUp(input: TaskOutputInput, ctx: ToolContext): TaskOutputOutcome | BackgroundTask {
  const id = input.task_id;
  if (id === undefined || id === '') return { kind: 'no-id' };
  return ctx.conversation.tasks.get(id) ?? { kind: 'unknown', taskId: id };
}

async function readOutput(ctx: ToolContext, task: BackgroundTask): Promise<string> {
  try {
    return decodeUtf8(await ctx.ws.fs.readFile(task.outputFile));
  } catch (e) {
    if (isFsError(e)) return task.output;
    throw e;
  }
}

/** Waits for the task to end, at most `ms` (or until the call is stopped). */
async function waitFor(clock: Clock, task: BackgroundTask, ms: number, signal?: AbortSignal): Promise<void> {
  let onAbort = () => {};
  const stopped = new Promise<void>((resolve) => {
    onAbort = () => resolve();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  await within(clock, Promise.race([task.done, stopped]), ms);
  signal?.removeEventListener('abort', onAbort);
}

export async function taskOutput(input: TaskOutputInput, ctx: ToolContext): Promise<TaskOutputOutcome> {
  const found = lookUp(input, ctx);
  if ('kind' in found) return found;
  const task = found;
  // The output so far is what the command printed in the time since its launch.
  if (task.status === 'running') await task.caughtUp?.();
  if (input.block && task.status === 'running') {
    await waitFor(ctx.ws.clock, task, input.timeout, ctx.signal);
    // Having waited, the call sees an end that came meanwhile.
    ctx.conversation.tasks.waited('sleep');
  }
  const running = task.status === 'running';
  return {
    kind: 'task',
    retrieval: !running ? 'success' : input.block ? 'timeout' : 'not_ready',
    taskId: task.id,
    type: task.type,
    status: task.status,
    description: task.description,
    exitCode: running ? null : task.exitCode,
    outputFile: task.outputFile,
    output: task.agent ? task.output : await readOutput(ctx, task),
    ...(task.agent && { agent: task.agent }),
  };
}
