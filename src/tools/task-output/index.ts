import type { ToolModule } from '../types';
import { explainTaskOutput, renderTaskOutput } from './render';
import { taskOutputInput, type TaskOutputInput } from './schema';
import { taskOutput, type TaskOutputOutcome } from './task-output';

export const taskOutputTool: ToolModule<TaskOutputInput, TaskOutputOutcome> = {
  name: 'TaskOutput',
  schema: taskOutputInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionRequest: (input) => ({ tool: 'TaskOutput', kind: 'other', paths: [], input }),
  validate: (input, ctx) => {
    if (input.task_id === undefined || input.task_id === '') return Promise.resolve({ kind: 'no-id' });
    if (!ctx.conversation.tasks.get(input.task_id))
      return Promise.resolve({ kind: 'unknown', taskId: input.task_id });
    return Promise.resolve(undefined);
  },
  call: taskOutput,
  render: (o) => renderTaskOutput(o),
  explain: explainTaskOutput,
};
