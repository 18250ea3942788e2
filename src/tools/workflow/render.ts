// Workflow outcome -> what the model receives (wording per version: profile.text.workflow*).
import type { Rendered, ToolContext } from '../types';
import type { WorkflowOutcome } from './workflow';

const error = (text: string): Rendered => ({ content: `<tool_use_error>${text}</tool_use_error>`, is_error: true, structured: `Error: ${text}` });

const SKILL_HINT = 'Load the `workflow-authoring` skill for the script reference if you have not, fix the script, and retry.';

export function renderWorkflow(o: WorkflowOutcome, ctx: ToolContext): Rendered {
  switch (o.kind) {
    case 'not-found':
      return error(`Workflow "${o.name}" not found. Available: deep-research`);
    case 'built-in':
      return error(`cc-playground does not run the built-in workflow ${o.name}.`);
    case 'path-refused': {
      const hint = ctx.profile.text.workflowNoReadHint;
      return error(`scriptPath must be a script path this tool returned, or a file you can already read (the working directory or a directory you have added): ${o.path}${hint ? `\n${hint}` : ''}`);
    }
    case 'path-missing':
      return error(`Workflow script file not found: ${o.path}`);
    case 'invalid':
      return error(`Invalid workflow script: ${o.reason}${o.skillHint ? `\n${SKILL_HINT}` : ''}`);
    case 'launched': {
      const resume = ctx.profile.text.workflowResume ?? { lead: 'To resume after editing the script', tail: '' };
      const content = [
        `Workflow launched in background. Task ID: ${o.taskId}`,
        `Summary: ${o.description}`,
        `Transcript dir: ${o.transcriptDir}`,
        `Script file: ${o.scriptPath}`,
        `(Edit this file with Write/Edit and re-invoke Workflow with {scriptPath: "${o.scriptPath}"} to iterate without resending the script.)`,
        `Run ID: ${o.runId}`,
        `${resume.lead}: Workflow({scriptPath: "${o.scriptPath}", resumeFromRunId: "${o.runId}"}) — ${resume.tail}`,
        '',
        'You will be notified when it completes. Use /workflows to watch live progress.',
      ].join('\n');
      return {
        content,
        is_error: false,
        structured: {
          status: 'async_launched',
          taskId: o.taskId,
          taskType: 'local_workflow',
          workflowName: o.name,
          runId: o.runId,
          summary: o.description,
          transcriptDir: o.transcriptDir,
          scriptPath: o.scriptPath,
        },
      };
    }
  }
}

export function explainWorkflow(o: WorkflowOutcome): string {
  switch (o.kind) {
    case 'not-found':
      return `No saved or built-in workflow is named ${o.name}; a name wins over an inline script.`;
    case 'built-in':
      return 'Built-in workflows run many agents; the playground does not emulate them.';
    case 'path-refused':
      return 'Without the Read tool, Workflow takes only script paths it returned itself.';
    case 'path-missing':
      return 'The scriptPath names no file.';
    case 'invalid':
      return 'The script must start with `export const meta = {...}`, a pure literal with a name and a description, and parse as plain JavaScript.';
    case 'launched':
      return `The script passed the checks and was saved to ${o.scriptPath}; the workflow runs as task ${o.taskId}. The playground does not run workflow scripts (not emulated), so the task stays running until stopped and no completion notification follows.`;
  }
}
