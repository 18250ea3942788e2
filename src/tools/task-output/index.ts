import type { ToolModule } from '../types';
import { explainTaskOutput, renderTaskOutput } from './render';
import { taskOutputInput, type TaskOutputInput } from './schema';
import { taskOutput, type TaskOutputOutcome } from './task-output';

export const taskOutputTool: ToolModule<TaskOutputInput, TaskOutputOutcome> = {
  name: 'TaskOutput',
  schema: taskOutputInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  // Asks no permission in default or acceptEdits mode (difftest seeds 26120703 and 26120706, both releases).
  permissionRequest: (input) => ({ tool: 'TaskOutput', kind: 'other', paths: [], input, noPrompt: true }),
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
