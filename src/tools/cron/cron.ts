// CronCreate / CronList / CronDelete on session-only jobs (2.1.273). Jobs live in the
// conversation; nothing fires in a replay. Durable jobs (.claude/scheduled_tasks.json) are not
// recorded yet and are refused as such.
import { z } from 'zod';
import type { Rendered, ToolContext, ToolModule } from '../types';
import { semanticBoolean } from '../bash/schema';

export interface CronJob {
  id: string;
  cron: string;
  humanSchedule: string;
  prompt: string;
  recurring: boolean;
  durable: boolean;
}

const JOBS_KEY = 'Cron.jobs';

function jobs(ctx: ToolContext): CronJob[] {
  let list = ctx.conversation.state.get(JOBS_KEY) as CronJob[] | undefined;
  if (!list) {
    list = [];
    ctx.conversation.state.set(JOBS_KEY, list);
  }
  return list;
}

const RANGES: readonly [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

/** One cron field: `*`, a number, a range, a list, each with an optional `/step`. */
function validField(field: string, [lo, hi]: [number, number]): boolean {
  return field.split(',').every((part) => {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return false;
    if (m[4] !== undefined && Number(m[4]) === 0) return false;
    if (m[1] === '*') return true;
    const a = Number(m[2]);
    const b = m[3] !== undefined ? Number(m[3]) : a;
    return a >= lo && b <= hi && a <= b;
  });
}

export function validCron(cron: string): boolean {
  const fields = cron.trim().split(/\s+/);
  return fields.length === 5 && fields.every((f, i) => validField(f, RANGES[i] as [number, number]));
}

/** The schedule as Claude Code words it, for the shapes recorded (cron-create-list-invalid,
 * cron-schedules-list); any other expression is shown as written. */
export function humanSchedule(cron: string): string {
  const f = cron.trim().split(/\s+/);
  const rest = f.slice(1).join(' ');
  const every = /^\*\/(\d+)$/.exec(f[0] ?? '');
  if (every && rest === '* * * *')
    return Number(every[1]) === 1 ? 'Every minute' : `Every ${every[1]} minutes`;
  // Recorded for 9:00 only; the 12-hour clock around it is assumed.
  if (/^\d+$/.test(f[0] ?? '') && /^\d+$/.test(f[1] ?? '') && f.slice(2).join(' ') === '* * 1-5') {
    const h = Number(f[1]);
    return `Weekdays at ${h % 12 === 0 ? 12 : h % 12}:${(f[0] as string).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  }
  if (/^\d+$/.test(f[0] ?? '') && rest === '* * * *')
    return `Every hour at :${(f[0] as string).padStart(2, '0')}`;
  return cron;
}

const err = (text: string): Rendered => ({
  content: `<tool_use_error>${text}</tool_use_error>`,
  is_error: true,
  structured: `Error: ${text}`,
});

const cronCreateInput = z.strictObject({
  cron: z.string(),
  prompt: z.string(),
  recurring: semanticBoolean.optional(),
  durable: semanticBoolean.optional(),
});
type CronCreateInput = z.infer<typeof cronCreateInput>;
type CreateOutcome =
  { kind: 'invalid'; cron: string } | { kind: 'durable' } | { kind: 'created'; job: CronJob };

export const cronCreateTool: ToolModule<CronCreateInput, CreateOutcome> = {
  name: 'CronCreate',
  schema: cronCreateInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  permissionRequest: (input) => ({ tool: 'CronCreate', kind: 'other', paths: [], input, noPrompt: true }),
  validate: (input) =>
    Promise.resolve(
      !validCron(input.cron)
        ? { kind: 'invalid', cron: input.cron }
        : input.durable === true
          ? { kind: 'durable' }
          : undefined,
    ),
  call: (input, ctx) => {
    const n = ctx.conversation.nextId('cron').replace(/\D/g, '');
    const id = `c0${Number(n).toString(16).padStart(6, '0')}`;
    const job: CronJob = {
      id,
      cron: input.cron,
      humanSchedule: humanSchedule(input.cron),
      prompt: input.prompt,
      recurring: input.recurring !== false,
      durable: false,
    };
    jobs(ctx).push(job);
    return Promise.resolve({ kind: 'created', job });
  },
  render: (o) => {
    if (o.kind === 'invalid')
      return err(`Invalid cron expression '${o.cron}'. Expected 5 fields: M H DoM Mon DoW.`);
    if (o.kind === 'durable')
      return err('cc-playground has not recorded durable cron jobs (.claude/scheduled_tasks.json) yet.');
    const { job } = o;
    const text = job.recurring
      ? `Scheduled recurring job ${job.id} (${job.humanSchedule}). Session-only (not written to disk, dies when Claude exits). Auto-expires after 7 days. Use CronDelete to cancel sooner.`
      : `Scheduled one-shot task ${job.id} (${job.humanSchedule}). Session-only (not written to disk, dies when Claude exits). It will fire once then auto-delete.`;
    return {
      content: text,
      is_error: false,
      structured: {
        id: job.id,
        humanSchedule: job.humanSchedule,
        recurring: job.recurring,
        durable: job.durable,
      },
    };
  },
  explain: (o) =>
    o.kind === 'invalid'
      ? 'A cron expression has five fields (minute hour day-of-month month day-of-week), each within its range.'
      : o.kind === 'durable'
        ? 'Durable jobs are written to .claude/scheduled_tasks.json; the playground has no recording of that yet.'
        : 'The job lives in this session only; nothing fires while a scenario replays.',
};

const cronListInput = z.strictObject({});
export const cronListTool: ToolModule<Record<string, never>, CronJob[]> = {
  name: 'CronList',
  schema: cronListInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionRequest: (input) => ({ tool: 'CronList', kind: 'other', paths: [], input, noPrompt: true }),
  call: (_input, ctx) => Promise.resolve(jobs(ctx).map((j) => ({ ...j }))),
  render: (list) => ({
    content:
      list.length === 0
        ? 'No scheduled jobs.'
        : list
            .map(
              (j) =>
                `${j.id} — ${j.humanSchedule} (${j.recurring ? 'recurring' : 'one-shot'}) [session-only]: ${j.prompt}`,
            )
            .join('\n'),
    is_error: false,
    structured: { jobs: list },
  }),
  explain: (list) =>
    list.length === 0
      ? 'No job was scheduled in this session.'
      : `${list.length} job(s) scheduled in this session.`,
};

const cronDeleteInput = z.strictObject({ id: z.string() });
type CronDeleteInput = z.infer<typeof cronDeleteInput>;
type DeleteOutcome = { kind: 'unknown'; id: string } | { kind: 'deleted'; id: string };

export const cronDeleteTool: ToolModule<CronDeleteInput, DeleteOutcome> = {
  name: 'CronDelete',
  schema: cronDeleteInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  permissionRequest: (input) => ({ tool: 'CronDelete', kind: 'other', paths: [], input, noPrompt: true }),
  validate: (input, ctx) =>
    Promise.resolve(jobs(ctx).some((j) => j.id === input.id) ? undefined : { kind: 'unknown', id: input.id }),
  call: (input, ctx) => {
    const list = jobs(ctx);
    list.splice(
      list.findIndex((j) => j.id === input.id),
      1,
    );
    return Promise.resolve({ kind: 'deleted', id: input.id });
  },
  render: (o) =>
    o.kind === 'unknown'
      ? err(`No scheduled job with id '${o.id}'`)
      : // Not recorded: the oracle cannot script a created job's id back into CronDelete.
        { content: `Cancelled job ${o.id}.`, is_error: false, structured: { id: o.id } },
  explain: (o) =>
    o.kind === 'unknown' ? `No job of this session has the id ${o.id}.` : `Job ${o.id} was removed.`,
};
