// Workflow: input checks and the launch as the binary does them. The script itself is not run:
// running a share link's JavaScript would run untrusted code in the page. A script whose body is
// only `return <literal or args>` completes with that value (its result needs no running);
// any other launched task stays running (TaskStop ends it) and sends no completion notification
// (not emulated).
import { isAbsolute, resolve } from 'pathe';
import { sanitizePath, sessionId } from '../bash/paths';
import { startedTask } from '../background/registry';
import { TOOLS_FLAG_KEY, type ToolContext } from '../types';
import { isFsError, sleep } from '../../workspace/types';
import { decodeUtf8 } from '../../text/decode';
import { literalResult, readMeta } from './meta';
import { escapeXml, notificationBody } from '../background/notification';

import type { WorkflowInput } from './schema';

/** How long a literal workflow "runs" (the recorded runs took 14 to 109 ms). */
const WORKFLOW_RUN_MS = 20;
/** A workflow's notice waits for the next model call unless the calls after it in its own call
 * ran this long (recorded: next call after two more Workflow calls on 2.1.332, the same call
 * on 2.1.273; a slow command after it outlasts any recorded run). Wall time only decides past
 * a margin far above the run, so a loaded host does not change the outcome. */
const WORKFLOW_SAME_CALL_AFTER_MS = 1000;

/** The built-in workflows each recorded version lists (workflow-invalid-inputs). */
export const BUILT_IN_WORKFLOWS = ['deep-research'];

export type WorkflowOutcome =
  | { kind: 'not-found'; name: string }
  | { kind: 'path-refused'; path: string }
  | { kind: 'path-missing'; path: string }
  | { kind: 'invalid'; reason: string; skillHint: boolean }
  | { kind: 'built-in'; name: string }
  | {
      kind: 'launched';
      taskId: string;
      runId: string;
      name: string;
      description: string;
      transcriptDir: string;
      scriptPath: string;
      args: unknown;
    };

interface Source {
  script: string;
  /** The file it came from (scriptPath): the launch names it instead of a saved copy. */
  file?: string;
}

async function source(input: WorkflowInput, ctx: ToolContext): Promise<Source | WorkflowOutcome> {
  if (input.scriptPath !== undefined) {
    const path = input.scriptPath;
    // Without Read the tool takes only paths it returned itself (workflow-scriptpath-*, recorded
    // with --tools Bash,Workflow); with Read a missing file is named as such.
    if (!ctx.offered.has('Read') && !isOwnScript(ctx, path)) return { kind: 'path-refused', path };
    const abs = isAbsolute(path) ? path : resolve(ctx.ws.info.cwd, path);
    try {
      return { script: decodeUtf8(await ctx.ws.fs.readFile(abs)), file: abs };
    } catch (e) {
      if (isFsError(e)) return { kind: 'path-missing', path };
      throw e;
    }
  }
  if (input.name !== undefined) {
    if (BUILT_IN_WORKFLOWS.includes(input.name)) return { kind: 'built-in', name: input.name };
    return { kind: 'not-found', name: input.name };
  }
  return { script: input.script ?? '' };
}

const scriptsDir = (ctx: ToolContext) =>
  `${ctx.ws.info.home}/.claude/projects/${sanitizePath(ctx.ws.info.cwd)}/${sessionId(ctx.conversation)}`;

function isOwnScript(ctx: ToolContext, path: string): boolean {
  return path.startsWith(`${scriptsDir(ctx)}/workflows/scripts/`);
}

export async function checkWorkflow(
  input: WorkflowInput,
  ctx: ToolContext,
): Promise<WorkflowOutcome | undefined> {
  const src = await source(input, ctx);
  if ('kind' in src) return src;
  const meta = readMeta(src.script);
  if (!meta.ok) return { kind: 'invalid', reason: meta.reason, skillHint: offersSkill(ctx) };
  return undefined;
}

/** The refusal points at the workflow-authoring skill where the Skill tool is offered
 * (workflow-invalid-with-skill; both versions' default sets have it). This build has no Skill
 * tool, so the session's --tools list decides. */
function offersSkill(ctx: ToolContext): boolean {
  const flag = ctx.conversation.state.get(TOOLS_FLAG_KEY) as readonly string[] | null | undefined;
  if (flag === null) return true;
  return flag === undefined ? ctx.offered.has('Skill') : flag.includes('Skill');
}

/** Run ids look like the binary's (`wf_` + 8 hex, `-`, 3 hex); deterministic here. */
function runId(ctx: ToolContext): string {
  const n = Number(ctx.conversation.nextId('workflow-run').replace(/\D/g, ''));
  return `wf_${n.toString(16).padStart(8, '0')}-${(n * 0x9e3).toString(16).slice(-3).padStart(3, '0')}`;
}

export async function workflow(input: WorkflowInput, ctx: ToolContext): Promise<WorkflowOutcome> {
  const src = await source(input, ctx);
  if ('kind' in src) return src;
  const meta = readMeta(src.script);
  if (!meta.ok) return { kind: 'invalid', reason: meta.reason, skillHint: offersSkill(ctx) };
  const run = runId(ctx);
  const dir = scriptsDir(ctx);
  // A script given inline is saved under the session; one from scriptPath stays where it is
  // (workflow-scriptpath-with-read).
  const scriptPath = src.file ?? `${dir}/workflows/scripts/${meta.name}-${run}.js`;
  const transcriptDir = `${dir}/subagents/workflows/${run}`;
  if (src.file === undefined) {
    await ctx.ws.fs.mkdir(`${dir}/workflows/scripts`, { recursive: true });
    await ctx.ws.fs.writeFile(scriptPath, new TextEncoder().encode(src.script));
  }
  const taskId = `w${ctx.conversation.nextId('workflow-task').replace(/\D/g, '').padStart(8, '0')}`;
  const tmp = ctx.conversation.env.TMPDIR ?? ctx.ws.info.tmp;
  const task = startedTask({
    id: taskId,
    type: 'local_workflow',
    description: meta.description,
    callId: ctx.callId,
    outputFile: `${tmp}/claude-0/${sanitizePath(ctx.ws.info.cwd)}/${sessionId(ctx.conversation)}/tasks/${taskId}.output`,
    done: new Promise<void>(() => {}),
    stop: () => {},
  });
  const tasks = ctx.conversation.tasks;
  const result = literalResult(meta.body, input.args);
  if (result === undefined)
    task.output = '(cc-playground does not run workflow scripts that do more than return a literal)';
  else {
    // The run takes a moment, so its notice comes with a later model call, as recorded.
    const held = { call: tasks.callNumber, unlessAfter: ctx.ws.clock.elapsed() + WORKFLOW_SAME_CALL_AFTER_MS };
    task.done = sleep(ctx.ws.clock, WORKFLOW_RUN_MS).then(() => {
      if (task.status !== 'running') return;
      task.status = 'completed';
      task.output = JSON.stringify(result.value) ?? '';
      const rerunArgs = input.args === undefined ? '' : `, args: ${JSON.stringify(input.args)}`;
      tasks.notify({
        taskId,
        held,
        text: notificationBody({
          taskId,
          preamble: ctx.profile.text.notificationPreamble,
          callId: ctx.callId,
          outputFile: task.outputFile,
          status: 'completed',
          summary: `Dynamic workflow "${escapeXml(meta.description)}" completed`,
          extra: [
            `<result>${task.output}</result>`,
            `<diagnostics>Per-agent results: ${transcriptDir}/journal.jsonl — one {"type":"result",...} line per completed agent with its full return value.\nIf the result above is empty or unexpected, Read this file BEFORE diagnosing — do not assume agents returned non-empty results.\nTo re-run with edited post-processing: Workflow({scriptPath: '${scriptPath}', resumeFromRunId: '${run}'${rerunArgs}}) — ${ctx.profile.text.workflowRerunTail ?? ''}</diagnostics>`,
            `<usage><agent_count>0</agent_count><agents_done>0</agents_done><agents_error>0</agents_error><agents_skipped>0</agents_skipped><agents_empty_result>0</agents_empty_result><subagent_tokens>0</subagent_tokens><tool_uses>0</tool_uses><duration_ms>${WORKFLOW_RUN_MS}</duration_ms></usage>`,
          ],
        }),
      });
    });
    task.stop = () => undefined;
    ctx.conversation.background.push(task.done);
  }
  tasks.add(task);
  return {
    kind: 'launched',
    taskId,
    runId: run,
    name: meta.name,
    description: meta.description,
    transcriptDir,
    scriptPath,
    args: input.args,
  };
}
