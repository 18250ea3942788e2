// A background agent as a task of the conversation: TaskOutput reads it, TaskStop stops it, and
// its notification comes when the model can see it ended, as a Bash task's does (2.1.273:
// dt-tasks-26120706-2, -3, -18, agent-bg-true-then-read; 2.1.332: dt-tasks-26120703-4, -8).
import { startedTask } from '../background/registry';
import { asReminder } from '../background/notification';
import { within } from '../../workspace/types';
import type { Attachment, ToolContext } from '../types';
import { killedText, notificationText } from './render';

interface Hand {
  agentId: string;
  description: string;
  outputFile: string;
}

const asFinal = (as: readonly Attachment[]): Attachment[] => as.map(({ deferred: _d, ...a }) => a);

/** How long an agent launched after a shell in the same message may take to be seen ended in it. */
const AGENT_BESIDE_SHELL_MS = 200;

export async function backgroundAgentTask(
  ctx: ToolContext,
  hand: Hand,
  prompt: string,
  done: Promise<{ text: string; toolNames: string[] }>,
  finalNotes: () => Promise<Attachment[]>,
): Promise<void> {
  const tasks = ctx.conversation.tasks;
  const { agentId } = hand;
  const callId = ctx.callId;
  const task = startedTask({
    id: agentId,
    type: 'local_agent',
    description: hand.description,
    callId,
    outputFile: hand.outputFile,
    agent: { prompt },
    // Stopped, it says so once the model can see it (after the last turn on 2.1.332; when a
    // version without deferQuickEnds delivers it is not recorded).
    stop: () => {
      const text = killedText(callId, hand);
      tasks.ended(
        agentId,
        () =>
          tasks.notify({
            taskId: agentId,
            text,
            keepsTask: true,
            asFinal: [
              {
                role: 'user',
                type: 'text',
                text: asReminder(text),
                group: agentId,
              },
            ],
          }),
        tasks.callNumber,
      );
    },
  });
  task.done = (async () => {
    const r = await done;
    const notes = asFinal(await finalNotes());
    if (task.status !== 'running') return;
    // The agent stays known after its notification (dt-tasks-26120706-18: TaskStop then says it
    // is not running).
    tasks.ended(
      agentId,
      () => {
        if (task.status !== 'running') return;
        task.status = 'completed';
        task.output = r.text;
        task.agent = { prompt, result: r.text };
        tasks.notify({
          taskId: agentId,
          text: notificationText(callId, { ...hand, report: r.text, toolNames: r.toolNames }),
          keepsTask: true,
          asFinal: notes,
        });
      },
      undefined,
      true,
    );
  })();
  tasks.add(task);
  ctx.conversation.background.push(task.done);
  // A shell started beside it gives its answer time to come back within this message (the other
  // way round: the Bash tool's wait for running agents).
  if (tasks.shellStartedInCall()) await within(ctx.ws.clock, task.done, AGENT_BESIDE_SHELL_MS);
}
