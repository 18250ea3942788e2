import type { ToolModule } from '../types';
import { explainTaskStop, renderTaskStop } from './render';
import { taskStopInput, type TaskStopInput } from './schema';
import { checkTaskStop, taskStop, type TaskStopOutcome } from './task-stop';

export const taskStopTool: ToolModule<TaskStopInput, TaskStopOutcome> = {
  name: 'TaskStop',
  schema: taskStopInput,
  isReadOnly: () => false,
  // Two stops of one task in one model call: the second sees it killed (task-stop-twice-parallel).
  isConcurrencySafe: () => false,
  // Asks no permission in default or acceptEdits mode (difftest seeds 26120703 and 26120706, both releases).
  permissionRequest: (input) => ({ tool: 'TaskStop', kind: 'other', paths: [], input, noPrompt: true }),
  validate: (input, ctx) => Promise.resolve(checkTaskStop(input, ctx)),
  call: taskStop,
  render: (o) => renderTaskStop(o),
  explain: explainTaskStop,
};
