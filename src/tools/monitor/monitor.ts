// Monitor (2.1.332; 2.1.273 keeps it disabled): runs a command in the background and turns each
// stdout line into an event notification. Recorded: monitor-* scenarios. Lines that arrive
// together are one event; lines still waiting when the command ends ride on the end notice.
import { formatDuration } from '../bash/output';
import { BACKGROUND_BUDGET, quote, spins } from '../bash/bash';
import { sanitizePath, sessionId } from '../bash/paths';
import { startedTask } from '../background/registry';
import { escapeXml, notificationBody } from '../background/notification';
import type { ToolContext } from '../types';
import { every, isFsError } from '../../workspace/types';
import { decodeUtf8 } from '../../text/decode';
import type { MonitorInput } from './schema';

/** Deadlines above this are cut to it (the tool's description). */
export const MONITOR_MAX_MS = 600_000;
/** How often the output file is looked at, and how long lines wait for more before they are
 * one event (not recorded: the binary's batching window is unknown; a second apart was two). */
const POLL_MS = 100;
const QUIET_MS = 300;

export type MonitorOutcome =
  | { kind: 'started'; taskId: string; timeoutMs: number }
  /** ws: the playground has no network (not emulated). */
  | { kind: 'no-network' };

const event = (lines: readonly string[]) => `<event>${escapeXml(lines.join('\n'))}</event>`;

export function monitor(input: MonitorInput, ctx: ToolContext): Promise<MonitorOutcome> {
  if (input.command === undefined) return Promise.resolve({ kind: 'no-network' });
  const { ws, conversation } = ctx;
  const tasks = conversation.tasks;
  const timeoutMs = Math.min(input.timeout_ms, MONITOR_MAX_MS);
  const taskId = `m${conversation.nextId('monitor').replace(/\D/g, '').padStart(8, '0')}`;
  const tmp = conversation.env.TMPDIR ?? ws.info.tmp;
  const outputFile = `${tmp}/claude-0/${sanitizePath(ws.info.cwd)}/${sessionId(conversation)}/tasks/${taskId}.output`;
  const stop = new AbortController();
  // A monitor is a Bash task to TaskStop (monitor-stop: task_type local_bash, its command).
  const task = startedTask({
    id: taskId,
    type: 'local_bash',
    monitor: true,
    description: input.description,
    command: input.command,
    callId: ctx.callId,
    outputFile,
    stop: () => stop.abort(),
  });
  const summary = escapeXml(input.description);
  let seen = 0;
  let waiting: string[] = [];
  let lastLine = 0;
  let delivered = 0;
  let expired = false;
  const read = async () => {
    try {
      return decodeUtf8(await ws.fs.readFile(outputFile));
    } catch (e) {
      if (isFsError(e)) return '';
      throw e;
    }
  };
  const take = async (final: boolean) => {
    const text = await read();
    task.output = text;
    const complete = final ? text : text.slice(0, text.lastIndexOf('\n') + 1);
    if (complete.length > seen) {
      const fresh = complete.slice(seen).replace(/\n$/, '').split('\n');
      seen = complete.length;
      waiting.push(...fresh);
      lastLine = ws.clock.elapsed();
    }
  };
  const flush = () => {
    if (waiting.length === 0) return;
    tasks.notify({
      taskId,
      keepsTask: true,
      text: notificationBody({ taskId, summary: `Monitor event: "${summary}"`, extra: [event(waiting)], preamble: ctx.profile.text.notificationPreamble }),
    });
    delivered += waiting.length;
    waiting = [];
  };
  const poll = every(ws.clock, POLL_MS, () => {
    void take(false).then(() => {
      if (waiting.length > 0 && ws.clock.elapsed() - lastLine >= QUIET_MS) flush();
      tasks.changed();
    });
  });
  const expiry = ws.clock.timer(() => {
    expired = true;
    stop.abort();
  }, timeoutMs);
  const running = (async () => {
    await ws.fs.mkdir(outputFile.slice(0, outputFile.lastIndexOf('/')), { recursive: true });
    await ws.fs.writeFile(outputFile, new Uint8Array());
    return ws.shell.run(`exec >>${quote(outputFile)}; ${input.command ?? ''}`, {
      cwd: conversation.cwd,
      env: { ...conversation.env, CLAUDECODE: '1' },
      timeoutMs: MONITOR_MAX_MS,
      signal: stop.signal,
      budget: BACKGROUND_BUDGET,
      ...(spins(input.command ?? '', ws.info.home) ? { detached: true as const } : {}),
    });
  })();
  task.done = running.then(async (r) => {
    poll();
    expiry();
    await take(true);
    if (task.stoppedBy !== undefined) return;
    if (expired) {
      flush();
      task.status = 'killed';
      // Recorded with no events (monitor-expiry); the wording after events is not recorded.
      const what =
        delivered === 0
          ? 'with no events delivered'
          : `after ${delivered} event${delivered === 1 ? '' : 's'}`;
      tasks.notify({
        taskId,
        text: notificationBody({
          taskId,
          preamble: ctx.profile.text.notificationPreamble,
          summary: `Monitor event: "${summary}"`,
          extra: [
            `<event>[Monitor expired after ${formatDuration(timeoutMs)} ${what}. Re-arm it if you still need the watch — and widen the filter if silence was unexpected.]</event>`,
          ],
        }),
      });
      return;
    }
    task.exitCode = r.exitCode;
    task.status = r.exitCode === 0 ? 'completed' : 'failed';
    tasks.notify({
      taskId,
      text: notificationBody({
        taskId,
        preamble: ctx.profile.text.notificationPreamble,
        callId: ctx.callId,
        outputFile,
        status: task.status,
        summary:
          r.exitCode === 0
            ? `Monitor "${summary}" stream ended`
            : `Monitor "${summary}" script failed (exit ${r.exitCode})`,
        extra: waiting.length > 0 ? [event(waiting)] : [],
      }),
    });
    waiting = [];
  });
  tasks.add(task);
  conversation.background.push(task.done);
  return Promise.resolve({ kind: 'started', taskId, timeoutMs });
}
