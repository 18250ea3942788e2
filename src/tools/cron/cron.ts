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
  /** When it fires next (2.1.332 shows it); the binary adds a random jitter, not emulated. */
  nextFireAt?: number;
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

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const clock12 = (h: number, m: string): string =>
  `${h % 12 === 0 ? 12 : h % 12}:${m.padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;

/** The schedule as Claude Code words it (cron-human-schedules, cron-names-valid, cron-one-shot):
 * steps of minutes, hours at a minute, days, one weekday, weekdays; any other expression is
 * shown as written. */
export function humanSchedule(cron: string): string {
  const f = cron.trim().split(/\s+/);
  const [min = '', hour = '', dom = '', mon = '', dow = ''] = f;
  const num = (x: string) => /^\d+$/.test(x);
  const rest = `${dom} ${mon} ${dow}`;
  if (hour === '*' && rest === '* * *') {
    if (min === '*' || min === '*/1') return 'Every minute';
    const every = /^\*\/(\d+)$/.exec(min);
    if (every) return `Every ${every[1]} minutes`;
    if (num(min)) return Number(min) === 0 ? 'Every hour' : `Every hour at :${min.padStart(2, '0')}`;
  }
  const hours = /^\*\/(\d+)$/.exec(hour);
  if (num(min) && hours && rest === '* * *')
    return `Every ${hours[1]} hours${Number(min) === 0 ? '' : ` at :${min.padStart(2, '0')}`}`;
  if (num(min) && num(hour) && dom === '*' && mon === '*') {
    const at = clock12(Number(hour), min);
    if (dow === '*') return `Every day at ${at}`;
    if (dow === '1-5') return `Weekdays at ${at}`;
    if (num(dow) && Number(dow) <= 7) return `Every ${DAYS[Number(dow) % 7] ?? ''} at ${at}`;
  }
  return cron;
}

/** Does `value` match one cron field (validated already)? */
function fieldMatches(field: string, value: number, [lo, hi]: [number, number]): boolean {
  return field.split(',').some((part) => {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return false;
    const a = m[1] === '*' ? lo : Number(m[2]);
    const b = m[1] === '*' ? hi : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? hi : a;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    return value >= a && value <= b && (value - a) % step === 0;
  });
}

/** The first minute after `nowMs` the expression matches (UTC, the oracle's TZ); day of month
 * and day of week, both restricted, match either (cron's rule). Null past a year and a day. */
export function nextMatch(cron: string, nowMs: number): number | null {
  const [min = '*', hour = '*', dom = '*', mon = '*', dow = '*'] = cron.trim().split(/\s+/);
  let t = Math.floor(nowMs / 60_000) * 60_000 + 60_000;
  for (let i = 0; i < 527_040; i++, t += 60_000) {
    const d = new Date(t);
    const wd = d.getUTCDay();
    const domOk = fieldMatches(dom, d.getUTCDate(), [1, 31]);
    const dowOk = fieldMatches(dow, wd, [0, 7]) || (wd === 0 && fieldMatches(dow, 7, [0, 7]));
    const dayOk = dom !== '*' && dow !== '*' ? domOk || dowOk : domOk && dowOk;
    if (
      dayOk &&
      fieldMatches(mon, d.getUTCMonth() + 1, [1, 12]) &&
      fieldMatches(hour, d.getUTCHours(), [0, 23]) &&
      fieldMatches(min, d.getUTCMinutes(), [0, 59])
    )
      return t;
  }
  return null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Dec 2 1:48am": the next run as 2.1.332 words it, to the nearest minute. */
export function runTime(ms: number): string {
  const d = new Date(Math.round(ms / 60_000) * 60_000);
  const h = d.getUTCHours();
  return `${MONTHS[d.getUTCMonth()] ?? ''} ${d.getUTCDate()} ${h % 12 === 0 ? 12 : h % 12}:${String(d.getUTCMinutes()).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
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
    const next = ctx.profile.cron?.nextRun === true ? nextMatch(input.cron, ctx.ws.clock.now()) : null;
    if (next !== null) job.nextFireAt = next;
    jobs(ctx).push(job);
    return Promise.resolve({ kind: 'created', job });
  },
  render: (o, ctx) => {
    if (o.kind === 'invalid')
      return err(`Invalid cron expression '${o.cron}'. Expected 5 fields: M H DoM Mon DoW.`);
    if (o.kind === 'durable')
      return err('cc-playground has not recorded durable cron jobs (.claude/scheduled_tasks.json) yet.');
    const { job } = o;
    const days = ctx.profile.cron?.maxAgeDays ?? 7;
    const next = job.nextFireAt !== undefined ? ` Next run: ${runTime(job.nextFireAt)}.` : '';
    const text = job.recurring
      ? `Scheduled recurring job ${job.id} (${job.humanSchedule}).${next} Session-only (not written to disk, dies when Claude exits). Auto-expires after ${days} days. Use CronDelete to cancel sooner.`
      : `Scheduled one-shot task ${job.id} (${job.humanSchedule}).${next} Session-only (not written to disk, dies when Claude exits). It will fire once then auto-delete.`;
    return {
      content: text,
      is_error: false,
      structured: {
        id: job.id,
        humanSchedule: job.humanSchedule,
        recurring: job.recurring,
        durable: job.durable,
        ...(job.nextFireAt !== undefined ? { nextFireAt: job.nextFireAt } : {}),
        ...(job.nextFireAt !== undefined && job.recurring ? { maxAgeMs: days * 86_400_000 } : {}),
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

/** A prompt in the list: its first line, "…" when more follows (cron-whitespace). */
const listedPrompt = (p: string): string => (p.includes('\n') ? `${p.slice(0, p.indexOf('\n'))}…` : p);

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
                `${j.id} — ${j.humanSchedule} (${j.recurring ? 'recurring' : 'one-shot'}) [session-only]${j.nextFireAt !== undefined ? `, next run ${runTime(j.nextFireAt)}` : ''}: ${listedPrompt(j.prompt)}`,
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
