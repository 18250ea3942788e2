// Each scenario of `replay` and `conform` runs in a worker thread under a deadline and a memory
// budget: a scenario that blocks (a FIFO with no writer, as the real binary blocks), spins in
// synchronous code (ripgrep's wasm, a just-bash builtin) or grows without end is ended with its
// thread, its disk commands and its temp folder, and the batch goes on. The thread is kept
// between scenarios (starting one costs about a second) and replaced after it is ended.
import { endScenarioProcesses } from '../backends/disk/processes';
import { constants, mkdtempSync, openSync, closeSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { removeTree } from '../backends/disk/remove';
import { scenarioDeadlineS } from '../scenario/deadline';
import type { CallDecision } from './decisions';
import type { ScenarioResult } from '../scenario/schema';
import type { CliBackend } from './backend-names';
import type { LoadedScenario } from './corpus';
import { tsThread } from './ts-thread';

/** The CLI process's resident size a scenario may bring it to. */
export const DEFAULT_MEMORY_MB = 1536;
const MEMORY_CHECK_MS = 100;
const EXIT_WAIT_MS = 5000;

export interface Budget {
  /** Replaces every scenario's own `timeout` (seconds). */
  timeoutS?: number;
  /** Each scenario thread's heap limit, and the CLI's resident size per thread running at once. */
  memoryMb: number;
  /** How many scenario threads run at once (conform --jobs): the CLI may reach `memoryMb` times
   * this; past it, each scenario running then is stopped. Default 1. */
  threads?: number;
}

export type ToScenarioThread = {
  scenario: LoadedScenario;
  backend: CliBackend;
  version?: string;
  tmp: string;
  /** The disk workspace's root: named like the oracle's (`orc-` and six characters beside the
   * system's temp folder), since a few results depend on the length of a path they name
   * (task-output-large: TaskOutput keeps the last 32,000 characters of header and output). */
  root: string;
  /** A real folder the scenario starts on a copy of (--workspace). */
  workspace?: string;
  /** Send each call's permission decision back too (replay --decisions). */
  decisions?: boolean;
};
export type FromScenarioThread =
  | { t: 'ready' }
  | { t: 'spawned'; pgid: number }
  | ({ t: 'done' } & Replayed)
  | { t: 'failed'; error: string };

/** A replay's result, how many commands it ran through the shell, and (when asked) each call's
 * permission decision by tool_use id. */
export interface Replayed {
  result: ScenarioResult;
  shellRuns: number;
  decisions?: Record<string, CallDecision>;
}

/** A scenario ended by its deadline or memory budget; `message` says which and how to change it. */
export class ScenarioStopped extends Error {}

export function scenarioThreadDeadlineS(s: LoadedScenario, budget: Budget): number {
  return scenarioDeadlineS(s.scenario, budget.timeoutS);
}

interface Live {
  worker: Worker;
  ready: Promise<void>;
  listener?: (m: FromScenarioThread) => void;
  onExit?: (e: Error) => void;
}

export class ScenarioThread {
  private live: Live | undefined;

  /** `tmp`: where each scenario's folder is made. */
  constructor(
    private readonly budget: Budget,
    private readonly tmp = tmpdir(),
  ) {}

  private start(): Live {
    const worker = tsThread(new URL('./scenario-thread-entry.ts', import.meta.url), {
      maxOldGenerationSizeMb: this.budget.memoryMb,
    });
    const live: Live = { worker, ready: Promise.resolve() };
    live.ready = new Promise<void>((res, rej) => {
      worker.on('message', (m: FromScenarioThread) => (m.t === 'ready' ? res() : live.listener?.(m)));
      const gone = (e: Error) => {
        if (this.live === live) this.live = undefined;
        rej(e);
        live.onExit?.(e);
      };
      worker.on('error', gone);
      worker.on('exit', (code) => gone(new Error(`the scenario thread exited (code ${code})`)));
    });
    live.ready.catch(() => undefined);
    return live;
  }

  /** The scenario's result and its count of shell commands; throws ScenarioStopped past the
   * deadline or the budget. */
  async replay(
    s: LoadedScenario,
    backend: CliBackend,
    version?: string,
    workspace?: string,
  ): Promise<Replayed> {
    return this.replayWith(s, backend, { version, workspace });
  }

  /** The same, with `decisions` each call's permission decision by tool_use id. */
  async replayWith(
    s: LoadedScenario,
    backend: CliBackend,
    opts: { version?: string; workspace?: string; decisions?: boolean },
  ): Promise<Replayed> {
    const { version, workspace, decisions } = opts;
    const live = (this.live ??= this.start());
    await live.ready;
    const tmp = mkdtempSync(join(this.tmp, 'cc-scenario-'));
    const root = mkdtempSync(join(this.tmp, 'orc-'));
    const groups = new Set<number>();
    const deadlineS = scenarioThreadDeadlineS(s, this.budget);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    try {
      return await new Promise<Replayed>((resolve, reject) => {
        const stop = (why: string) => {
          this.end(live);
          reject(new ScenarioStopped(why));
        };
        timer = setTimeout(
          () => stop(`timed out after ${deadlineS} s (--timeout to change)`),
          deadlineS * 1000,
        );
        const threads = this.budget.threads ?? 1;
        const overBudget = `went over its memory budget of ${this.budget.memoryMb} MiB${threads > 1 ? ` a thread (${threads} threads)` : ''} (--memory to change)`;
        poll = setInterval(() => {
          if (process.memoryUsage.rss() > threads * this.budget.memoryMb * 2 ** 20) stop(overBudget);
        }, MEMORY_CHECK_MS);
        live.onExit = (e) => reject(/heap|memory/i.test(e.message) ? new ScenarioStopped(overBudget) : e);
        live.listener = (m) => {
          if (m.t === 'spawned') groups.add(m.pgid);
          else if (m.t === 'done')
            resolve({
              result: m.result,
              shellRuns: m.shellRuns,
              ...(m.decisions ? { decisions: m.decisions } : {}),
            });
          else if (m.t === 'failed') reject(new Error(m.error));
        };
        live.worker.postMessage({
          scenario: s,
          backend,
          version,
          tmp,
          root,
          workspace,
          decisions,
        } satisfies ToScenarioThread);
      });
    } finally {
      clearTimeout(timer);
      clearInterval(poll);
      live.listener = undefined;
      live.onExit = undefined;
      if (this.live !== live) {
        cleanUpAfter(groups, [tmp, root], root);
        // Its last writes land before the folder goes (a thread blocked for good is not waited for).
        await Promise.race([live.worker.terminate(), new Promise((r) => setTimeout(r, EXIT_WAIT_MS))]);
      }
      for (const dir of [tmp, root])
        try {
          removeTree(dir);
        } catch (e) {
          process.stderr.write(
            `cc-playground: could not remove ${dir}: ${e instanceof Error ? e.message : String(e)}\n`,
          );
        }
    }
  }

  private end(live: Live): void {
    if (this.live === live) this.live = undefined;
    void live.worker.terminate();
  }

  dispose(): void {
    if (this.live) this.end(this.live);
  }
}

/** After a thread is ended: its commands' process groups, and readers it left blocked on a FIFO
 * (a read in Node's thread pool would hold a pool thread for good). */
function cleanUpAfter(groups: Set<number>, dirs: readonly string[], root: string): void {
  for (const g of groups) {
    try {
      process.kill(-g, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  // What left its group (`setsid cmd &`, `nohup cmd &`) is found by the scenario's HOME or a
  // cwd under its root, as the disk workspace's dispose finds it when a scenario ends by itself.
  endScenarioProcesses(root, join(root, 'home'));
  for (const fifo of dirs.flatMap(fifosUnder)) {
    try {
      // Opening the writing end and closing it gives a blocked reader end-of-file.
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // No reader.
    }
  }
}

function fifosUnder(root: string): string[] {
  const out: string[] = [];
  const stack = [root];
  for (let dir = stack.pop(); dir !== undefined; dir = stack.pop()) {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const d of entries) {
      const p = join(dir, d.name);
      if (d.isDirectory()) stack.push(p);
      else if (d.isFIFO()) out.push(p);
    }
  }
  return out;
}
