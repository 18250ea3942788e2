// ScheduleWakeup: its input checks and the stop result, recorded on both versions
// (wakeup-validation-stop). A scheduled wakeup's text names a wall-clock time, which the
// oracle cannot pin, so scheduling itself is not emulated.
import { z } from 'zod';
import type { ToolModule } from '../types';

const input = z.strictObject({
  delaySeconds: z.number().optional(),
  reason: z.string().optional(),
  prompt: z.string().optional(),
  noop: z.boolean().optional(),
  stop: z.boolean().optional(),
});
type Input = z.infer<typeof input>;
type Outcome = { kind: 'refused'; text: string } | { kind: 'stopped' } | { kind: 'not-emulated' };

export const scheduleWakeupTool: ToolModule<Input, Outcome> = {
  name: 'ScheduleWakeup',
  schema: input,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  permissionRequest: (i) => ({ tool: 'ScheduleWakeup', kind: 'other', paths: [], input: i }),
  validate: (i, ctx) => {
    if (i.stop === true) return Promise.resolve(undefined);
    const text =
      i.delaySeconds === undefined || i.reason === undefined
        ? '`delaySeconds` and `reason` are required when `stop` is not true.'
        : i.prompt === undefined
          ? '`prompt` is required when `stop` is not true.'
          : i.noop === undefined && ctx.profile.text.wakeupNeedsNoop === true
            ? '`noop` is required when `stop` is not true.'
            : undefined;
    return Promise.resolve(text !== undefined ? { kind: 'refused', text } : undefined);
  },
  call: (i) => Promise.resolve(i.stop === true ? { kind: 'stopped' } : { kind: 'not-emulated' }),
  render: (o, ctx) => {
    if (o.kind === 'refused') return { content: o.text, is_error: true, structured: `Error: ${o.text}` };
    if (o.kind === 'not-emulated') {
      const text = 'cc-playground does not emulate a scheduled wakeup (its result names a wall-clock time).';
      return {
        content: `<tool_use_error>${text}</tool_use_error>`,
        is_error: true,
        structured: `Error: ${text}`,
      };
    }
    const tail = ctx.profile.text.wakeupStopTail ?? '';
    return {
      content: `Loop stopped — any dynamic loop in this session is ended; there was no pending wakeup to cancel. If you are running a fixed-interval /loop (a recurring cron), it is NOT stopped by this call — cancel it with CronDelete. If you armed a Monitor for this loop, TaskStop it now${tail}`,
      is_error: false,
      structured: {
        scheduledFor: 0,
        clampedDelaySeconds: 0,
        wasClamped: false,
        stopped: true,
        cancelledWakeups: 0,
      },
    };
  },
  explain: (o) =>
    o.kind === 'refused'
      ? 'Unless stop is true, ScheduleWakeup needs a delay, a reason and the /loop prompt.'
      : o.kind === 'stopped'
        ? 'Nothing was pending, so stopping only ends the dynamic loop.'
        : 'Scheduling is not emulated: its text depends on the wall clock.',
};
