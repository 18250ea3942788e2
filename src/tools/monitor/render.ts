// Monitor outcome -> what the model receives (2.1.332).
import { formatDuration } from '../bash/output';
import type { Rendered } from '../types';
import type { MonitorOutcome } from './monitor';

export function renderMonitor(o: MonitorOutcome): Rendered {
  if (o.kind === 'no-network')
    return { content: '<tool_use_error>cc-playground has no network: Monitor cannot open a WebSocket here.</tool_use_error>', is_error: true };
  return {
    content: `Monitor started (task ${o.taskId}, expires in ${formatDuration(o.timeoutMs)} unless the source ends first; you get one notice at expiry — re-arm if you still need the watch). You will be notified on each event. Keep working — do not poll or sleep. Events may arrive while you are waiting for the user — an event is not their reply.`,
    is_error: false,
    structured: { taskId: o.taskId, timeoutMs: o.timeoutMs, persistent: false },
  };
}

export function explainMonitor(o: MonitorOutcome): string {
  if (o.kind === 'no-network') return 'Monitor can watch a WebSocket; the playground has no network, so only command monitors run (ws: not emulated).';
  return `The command runs as task ${o.taskId}; each line it prints becomes an event notification with the next model call, and its end (or the ${formatDuration(o.timeoutMs)} expiry) sends a last one. How lines are batched into one event is not recorded.`;
}
