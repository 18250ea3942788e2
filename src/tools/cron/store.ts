// Durable cron jobs: .claude/scheduled_tasks.json in the working directory, as both versions
// read and write it (cron-durable-* scenarios). The file is read again on every call, so a job
// written by an earlier session (or by hand) is listed and can be deleted. The write does not
// enter the read ledger (cron-durable-outside-edit: an Edit right after is "not read yet").
// Not recorded: a read-only .claude (the oracle runs as root), a job firing or expiring (a -p
// session ends first; expired and missed jobs are still listed), a .claude symlink over a
// malformed file (which refusal comes first).
import type { CronFileRules } from '../../profiles/types';
import { isFsError } from '../../workspace/types';
import type { ToolContext } from '../types';
import { sessionId } from '../bash/paths';
import { validCron } from './schedule';

export const TASKS_FILE = '.claude/scheduled_tasks.json';

/** A valid entry of the file: the fields both versions keep, in the order they write them. */
export interface StoredTask {
  id: string;
  cron: string;
  prompt: string;
  createdAt: number;
  recurring?: true;
  createdBySessionId?: string;
  createdByPid?: number;
  createdByProcStart?: string;
  createdInProject?: string;
  createdUnderSignIn?: string;
  maxAgeMs?: number;
}

export type TaskFile =
  | { kind: 'tasks'; tasks: StoredTask[]; /** Entries that are not tasks, as found. */ other: unknown[] }
  | { kind: 'unreadable' };

/** The emulated process that writes the file: the binary records its own pid and start time
 * (/proc/<pid>/stat field 22); any fixed pair is as good here (compare.ts masks both), of the
 * widths the recordings show. */
export const EMULATED_PID = 42424;
export const EMULATED_PROC_START = '4242424';

const cwdPath = (ctx: ToolContext) => `${ctx.ws.info.cwd}/${TASKS_FILE}`;
const dirPath = (ctx: ToolContext) => `${ctx.ws.info.cwd}/.claude`;

const str = (v: unknown): v is string => typeof v === 'string';

/** An entry is a task when id, cron (a valid expression), prompt and a numeric createdAt are
 * there (cron-durable-load-entries); the optional fields are kept when their type is right. */
function asTask(v: unknown): StoredTask | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  if (!str(o.id) || !str(o.cron) || !str(o.prompt) || typeof o.createdAt !== 'number') return undefined;
  if (!validCron(o.cron)) return undefined;
  const t: StoredTask = { id: o.id, cron: o.cron, prompt: o.prompt, createdAt: o.createdAt };
  if (o.recurring === true) t.recurring = true;
  if (str(o.createdBySessionId)) t.createdBySessionId = o.createdBySessionId;
  if (typeof o.createdByPid === 'number') t.createdByPid = o.createdByPid;
  if (str(o.createdByProcStart)) t.createdByProcStart = o.createdByProcStart;
  if (str(o.createdInProject)) t.createdInProject = o.createdInProject;
  if (str(o.createdUnderSignIn)) t.createdUnderSignIn = o.createdUnderSignIn;
  if (typeof o.maxAgeMs === 'number') t.maxAgeMs = o.maxAgeMs;
  return t;
}

/** The file's tasks. Missing (or under a .claude that is no folder) is an empty list; a file
 * that is no JSON object with a `tasks` array, or cannot be read, is `unreadable` where the
 * version says so (2.1.332) and an empty list otherwise (2.1.273). An empty file is an empty
 * list in both. */
export async function readTasks(ctx: ToolContext, rules: CronFileRules): Promise<TaskFile> {
  const empty: TaskFile = { kind: 'tasks', tasks: [], other: [] };
  const bad: TaskFile = rules.unreadable !== undefined ? { kind: 'unreadable' } : empty;
  let text: string;
  try {
    text = new TextDecoder().decode(await ctx.ws.fs.readFile(cwdPath(ctx)));
  } catch (e) {
    return isFsError(e, 'ENOENT') || isFsError(e, 'ENOTDIR') ? empty : bad;
  }
  if (text.trim() === '') return empty;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return bad;
  }
  const tasks = (parsed as { tasks?: unknown } | null)?.tasks;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !Array.isArray(tasks)) return bad;
  const out: StoredTask[] = [];
  const other: unknown[] = [];
  for (const v of tasks as unknown[]) {
    const t = asTask(v);
    if (t) out.push(t);
    else other.push(v);
  }
  return { kind: 'tasks', tasks: out, other: rules.keepsOtherEntries ? other : [] };
}

/** Why the file cannot be written: `.claude` is a symlink or no folder (both versions refuse). */
export async function unwritableDir(ctx: ToolContext): Promise<string | undefined> {
  try {
    const st = await ctx.ws.fs.lstat(dirPath(ctx));
    if (st.type === 'dir') return undefined;
  } catch {
    return undefined;
  }
  return `Refusing to write under symlinked or non-directory path: ${dirPath(ctx)}`;
}

/** A task made now: the writer's fields, in the order a new entry is written (maxAgeMs, where
 * the version records it, right after recurring; a task read back moves it last). */
export function newTask(
  ctx: ToolContext,
  rules: CronFileRules,
  fields: { id: string; cron: string; prompt: string; recurring: boolean; maxAgeMs: number },
): StoredTask {
  const t: StoredTask = {
    id: fields.id,
    cron: fields.cron,
    prompt: fields.prompt,
    createdAt: ctx.ws.clock.now(),
  };
  if (fields.recurring) t.recurring = true;
  if (fields.recurring && rules.maxAgeField) t.maxAgeMs = fields.maxAgeMs;
  t.createdBySessionId = sessionId(ctx.conversation);
  t.createdByPid = EMULATED_PID;
  t.createdByProcStart = EMULATED_PROC_START;
  if (rules.projectField) t.createdInProject = ctx.ws.info.cwd;
  if (rules.signIn !== undefined) t.createdUnderSignIn = rules.signIn;
  return t;
}

/** A task read back from the file, in a fixed order whatever the file's (maxAgeMs last, where
 * kept; cron-durable-rewrite). */
function readBack(t: StoredTask, rules: CronFileRules): StoredTask {
  const { maxAgeMs, ...rest } = t;
  const o: StoredTask = { id: rest.id, cron: rest.cron, prompt: rest.prompt, createdAt: rest.createdAt };
  if (rest.recurring) o.recurring = true;
  if (rest.createdBySessionId !== undefined) o.createdBySessionId = rest.createdBySessionId;
  if (rest.createdByPid !== undefined) o.createdByPid = rest.createdByPid;
  if (rest.createdByProcStart !== undefined) o.createdByProcStart = rest.createdByProcStart;
  // Releases without the field are assumed to drop it as 2.1.273 drops the sign-in (not recorded).
  if (rest.createdInProject !== undefined && rules.projectField) o.createdInProject = rest.createdInProject;
  // 2.1.273 knows neither field and drops both (cron-durable-rewrite).
  if (rest.createdUnderSignIn !== undefined && rules.signIn !== undefined)
    o.createdUnderSignIn = rest.createdUnderSignIn;
  if (maxAgeMs !== undefined && rules.maxAgeField) o.maxAgeMs = maxAgeMs;
  return o;
}

/** Writes the file as the binary does: two-space JSON, a final newline; the tasks read back
 * first, then the new one, then (2.1.332) the entries that were no tasks. */
export async function writeTasks(
  ctx: ToolContext,
  rules: CronFileRules,
  file: { tasks: StoredTask[]; other: unknown[] },
  added?: StoredTask,
): Promise<void> {
  const tasks: unknown[] = [...file.tasks.map((t) => readBack(t, rules)), ...(added ? [added] : []), ...file.other];
  await ctx.ws.fs.mkdir(dirPath(ctx), { recursive: true });
  await ctx.ws.fs.writeFile(cwdPath(ctx), new TextEncoder().encode(`${JSON.stringify({ tasks }, null, 2)}\n`));
}
