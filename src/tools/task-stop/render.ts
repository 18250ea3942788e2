// TaskStop outcome -> what the model receives (the same in 2.1.273 and 2.1.332).
import type { Rendered } from '../types';
import type { TaskStopOutcome } from './task-stop';

const error = (text: string): Rendered => ({ content: `<tool_use_error>${text}</tool_use_error>`, is_error: true, structured: `Error: ${text}` });

export function renderTaskStop(o: TaskStopOutcome): Rendered {
  switch (o.kind) {
    case 'no-id':
      return error('Missing required parameter: task_id');
    case 'unknown':
      return error(`No task found with ID: ${o.taskId}`);
    case 'not-running':
      return error(`Task ${o.taskId} is not running (status: ${o.status})`);
    case 'stopped': {
      const result = {
        message: `Successfully stopped task: ${o.taskId} (${o.description})`,
        task_id: o.taskId,
        task_type: o.type,
        command: o.command,
      };
      return { content: JSON.stringify(result), is_error: false, structured: result };
    }
  }
}

export function explainTaskStop(o: TaskStopOutcome): string {
  switch (o.kind) {
    case 'no-id':
      return 'TaskStop needs task_id (or the deprecated shell_id); an empty one counts as missing.';
    case 'unknown':
      return `No task ${o.taskId} is known: never started, already stopped in an earlier model call, or its completion was already reported.`;
    case 'not-running':
      return `Task ${o.taskId} has already ended (${o.status}) and its notification has not been delivered yet, so there is nothing to stop.`;
    case 'stopped':
      return `Task ${o.taskId} was killed. A stopped task sends no completion notification, and after this model call the model can no longer name it.`;
  }
}
