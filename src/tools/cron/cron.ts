// CronCreate / CronList / CronDelete. Session-only jobs live in the conversation; durable jobs
// live in .claude/scheduled_tasks.json (store.ts), read again on every call. Nothing fires in a
// replay.
import { z } from 'zod';
import type { CronFileRules, Profile } from '../../profiles/types';
import { isFsError } from '../../workspace/types';
import type { Rendered, ToolContext, ToolModule } from '../types';
import { semanticBoolean } from '../bash/schema';
import { humanSchedule, nextMatch, runTime, validCron } from './schedule';
import {
  EMULATED_PID,
  TASKS_FILE,
  newTask,
  readTasks,
  unwritableDir,
  writeTasks,
  type StoredTask,
} from './store';

export { humanSchedule, nextMatch, runTime, validCron } from './schedule';

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

/** The session-only jobs. */
function jobs(ctx: ToolContext): CronJob[] {
  let list = ctx.conversation.state.get(JOBS_KEY) as CronJob[] | undefined;
  if (!list) {
    list = [];
    ctx.conversation.state.set(JOBS_KEY, list);
  }
  return list;
}

/** A profile that says nothing of the file: the root release's rules. */
const NO_FILE_RULES: CronFileRules = { maxAgeField: false, keepsOtherEntries: false, projectField: true };
const fileRules = (p: Profile): CronFileRules => p.cron?.file ?? NO_FILE_RULES;

const err = (text: string): Rendered => ({
  content: `<tool_use_error>${text}</tool_use_error>`,
  is_error: true,
  structured: `Error: ${text}`,
});
/** A failure while the tool runs (not a validation refusal): the text as it is. */
const failed = (text: string): Rendered => ({ content: text, is_error: true, structured: `Error: ${text}` });

const cronCreateInput = z.strictObject({
  cron: z.string(),
  prompt: z.string(),
  recurring: semanticBoolean.optional(),
  durable: semanticBoolean.optional(),
});
type CronCreateInput = z.infer<typeof cronCreateInput>;
type CreateOutcome =
  | { kind: 'invalid'; cron: string }
  | { kind: 'failed'; text: string }
  | { kind: 'created'; job: CronJob };

/** Where the binary writes through a temp file and renames it: a folder in the file's place
 * fails the rename (2.1.273, cron-durable-file-is-dir). The binary's temp name ends in 12
 * random hex digits; zeros here. */
const renameOntoDir = (ctx: ToolContext): string => {
  const target = `${ctx.ws.info.cwd}/${TASKS_FILE}`;
  return `EISDIR: illegal operation on a directory, rename '${target}.tmp.${EMULATED_PID}.000000000000' -> '${target}'`;
};

/** Adds a durable job to the file; a refusal's text, or undefined once written. */
async function persist(ctx: ToolContext, task: StoredTask): Promise<string | undefined> {
  const rules = fileRules(ctx.profile);
  const refused = await unwritableDir(ctx);
  if (refused !== undefined) return refused;
  const file = await readTasks(ctx, rules);
  if (file.kind === 'unreadable') return rules.unreadable;
  try {
    await writeTasks(ctx, rules, file, task);
  } catch (e) {
    if (isFsError(e, 'EISDIR')) return renameOntoDir(ctx);
    throw e;
  }
  return undefined;
}

export const cronCreateTool: ToolModule<CronCreateInput, CreateOutcome> = {
  name: 'CronCreate',
  schema: cronCreateInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  permissionRequest: (input) => ({ tool: 'CronCreate', kind: 'other', paths: [], input, noPrompt: true }),
  validate: (input) =>
    Promise.resolve(!validCron(input.cron) ? { kind: 'invalid', cron: input.cron } : undefined),
  call: async (input, ctx) => {
    const n = ctx.conversation.nextId('cron').replace(/\D/g, '');
    const id = `c0${Number(n).toString(16).padStart(6, '0')}`;
    const days = ctx.profile.cron?.maxAgeDays ?? 7;
    const job: CronJob = {
      id,
      cron: input.cron,
      humanSchedule: humanSchedule(input.cron),
      prompt: input.prompt,
      recurring: input.recurring !== false,
      durable: input.durable === true,
    };
    const now = ctx.ws.clock.now();
    if (job.durable) {
      const task = newTask(ctx, fileRules(ctx.profile), { ...job, maxAgeMs: days * 86_400_000 });
      const refused = await persist(ctx, task);
      if (refused !== undefined) return { kind: 'failed', text: refused };
    }
    const next = ctx.profile.cron?.nextRun === true ? nextMatch(input.cron, now) : null;
    if (next !== null) job.nextFireAt = next;
    if (!job.durable) jobs(ctx).push(job);
    return { kind: 'created', job };
  },
  render: (o, ctx) => {
    if (o.kind === 'invalid')
      return err(`Invalid cron expression '${o.cron}'. Expected 5 fields: M H DoM Mon DoW.`);
    if (o.kind === 'failed') return failed(o.text);
    const { job } = o;
    const days = ctx.profile.cron?.maxAgeDays ?? 7;
    const next = job.nextFireAt !== undefined ? ` Next run: ${runTime(job.nextFireAt)}.` : '';
    const where = job.durable
      ? `Persisted to ${TASKS_FILE}.`
      : 'Session-only (not written to disk, dies when Claude exits).';
    const text = job.recurring
      ? `Scheduled recurring job ${job.id} (${job.humanSchedule}).${next} ${where} Auto-expires after ${days} days. Use CronDelete to cancel sooner.`
      : `Scheduled one-shot task ${job.id} (${job.humanSchedule}).${next} ${where} It will fire once then auto-delete.`;
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
      : o.kind === 'failed'
        ? `Durable jobs are written to ${TASKS_FILE}; it could not be written.`
        : o.job.durable
          ? `The job was added to ${TASKS_FILE}, where later sessions find it; nothing fires while a scenario replays.`
          : 'The job lives in this session only; nothing fires while a scenario replays.',
};

/** One line of the list as both versions print it (file jobs first, then session-only ones). */
interface Listed {
  id: string;
  cron: string;
  humanSchedule: string;
  prompt: string;
  recurring: boolean;
  durable: boolean;
  nextFireAt?: number;
}

/** A prompt in the list: its first line, "…" when more follows (cron-whitespace). */
const listedPrompt = (p: string): string => (p.includes('\n') ? `${p.slice(0, p.indexOf('\n'))}…` : p);

/** A file job as listed: 2.1.332 shows a job made under another sign-in without its prompt or
 * next run (cron-durable-rewrite); a next run anchored at creation that has passed is now
 * (cron-durable-load, cron-durable-load-missed). */
function listedTask(t: StoredTask, ctx: ToolContext, now: number): Listed {
  const rules = fileRules(ctx.profile);
  const foreign =
    rules.signIn !== undefined && t.createdUnderSignIn !== undefined && t.createdUnderSignIn !== rules.signIn;
  const l: Listed = {
    id: t.id,
    cron: t.cron,
    humanSchedule: humanSchedule(t.cron),
    prompt: foreign ? (rules.foreignPrompt ?? t.prompt) : t.prompt,
    recurring: t.recurring === true,
    durable: true,
  };
  if (ctx.profile.cron?.nextRun === true && !foreign) {
    const next = nextMatch(t.cron, t.createdAt);
    if (next !== null) l.nextFireAt = Math.max(now, next);
  }
  return l;
}

const cronListInput = z.strictObject({});
export const cronListTool: ToolModule<Record<string, never>, Listed[]> = {
  name: 'CronList',
  schema: cronListInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionRequest: (input) => ({ tool: 'CronList', kind: 'other', paths: [], input, noPrompt: true }),
  call: async (_input, ctx) => {
    const file = await readTasks(ctx, fileRules(ctx.profile));
    const now = ctx.ws.clock.now();
    const stored = file.kind === 'tasks' ? file.tasks.map((t) => listedTask(t, ctx, now)) : [];
    return [...stored, ...jobs(ctx).map((j) => ({ ...j }))];
  },
  render: (list) => ({
    content:
      list.length === 0
        ? 'No scheduled jobs.'
        : list
            .map(
              (j) =>
                `${j.id} — ${j.humanSchedule} (${j.recurring ? 'recurring' : 'one-shot'})${j.durable ? '' : ' [session-only]'}${j.nextFireAt !== undefined ? `, next run ${runTime(j.nextFireAt)}` : ''}: ${listedPrompt(j.prompt)}`,
            )
            .join('\n'),
    is_error: false,
    structured: {
      jobs: list.map((j) => ({
        id: j.id,
        cron: j.cron,
        humanSchedule: j.humanSchedule,
        prompt: j.prompt,
        ...(j.recurring ? { recurring: true } : {}),
        ...(j.durable ? {} : { durable: false }),
        ...(j.nextFireAt !== undefined ? { nextFireAt: j.nextFireAt } : {}),
      })),
    },
  }),
  explain: (list) =>
    list.length === 0
      ? `No job was scheduled in this session, and ${TASKS_FILE} holds none.`
      : `${list.length} job(s): those in ${TASKS_FILE} first, then this session's.`,
};

const cronDeleteInput = z.strictObject({ id: z.string() });
type CronDeleteInput = z.infer<typeof cronDeleteInput>;
type DeleteOutcome =
  | { kind: 'unknown'; id: string }
  | { kind: 'unreadable'; text: string }
  | { kind: 'deleted'; id: string; durable: boolean };

export const cronDeleteTool: ToolModule<CronDeleteInput, DeleteOutcome> = {
  name: 'CronDelete',
  schema: cronDeleteInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  permissionRequest: (input) => ({ tool: 'CronDelete', kind: 'other', paths: [], input, noPrompt: true }),
  // A session-only job first; else the file, which 2.1.332 refuses to touch when it is no task
  // list (cron-durable-load-malformed, cron-durable-malformed-session).
  validate: async (input, ctx) => {
    if (jobs(ctx).some((j) => j.id === input.id)) return undefined;
    const rules = fileRules(ctx.profile);
    const file = await readTasks(ctx, rules);
    if (file.kind === 'unreadable') return { kind: 'unreadable', text: rules.unreadable ?? '' };
    return file.tasks.some((t) => t.id === input.id) ? undefined : { kind: 'unknown', id: input.id };
  },
  call: async (input, ctx) => {
    const list = jobs(ctx);
    const at = list.findIndex((j) => j.id === input.id);
    if (at >= 0) {
      list.splice(at, 1);
      return { kind: 'deleted', id: input.id, durable: false };
    }
    // Every task of that id goes (cron-durable-rewrite: two with one id, both removed).
    const rules = fileRules(ctx.profile);
    const file = await readTasks(ctx, rules);
    if (file.kind === 'tasks')
      await writeTasks(ctx, rules, { tasks: file.tasks.filter((t) => t.id !== input.id), other: file.other });
    return { kind: 'deleted', id: input.id, durable: true };
  },
  render: (o) =>
    o.kind === 'unknown'
      ? err(`No scheduled job with id '${o.id}'`)
      : o.kind === 'unreadable'
        ? err(o.text)
        : { content: `Cancelled job ${o.id}.`, is_error: false, structured: { id: o.id } },
  explain: (o) =>
    o.kind === 'unknown'
      ? `Neither this session nor ${TASKS_FILE} has a job with the id ${o.id}.`
      : o.kind === 'unreadable'
        ? `${TASKS_FILE} is not a list of tasks, so this version leaves it alone.`
        : o.durable
          ? `Job ${o.id} was removed from ${TASKS_FILE}, which was written again.`
          : `Job ${o.id} was removed.`,
};
