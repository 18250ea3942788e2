// Bash: runs the command on the workspace's shell and decides what the model gets. No
// model-facing strings here (render.ts).
import type { ToolContext } from '../types';
import { decodeUtf8, normaliseNewlines } from '../../text/decode';
import { expandPath } from '../../text/paths';
import { every, isFsError, type ShellBudget, type ShellResult } from '../../workspace/types';
import {
  analyseCommand,
  changesDirectory,
  inPlaceEdits,
  isReadOnly,
  noOutputExpected,
  viewedFile,
} from './analysis';
import { maxOutputLength, preview, RESULT_PERSIST_CHARS, trimOutput } from './output';
import { ranText } from './render';
import { persistedOutputPath, sessionId, shortId, taskOutputPath } from './paths';
import type { BashInput } from './schema';
import { exitMeaning } from './semantics';
import { startedTask, startLag } from '../background/registry';
import { taskNotification } from '../background/notification';
import {
  sandboxError,
  sandboxNetworkRefusal,
  sandboxRefusals,
  type SandboxPolicy,
} from '../../permissions/sandbox';
import { loadShellRewriter, parseCommand, rewriteSimpleCommands } from '../../permissions/shell/parse';
import { catchFs } from '../files/errors';

export const DEFAULT_TIMEOUT_MS = 120_000;
export const MAX_TIMEOUT_MS = 600_000;
/** How long a backgrounded command may run before it is stopped. */
export const BACKGROUND_LIMIT_MS = 600_000;
/** The playground's bound on a background command (Claude Code has none): a minute of busy
 * thread and 256 MiB of live shell data, so a runaway loop cannot hold a core of the page. */
export const BACKGROUND_BUDGET: ShellBudget = { cpuMs: 60_000, liveBytes: 256 * 2 ** 20 };
const TIMEOUT_EXIT = 143;
const LOOPS = new Set(['while_statement', 'for_statement', 'c_style_for_statement']);

/** A command with a loop (or one the parser cannot read) may keep its thread busy. */
export const spins = (command: string, home: string): boolean =>
  analyseCommand(command, home)?.constructs.some((c) => LOOPS.has(c)) ?? true;

export interface CwdChange {
  from: string;
  to: string;
}

export interface Persisted {
  path: string;
  /** Characters of the whole output. */
  size: number;
  preview: string;
  more: boolean;
}

export type BashOutcome =
  | {
      kind: 'ran';
      command: string;
      exitCode: number;
      /** The exit code is an answer (grep found nothing), not a failure. */
      exitIsAnswer: boolean;
      /** What that answer means ("No matches found"): the structured returnCodeInterpretation. */
      exitMeaning?: string;
      /** The call's own dangerouslyDisableSandbox, repeated in the structured result. */
      dangerouslyDisableSandbox?: boolean;
      /** The output the model sees inline (trimmed, capped). */
      output: string;
      persisted?: Persisted;
      /** The whole result text, saved because it was over the tool-result limit. */
      resultPersisted?: Persisted;
      interrupted: boolean;
      /** Set when the command was stopped by its timeout. */
      timedOutAfterMs?: number;
      /** The signal the command's own shell ended by (`kill $$`), whose exit code Claude Code
       * reports as its own. */
      shellSignal?: string;
      noOutputExpected: boolean;
      /** The command left the project: the shell went back here. */
      cwdReset?: string;
      /** What the backend's shell does differently (WebContainer merges stdout and stderr). */
      backendNote?: string;
      cwdChange?: CwdChange;
      /** The file the command viewed, recorded in the ledger. */
      viewed?: string;
      /** Previously read files the command edited in place, relative to the project (versions
       * that report them). */
      modifiedRead?: string[];
      /** The sandbox refused a write (target: the path) or a host (host:port) and the command did
       * not run (emulated); `notRecorded`:
       * this version's sandbox texts were not recorded. */
      sandboxRefused?: { target: string; notRecorded: boolean };
    }
  | {
      kind: 'background';
      command: string;
      taskId: string;
      outputFile: string;
      /** Moved to the background by its timeout (not asked for). */
      timedOutAfterMs?: number;
      /** The session's directory, where the command changes its own (changesDirectory). */
      cwdKept?: string;
      dangerouslyDisableSandbox?: boolean;
    };

const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v.trim());

function timeouts(env: Record<string, string>): { def: number; max: number } {
  const num = (v: string | undefined, d: number) => {
    const n = Number.parseInt(v ?? '', 10);
    return Number.isFinite(n) && n > 0 ? n : d;
  };
  const def = num(env.BASH_DEFAULT_TIMEOUT_MS, DEFAULT_TIMEOUT_MS);
  return { def, max: Math.max(def, num(env.BASH_MAX_TIMEOUT_MS, MAX_TIMEOUT_MS)) };
}

/** POSIX single quoting. */
export const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

interface BashState {
  /** The startup-file snapshot, captured at the first command (null: none). */
  snapshot?: string | null;
}

function stateOf(ctx: ToolContext): BashState {
  let s = ctx.conversation.state.get('Bash') as BashState | undefined;
  if (s === undefined) {
    s = {};
    ctx.conversation.state.set('Bash', s);
  }
  return s;
}

async function readText(ctx: ToolContext, path: string): Promise<string | null> {
  try {
    return decodeUtf8(await ctx.ws.fs.readFile(path));
  } catch (e) {
    if (isFsError(e)) return null;
    throw e;
  }
}

/** Claude Code snapshots the user's ~/.bashrc once per session (aliases, functions, exports)
 * and sources the snapshot before every command; CLAUDE_ENV_FILE is sourced every time. */
async function prelude(ctx: ToolContext, env: Record<string, string>): Promise<string[]> {
  const state = stateOf(ctx);
  const home = env.HOME ?? ctx.ws.info.home;
  if (state.snapshot === undefined) {
    const rc = await readText(ctx, `${home}/.bashrc`);
    if (rc === null) state.snapshot = null;
    else {
      const path = `${home}/.claude/shell-snapshots/snapshot-bash-${sessionId(ctx.conversation)}.sh`;
      await ctx.ws.fs.mkdir(path.slice(0, path.lastIndexOf('/')), { recursive: true });
      await ctx.ws.fs.writeFile(
        path,
        new TextEncoder().encode(`shopt -s expand_aliases 2>/dev/null\n${rc}\n`),
      );
      state.snapshot = path;
    }
  }
  const parts: string[] = [];
  if (state.snapshot) parts.push(`source ${quote(state.snapshot)}`);
  const envFile = env.CLAUDE_ENV_FILE;
  if (envFile !== undefined && envFile !== '' && (await ctx.ws.fs.exists(envFile)))
    parts.push(`source ${quote(envFile)}`);
  return parts;
}

function scriptFor(command: string, pre: string[]): string {
  if (pre.length === 0) return command;
  return `${pre.join(' && ')} && eval ${quote(command)}`;
}

const isInside = (dir: string, root: string) =>
  dir === root || dir.startsWith(root === '/' ? '/' : `${root}/`);

async function writeFileMkdir(ctx: ToolContext, path: string, data: string | Uint8Array): Promise<void> {
  await ctx.ws.fs.mkdir(path.slice(0, path.lastIndexOf('/')), { recursive: true });
  await ctx.ws.fs.writeFile(path, typeof data === 'string' ? new TextEncoder().encode(data) : data);
}

/** Where a task's output file gets its end: a blank line and the exit code (task-output
 * probes: `one\n\n[exited with code 0]\n`). */
export const exitMarker = (code: number): string => `\n[exited with code ${code}]\n`;

async function appendText(ctx: ToolContext, path: string, text: string): Promise<void> {
  let before: Uint8Array = new Uint8Array();
  try {
    before = await ctx.ws.fs.readFile(path);
  } catch (e) {
    if (!isFsError(e)) throw e;
  }
  const add = new TextEncoder().encode(text);
  const both = new Uint8Array(before.length + add.length);
  both.set(before);
  both.set(add, before.length);
  await writeFileMkdir(ctx, path, both);
}

/** The exit code Claude Code reports for a run: its own for a shell ended by a signal. */
function reportedExit(r: ShellResult, profile: ToolContext['profile']): number {
  if (r.signal === undefined) return r.exitCode;
  return profile.bashShellSignalExit.bySignal[r.signal] ?? profile.bashShellSignalExit.other;
}

/** A command left running, registered as a task: its output file exists at once (a command run
 * with `run_in_background` writes into it as it goes), gets the exit marker when it ends, and a
 * notification is queued for the next model request, unless the task was stopped. */
function adopt(
  ctx: ToolContext,
  command: string,
  /** The call's description, else its command: what the notification names (task-notify-description). */
  description: string,
  running: Promise<ShellResult>,
  taskId: string,
  outputFile: string,
  stop: AbortController,
  opts: { reportsKill: boolean; streamed: boolean; caughtUp?: (done: Promise<void>) => Promise<void> },
): void {
  const tasks = ctx.conversation.tasks;
  const task = startedTask({
    id: taskId,
    type: 'local_bash',
    description,
    command,
    callId: ctx.callId,
    outputFile,
    stop: () => stop.abort(),
  });
  const caughtUp = opts.caughtUp;
  if (caughtUp) task.caughtUp = () => caughtUp(task.done);
  // The page shows the output so far: read back from the file while the command runs.
  const poll = opts.streamed
    ? every(ctx.ws.clock, 250, () => {
        void readText(ctx, outputFile).then((t) => {
          if (t !== null && t !== task.output && task.status === 'running') {
            task.output = t;
            tasks.changed();
          }
        });
      })
    : undefined;
  task.done = running
    .then(async (r) => {
      poll?.();
      const note = r.overBudget
        ? `\n[cc-playground: stopped after ${BACKGROUND_BUDGET.cpuMs / 1000} s of busy CPU, the playground's budget for a background command]\n`
        : '';
      if (task.stoppedBy !== undefined) {
        // What it printed stays, then a line saying it was killed (task-stop-runaway).
        await appendText(ctx, outputFile, '\n[killed]\n');
        task.status = 'killed';
        task.output = (await readText(ctx, outputFile)) ?? '';
        tasks.changed();
        return;
      }
      const killed = opts.reportsKill && r.interrupted;
      const exitCode = reportedExit(r, ctx.profile);
      const end = killed ? 'killed' : exitCode;
      await appendText(
        ctx,
        outputFile,
        (opts.streamed ? '' : r.stdout + r.stderr) +
          note +
          (killed || ctx.profile.taskOutputOmitsExitCode ? '' : exitMarker(exitCode)),
      );
      const output = (await readText(ctx, outputFile)) ?? '';
      tasks.ended(taskId, () => {
        task.status = killed ? 'killed' : exitCode === 0 ? 'completed' : 'failed';
        task.exitCode = killed ? null : exitCode;
        task.output = output;
        tasks.notify({
          taskId,
          text: taskNotification(
            taskId,
            ctx.callId,
            outputFile,
            description,
            end,
            ctx.profile.text.notificationPreamble,
          ),
        });
      });
    })
    .finally(() => poll?.());
  tasks.add(task);
  tasks.shellStarted();
  ctx.conversation.background.push(task.done);
}

/** What the sandbox makes of a call: a refused curl host ends it with the proxy's answer; refused
 * writes become their errors inside the line, which then runs (`run`). */
type SandboxEffect =
  | { kind: 'refused'; outcome: Extract<BashOutcome, { kind: 'ran' }> }
  | { kind: 'rewritten'; run: string; target: string; notRecorded: boolean };

const singleQuoted = (t: string) => `'${t.replace(/'/g, `'\\''`)}'`;

/** A sandboxed command that writes where the sandbox does not let it gets the shell's error and
 * exit code 1 (sandbox-* recordings and probes, both versions), and the line goes on.
 * Emulated: the playground has no OS sandbox, so the writes the command analysis sees are
 * checked before the line runs and each refused command is replaced by its error (touch, rm
 * and mkdir still do their other operands). */
async function sandboxEffect(
  ctx: ToolContext,
  input: BashInput,
  policy: SandboxPolicy | null | undefined,
  cwd: string,
  env: Record<string, string>,
): Promise<SandboxEffect | undefined> {
  if (!policy) return undefined;
  // The binary makes the project's `.claude/.cc-writes/` when the first command runs inside the
  // sandbox; one run outside it, a Read or a refused call leaves none (sandbox-ccwrites-*).
  await ctx.ws.fs.mkdir(`${ctx.ws.info.cwd}/.claude/.cc-writes`, { recursive: true });
  const home = env.HOME ?? ctx.ws.info.home;
  const network = sandboxNetworkRefusal(policy, input.command);
  if (network !== undefined)
    return {
      kind: 'refused',
      outcome: {
        kind: 'ran',
        command: input.command,
        exitCode: network.exitCode,
        exitIsAnswer: false,
        output: network.text,
        interrupted: false,
        noOutputExpected: false,
        sandboxRefused: { target: network.host, notRecorded: !policy.recorded },
      },
    };
  const refusals = sandboxRefusals(policy, input.command, { cwd, home, env });
  if (refusals.size === 0) return undefined;
  const fs = ctx.ws.fs;
  const stubs = new Map<number, { texts: string[]; drop?: number[]; exitCode: number }>();
  for (const [i, r] of refusals) {
    const texts: string[] = [];
    for (const v of r.violations) {
      if (v.vanishes) continue;
      const parent = v.path.slice(0, v.path.lastIndexOf('/')) || '/';
      const found = sandboxError(v, {
        entry: v.protectedEntry !== undefined && (await fs.exists(v.protectedEntry)),
        parent: await fs.exists(parent),
      });
      texts.push(v.text(found.error, found.named));
    }
    stubs.set(i, { texts, ...(r.drop ? { drop: r.drop } : {}), exitCode: r.exitCode });
  }
  await loadShellRewriter();
  const run = rewriteSimpleCommands(input.command, (node, i) => {
    const stub = stubs.get(i);
    if (!stub) return undefined;
    const keep = stub.drop !== undefined && node.name !== null;
    const said =
      stub.texts.length > 0 ? `printf '%s\\n' ${stub.texts.map(singleQuoted).join(' ')} >&2; ` : '';
    const line = `{ ${keep ? '__cc_keep__; ' : ''}${said}(exit ${stub.exitCode}); }`;
    const parsed = parseCommand(line);
    const group = parsed.ok ? parsed.script.statements[0]?.pipelines[0]?.commands[0] : undefined;
    if (!group) return undefined;
    const first = keep && group.type === 'Group' ? group.body[0]?.pipelines[0] : undefined;
    if (first) {
      const drop = new Set(stub.drop);
      first.commands[0] = { ...node, args: node.args.filter((_, k) => !drop.has(k + 1)) };
    }
    return group;
  });
  if (run === undefined) return undefined;
  const first = [...refusals.values()][0]?.violations[0];
  return { kind: 'rewritten', run, target: first?.path ?? '', notRecorded: !policy.recorded };
}

/** A sandboxed command sees each protected path the project lacks, where its folder exists, as
 * an entry of its own (bubblewrap mounts /dev/null there), and the entries are gone once it ends
 * (sandbox-x-masked-entries: ls and git status list them inside the sandbox, not outside).
 * Emulated as empty files for a foreground command; returns what takes them away. A background
 * command gets none (not recorded). */
async function placeMasks(
  ctx: ToolContext,
  policy: SandboxPolicy | null | undefined,
): Promise<() => Promise<void>> {
  const fs = ctx.ws.fs;
  const placed: string[] = [];
  for (const path of policy?.masks ?? []) {
    if ('ok' in (await catchFs(() => fs.lstat(path)))) continue;
    const parent = await catchFs(() => fs.stat(path.slice(0, path.lastIndexOf('/'))));
    if (!('ok' in parent) || parent.ok.type !== 'dir') continue;
    if ('ok' in (await catchFs(() => fs.writeFile(path, new Uint8Array())))) placed.push(path);
  }
  return async () => {
    for (const path of placed) await catchFs(() => fs.rm(path, { recursive: true }));
  };
}

/** A call run outside the sandbox while the sandbox is on (dangerouslyDisableSandbox, an
 * excludedCommands pattern) makes the project's `.claude/.cc-writes/` too when the project is a
 * git repository and the command is not read-only (its structured bashEditDiff is
 * `unavailable`): `echo hi > z`, touch, rm, mkdir, python3 -c, a write to /tmp do; echo, cat,
 * sort, git status, `> /dev/null`, or any command outside a git repository, do not (dt-sandbox-21212121-125-r
 * and its variants, 2.1.332). */
async function markUnsandboxedWrites(ctx: ToolContext, command: string): Promise<void> {
  if (ctx.permissions.sandboxEnabled?.() !== true) return;
  if (isReadOnly(analyseCommand(command, ctx.ws.info.home))) return;
  if (!(await ctx.ws.fs.exists(`${ctx.ws.info.cwd}/.git`))) return;
  await ctx.ws.fs.mkdir(`${ctx.ws.info.cwd}/.claude/.cc-writes`, { recursive: true });
}

/** What a sandboxed command sees of a denyRead path (dt-sandbox-21212121-92-r and its variants, 2.1.332): bubblewrap mounts
 * an empty tmpfs on a denied folder and binds the allowRead/allowWrite paths inside it back
 * over it, so ls lists only those, git status shows the tracked files there as deleted (` D`)
 * and writes there are gone after the command; a denied file is empty and unreadable (git
 * status ` M`, cat `Permission denied`). Emulated for a foreground command by moving the path
 * aside to the session's temp folder for the run; returns what puts it back. */
async function hideDenied(
  ctx: ToolContext,
  policy: SandboxPolicy | null | undefined,
  tmp: string,
): Promise<() => Promise<void>> {
  const fs = ctx.ws.fs;
  const undo: (() => Promise<void>)[] = [];
  let n = 0;
  for (const denied of policy?.denyRead ?? []) {
    const st = await catchFs(() => fs.lstat(denied));
    if (!('ok' in st)) continue;
    const stash = `${tmp}/.cc-denyread/${n++}`;
    await fs.mkdir(stash.slice(0, stash.lastIndexOf('/')), { recursive: true });
    await fs.rename(denied, stash);
    if (st.ok.type !== 'dir') {
      await fs.writeFile(denied, new Uint8Array());
      undo.push(async () => {
        await catchFs(() => fs.rm(denied, { recursive: true }));
        await fs.rename(stash, denied);
      });
      continue;
    }
    if (policy?.exposed.includes(denied) === true) {
      // The folder itself is bound back: nothing is hidden.
      await fs.rename(stash, denied);
      continue;
    }
    await fs.mkdir(denied);
    const back: string[] = [];
    for (const a of policy?.exposed ?? []) {
      if (!a.startsWith(`${denied}/`)) continue;
      const from = stash + a.slice(denied.length);
      if (!(await fs.exists(from))) continue;
      await fs.mkdir(a.slice(0, a.lastIndexOf('/')), { recursive: true });
      await fs.rename(from, a);
      back.push(a);
    }
    undo.push(async () => {
      for (const a of back) await catchFs(() => fs.rename(a, stash + a.slice(denied.length)));
      await catchFs(() => fs.rm(denied, { recursive: true }));
      await fs.rename(stash, denied);
    });
  }
  return async () => {
    for (const u of undo.reverse()) await u();
  };
}

/** One Bash call as it runs: its command, where, with what environment and for how long. */
interface ShellCall {
  ctx: ToolContext;
  input: BashInput;
  command: string;
  /** The project directory (the workspace's cwd). */
  project: string;
  env: Record<string, string>;
  /** The shell goes back to where it started after every command (a subagent's shell, or
   * CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR). */
  maintain: boolean;
  cwd: string;
  timeoutMs: number;
  tmp: string;
  /** What the shell runs: the command (or its sandbox rewrite) after the prelude. */
  script: string;
}

type RanOutcome = Extract<BashOutcome, { kind: 'ran' }>;

/** The structured result repeats the call's dangerouslyDisableSandbox, true or false, where the
 * command ran or went to the background (bash-x-dds-echo, 2.1.273 to 2.1.337). */
export async function bash(input: BashInput, ctx: ToolContext): Promise<BashOutcome> {
  const o = await runBash(input, ctx);
  const asked = input.dangerouslyDisableSandbox;
  return asked !== undefined && (o.kind === 'ran' || o.kind === 'background')
    ? { ...o, dangerouslyDisableSandbox: asked }
    : o;
}

async function runBash(input: BashInput, ctx: ToolContext): Promise<BashOutcome> {
  const { ws, conversation } = ctx;
  const env: Record<string, string> = { ...conversation.env, CLAUDECODE: '1', GIT_EDITOR: 'true' };
  // A subagent's shell starts every command where the subagent started; a cd is not carried over
  // (agent-perm-cd, agent-cwd-*).
  const fixed = conversation.fixedCwd === true;
  const maintain = fixed || truthy(conversation.env.CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR);
  const cwd = maintain && !fixed ? ws.info.cwd : conversation.cwd;
  const { def, max } = timeouts(conversation.env);
  const timeoutMs = Math.min(input.timeout !== undefined && input.timeout > 0 ? input.timeout : def, max);
  // Parallel calls get their task ids in call order, before anything is awaited.
  const bgTaskId = input.run_in_background === true ? shortId(conversation, 'b') : undefined;
  const policy = ctx.permissions.sandbox?.(input.command, input.dangerouslyDisableSandbox === true);
  const sandbox = await sandboxEffect(ctx, input, policy, cwd, env);
  if (!policy) await markUnsandboxedWrites(ctx, input.command);
  const script = scriptFor(
    sandbox?.kind === 'rewritten' ? sandbox.run : input.command,
    await prelude(ctx, env),
  );
  const call: ShellCall = {
    ctx,
    input,
    command: input.command,
    project: ws.info.cwd,
    env,
    maintain,
    cwd,
    timeoutMs,
    tmp: env.TMPDIR ?? ws.info.tmp,
    script,
  };
  const backgroundAllowed = !truthy(conversation.env.CLAUDE_CODE_DISABLE_BACKGROUND_TASKS);
  if (bgTaskId !== undefined && backgroundAllowed) return runInBackground(call, bgTaskId);

  const analysis = analyseCommand(call.command, ws.info.home);
  if (sandbox?.kind === 'refused') return sandbox.outcome;
  // A command that starts with `sleep` is never moved to the background (it is meant to wait).
  const first = analysis?.units[0];
  const startsWithSleep = first !== undefined && first.origin === 'list' && first.words[0]?.value === 'sleep';
  const unhide = await hideDenied(ctx, policy, call.tmp);
  const unmask = await placeMasks(ctx, policy);
  let ran: Awaited<ReturnType<typeof runOrMove>>;
  try {
    ran =
      backgroundAllowed && !startsWithSleep
        ? await runOrMove(call)
        : { result: await runShell(call, timeoutMs) };
  } finally {
    await unmask();
    await unhide();
  }
  // A command in the foreground starts a shell, which takes the binary long enough to see
  // background work that ends at once (dt-tasks-26120706-4, 2.1.273; dt-tasks-26120707-91,
  // 2.1.332): that work is given the moment here.
  await conversation.tasks.settleBriefly(FOREGROUND_SHELL_MS);
  conversation.tasks.waited('shell');
  if ('moved' in ran) return ran.moved;
  return ranOutcome(call, ran.result, analysis, sandbox);
}

/** One output stream, as Claude Code runs a command: stderr lands where it was written. */
function runShell(
  c: ShellCall,
  ms: number,
  budget?: ShellBudget,
  signal = c.ctx.signal,
  text = c.script,
  detached?: true,
  onStart?: () => void,
): Promise<ShellResult> {
  return c.ctx.ws.shell.run(text, {
    cwd: c.cwd,
    env: c.env,
    timeoutMs: ms,
    signal,
    mergeStderr: true,
    budget,
    detached,
    onStart,
  });
}

/** A task outlives its model call: TaskStop and the page stop it, and so does stopping the
 * model call it started in (the session's Stop). */
function taskStop(ctx: ToolContext): AbortController {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  if (ctx.signal?.aborted) stop.abort();
  else ctx.signal?.addEventListener('abort', onAbort, { once: true });
  return stop;
}

/** How long starting a shell lets background work run, on the workspace clock: the binary's own
 * start (20 ms is enough for work that ends at once, by the latency probes), with a margin so a
 * loaded host's slow worker start does not change the outcome. */
const FOREGROUND_SHELL_MS = 200;

/** A call with `run_in_background`: the command starts as a task and the call ends at once. */
async function runInBackground(c: ShellCall, taskId: string): Promise<BashOutcome> {
  const { ctx, input, command } = c;
  const { ws, conversation } = ctx;
  // Starting a shell takes the binary long enough for a background agent's answer to come back
  // (dt-tasks-26120802-0, -8, -18: its notification comes with this message's results).
  await conversation.tasks.settleBriefly(FOREGROUND_SHELL_MS, (t) => t.type === 'local_agent');
  const outputFile = taskOutputPath(c.tmp, c.project, sessionId(conversation), taskId);
  await writeFileMkdir(ctx, outputFile, '');
  const bound = ctx.profile.backgroundTimeoutMaxMs;
  const limitMs =
    bound !== undefined && input.timeout !== undefined && input.timeout > 0
      ? Math.min(input.timeout, bound)
      : BACKGROUND_LIMIT_MS;
  const stop = taskStop(ctx);
  // The command writes into its output file as it runs, so the output so far can be read
  // (`exec` on the command's first line keeps bash's line numbers in its errors).
  const streamed = `exec >>${quote(outputFile)} 2>&1; ${c.script}`;
  // A loop can keep its thread busy; such a command may run on a thread of its own, so that
  // TaskStop can end it (a shell that runs commands on the caller's thread could not).
  const lag = startLag(ws.clock);
  const detached = spins(command, ws.info.home) ? true : undefined;
  const running = runShell(c, limitMs, BACKGROUND_BUDGET, stop.signal, streamed, detached, lag.onStart);
  adopt(ctx, command, input.description ?? command, running, taskId, outputFile, stop, {
    reportsKill: bound !== undefined,
    streamed: true,
    caughtUp: lag.caughtUp,
  });
  return {
    kind: 'background',
    command,
    taskId,
    outputFile,
    ...(changesDirectory(command) ? { cwdKept: c.cwd } : {}),
  };
}

/** A command that may end up in the background: it runs until its timeout, then is moved there
 * as a task. Its budget is its timeout plus a background command's. */
async function runOrMove(c: ShellCall): Promise<{ result: ShellResult } | { moved: BashOutcome }> {
  const { ctx, command, timeoutMs } = c;
  const { ws, conversation } = ctx;
  // A loop may keep its thread busy past the timeout, when the command is to be moved to the
  // background: it runs on a thread of its own, so the timeout can be heard.
  const stop = taskStop(ctx);
  const running = runShell(
    c,
    BACKGROUND_LIMIT_MS,
    { ...BACKGROUND_BUDGET, cpuMs: timeoutMs + BACKGROUND_BUDGET.cpuMs },
    stop.signal,
    c.script,
    spins(command, ws.info.home) ? true : undefined,
  );
  let cancel: (() => void) | undefined;
  const late = new Promise<'late'>((res) => {
    cancel = ws.clock.timer(() => res('late'), timeoutMs);
  });
  const winner = await Promise.race([running, late]);
  cancel?.();
  if (winner !== 'late') return { result: winner };
  const taskId = shortId(conversation, 'b');
  const outputFile = taskOutputPath(c.tmp, c.project, sessionId(conversation), taskId);
  await writeFileMkdir(ctx, outputFile, '');
  adopt(ctx, command, c.input.description ?? command, running, taskId, outputFile, stop, {
    reportsKill: false,
    streamed: false,
  });
  return { moved: { kind: 'background', command, taskId, outputFile, timedOutAfterMs: timeoutMs } };
}

/** What the model gets of a command that ran: its output (saved whole when over the limit), the
 * shell's move, the file it viewed and the read files it edited. */
async function ranOutcome(
  c: ShellCall,
  result: ShellResult,
  analysis: ReturnType<typeof analyseCommand>,
  sandbox: SandboxEffect | undefined,
): Promise<RanOutcome> {
  const { ctx, command, project } = c;
  const { ws, conversation } = ctx;
  const timedOut = result.interrupted && !ctx.signal?.aborted;
  const shellExit = reportedExit(result, ctx.profile);
  const exitCode = timedOut ? TIMEOUT_EXIT : shellExit;
  const meaning = exitMeaning(command, shellExit, ctx.profile.bashExitSemantics);
  const answer = meaning !== undefined;
  const failed = (exitCode !== 0 && !answer) || timedOut;
  const raw = result.stdout + result.stderr;
  const limit = maxOutputLength(conversation.env);
  // A failed command keeps its leading blank lines (`Exit code 1\n\n\nx` for `printf
  // '\n\nx\n'; exit 1`: difftest probe-lead, probe-npm); only a successful one loses them.
  const output = failed ? raw.slice(0, limit).trimEnd() : trimOutput(raw.slice(0, limit));
  const resultsDir = (id: string) =>
    persistedOutputPath(c.env.HOME ?? ws.info.home, project, sessionId(conversation), id);
  const persist = async (
    path: string,
    whole: string,
    shown: string,
    size = whole.length,
  ): Promise<Persisted> => {
    await writeFileMkdir(ctx, path, whole);
    const p = preview(shown);
    return { path, size, preview: p.text, more: p.more };
  };
  // Output over the limit is saved whole and the model gets a preview of what fits; a failed
  // command's output is only cut at the limit (bash-output probes).
  const persisted =
    !failed && raw.length > limit
      ? await persist(resultsDir(shortId(conversation, 'r')), raw, output, result.outputBytes)
      : undefined;
  const { cwdChange, cwdReset } = followCwd(c, result);
  const viewed = await recordView(c, result, analysis);
  const modifiedRead = ctx.profile.bashReportsInPlaceEdits
    ? inPlaceEdits(analysis)
        .map((f) => expandPath(f, c.cwd, ws.info.home))
        .filter((p) => ctx.ledger.get(p) !== undefined)
        .map((p) => (isInside(p, project) && p !== project ? p.slice(project.length + 1) : p))
    : [];

  const outcome: RanOutcome = {
    kind: 'ran',
    command,
    ...(modifiedRead.length > 0 ? { modifiedRead } : {}),
    exitCode,
    exitIsAnswer: answer,
    ...(meaning !== undefined ? { exitMeaning: meaning } : {}),
    output,
    persisted,
    interrupted: result.interrupted,
    timedOutAfterMs: timedOut ? c.timeoutMs : undefined,
    ...(result.signal !== undefined && !timedOut ? { shellSignal: result.signal } : {}),
    noOutputExpected: noOutputExpected(analysis),
    cwdReset,
    cwdChange,
    viewed,
    backendNote:
      [ctx.ws.info.notes?.shell, ...(result.notes ?? [])].filter((n) => n !== undefined).join(' ') ||
      undefined,
    ...(sandbox?.kind === 'rewritten'
      ? { sandboxRefused: { target: sandbox.target, notRecorded: sandbox.notRecorded } }
      : {}),
  };
  // The generic tool-result limit: a long successful result is saved under the call's id.
  if (!failed && !persisted) {
    const text = ranText(outcome);
    if (text.length > RESULT_PERSIST_CHARS)
      outcome.resultPersisted = await persist(resultsDir(ctx.callId), text, text);
  }
  return outcome;
}

/** The shell stays where a command left it inside any working directory; anywhere else it goes
 * back to the project (bash-cd probes: an --add-dir directory keeps it, $HOME and / do not). */
function followCwd(c: ShellCall, result: ShellResult): { cwdChange?: CwdChange; cwdReset?: string } {
  const { ctx, project, cwd } = c;
  const { conversation } = ctx;
  let cwdChange: CwdChange | undefined;
  let cwdReset: string | undefined;
  const dirs = ctx.permissions.workingDirectories?.() ?? [project];
  if (!c.maintain && !result.interrupted && result.cwdAfter !== cwd) {
    if (dirs.some((d) => isInside(result.cwdAfter, d))) {
      cwdChange = { from: cwd, to: result.cwdAfter };
      conversation.cwd = result.cwdAfter;
    } else {
      cwdReset = project;
      if (conversation.cwd !== project) cwdChange = { from: conversation.cwd, to: project };
      conversation.cwd = project;
    }
  }
  return { cwdChange, cwdReset };
}

/** The file a successful command viewed, entered in the ledger; its path, or undefined. A Bash
 * view adds an entry but never replaces one: after Read and an outside change, `cat` leaves the
 * Read's (stale) entry, and after `cat` and a change the note is still given (ledger probes). */
async function recordView(
  c: ShellCall,
  result: ShellResult,
  analysis: ReturnType<typeof analyseCommand>,
): Promise<string | undefined> {
  const { ctx } = c;
  const { ws } = ctx;
  const file = result.exitCode === 0 ? viewedFile(analysis) : null;
  if (file === null || ctx.ledger.get(expandPath(file.path, c.cwd, ws.info.home)) !== undefined)
    return undefined;
  const path = expandPath(file.path, c.cwd, ws.info.home);
  try {
    const st = await ws.fs.stat(path);
    if (st.type !== 'file') return undefined;
    const content = normaliseNewlines(decodeUtf8(await ws.fs.readFile(path)));
    ctx.ledger.set({
      path,
      content,
      mtimeMs: st.mtimeMs,
      partial: !file.whole,
      via: 'Bash',
      watched: file.scans,
      wholeContent: file.scans,
      detail: c.command,
      callId: ctx.callId,
    });
    return path;
  } catch (e) {
    if (!isFsError(e)) throw e;
    return undefined;
  }
}
