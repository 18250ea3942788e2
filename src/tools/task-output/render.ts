// TaskOutput outcome -> what the model receives (2.1.273; 2.1.332 does not offer the tool).
import type { Rendered } from '../types';
import type { TaskOutputOutcome } from './task-output';

/** Output over this many characters is cut to its end, after a line naming the whole file
 * (task-output-large: header and tail come to 32,000 characters). */
export const OUTPUT_SHOWN_CHARS = 32_000;

export function shownOutput(output: string, outputFile: string): string {
  if (output.length <= OUTPUT_SHOWN_CHARS) return output;
  const header = `[Truncated. Full output: ${outputFile}]\n\n`;
  return header + output.slice(output.length - (OUTPUT_SHOWN_CHARS - header.length));
}

const error = (text: string): Rendered => ({ content: `<tool_use_error>${text}</tool_use_error>`, is_error: true, structured: `Error: ${text}` });

export function renderTaskOutput(o: TaskOutputOutcome): Rendered {
  if (o.kind === 'no-id') return error('Task ID is required');
  if (o.kind === 'unknown') return error(`No task found with ID: ${o.taskId}`);
  const parts = [
    `<retrieval_status>${o.retrieval}</retrieval_status>`,
    `<task_id>${o.taskId}</task_id>`,
    `<task_type>${o.type}</task_type>`,
    `<status>${o.status}</status>`,
  ];
  if (o.exitCode !== null) parts.push(`<exit_code>${o.exitCode}</exit_code>`);
  // An empty output has no <output> block at all (task-output-block-timeout).
  if (o.output !== '') parts.push(`<output>\n${shownOutput(o.output, o.outputFile).trimEnd()}\n</output>`);
  return {
    content: parts.join('\n\n'),
    is_error: false,
    structured: {
      retrieval_status: o.retrieval,
      // An agent's task carries its prompt and report (dt-tasks-26120706-2; one still running:
      // not recorded).
      task: o.agent
        ? { task_id: o.taskId, task_type: o.type, status: o.status, description: o.description, prompt: o.agent.prompt, ...(o.agent.result !== undefined && { result: o.agent.result }), output: o.output, isRawTranscript: false }
        : { task_id: o.taskId, task_type: o.type, status: o.status, description: o.description, output: o.output, exitCode: o.exitCode },
    },
  };
}

export function explainTaskOutput(o: TaskOutputOutcome): string {
  if (o.kind === 'no-id') return 'TaskOutput needs a task_id; an empty one is refused before anything is looked up.';
  if (o.kind === 'unknown')
    return `No task ${o.taskId} is known to the session: it was never started, it was stopped, or its completion was already reported (a reported task is forgotten).`;
  if (o.retrieval === 'success') return `Task ${o.taskId} has ended (${o.status}); the whole output file is returned, with the exit marker the task appended.`;
  if (o.retrieval === 'timeout') return `Task ${o.taskId} was still running when the wait (timeout) ran out; the output so far is returned.`;
  return `block was false, so TaskOutput did not wait: task ${o.taskId} is still running and the output so far is returned.`;
}
