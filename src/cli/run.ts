// Replaying scenarios headlessly: the same wiring the browser uses, with a CLI backend.
import { ALL_TOOLS } from '../tools/registry';
import { replayScenario, type Replay } from '../session/replay';
import { createPermissions } from '../session/wiring';
import { compareResults, short, type Difference } from '../session/compare';
import { createWorkspace, type CliBackend, type WorkspaceHooks } from './backends';
import type { LoadedScenario } from './corpus';
import { diskEntries } from '../backends/import/disk';
import { importEntries } from '../backends/import/import';
import type { ScenarioResult } from '../scenario/schema';
import type { ShellRunOptions } from '../workspace/types';
import { ScenarioStopped, scenarioThreadDeadlineS } from './scenario-thread';

/** `version`: replay under this behaviour version instead of the one the scenario names (the
 * version of the recorded result it is compared with). */
export async function replayLoaded(
  s: LoadedScenario,
  backend: CliBackend,
  version?: string,
  hooks?: WorkspaceHooks,
  workspaceDir?: string,
): Promise<Replay & { shellRuns: number }> {
  const made = createWorkspace(backend, hooks);
  // Counted so the ratchet knows a replay that never reached the shell: on memfs-worker (memfs
  // with another shell) it would replay exactly as on memfs.
  let shellRuns = 0;
  const ws = {
    ...made,
    shell: {
      ...made.shell,
      run: (c: string, o: ShellRunOptions) => (shellRuns++, made.shell.run(c, o)),
      dispose: made.shell.dispose?.bind(made.shell),
    },
  };
  const scenario = version === undefined ? s.scenario : { ...s.scenario, version };
  try {
    // --workspace: the scenario starts on a copy of a real folder (.gitignore applied); the
    // scenario's own files are laid over it.
    if (workspaceDir !== undefined) await importEntries(ws, diskEntries(workspaceDir));
    const replay = await replayScenario(ws, scenario, s.id, {
      tools: ALL_TOOLS,
      permissions: createPermissions,
    });
    return { ...replay, shellRuns };
  } finally {
    await made.dispose();
  }
}

export interface Verdict {
  id: string;
  pass: boolean;
  first?: Difference;
  differences: number;
  structuredDiffers: boolean;
  error?: string;
  /** Why the scenario was ended before it finished (its deadline or memory budget). */
  stopped?: string;
  ms: number;
  /** Commands the replay ran through the workspace's shell (when the replay said). */
  shellRuns?: number;
  /** Taken from another backend's replay instead of replayed (the ratchet's memfs-worker part). */
  reused?: boolean;
}

/** A scenario's result under a behaviour version (the one it names when absent), and how many
 * commands it ran through the shell (when known). */
export type ReplayFn = (
  s: LoadedScenario,
  version?: string,
) => Promise<{ result: ScenarioResult; shellRuns?: number }>;

/** A replay that outlives its scenario's timeout (the oracle's kill timeout) is a failure, not
 * a hang: a FIFO with no writer blocks forever, as in the real binary. In process, synchronous
 * work cannot be stopped: the CLI replays in a ScenarioThread instead. */
export function inProcess(backend: CliBackend): ReplayFn {
  return async (s, version) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ms = 1000 * scenarioThreadDeadlineS(s, { memoryMb: Infinity });
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ScenarioStopped(`timed out after ${ms / 1000} s`)), ms);
    });
    try {
      const { result, shellRuns } = await Promise.race([replayLoaded(s, backend, version), late]);
      return { result, shellRuns };
    } finally {
      clearTimeout(timer);
    }
  };
}

export async function conformOne(
  s: LoadedScenario,
  expected: ScenarioResult,
  replay: ReplayFn,
): Promise<Verdict> {
  const t0 = performance.now();
  try {
    const { result, shellRuns } = await replay(s, expected.version);
    const d = compareResults(expected, result, 'model');
    const sd = compareResults(expected, result, 'structured');
    return {
      id: s.id,
      pass: d.length === 0,
      first: d[0],
      differences: d.length,
      structuredDiffers: sd.length > 0,
      ms: performance.now() - t0,
      ...(shellRuns === undefined ? {} : { shellRuns }),
    };
  } catch (e) {
    const failed = {
      id: s.id,
      pass: false,
      differences: 1,
      structuredDiffers: true,
      ms: performance.now() - t0,
    };
    if (e instanceof ScenarioStopped) return { ...failed, stopped: e.message };
    return { ...failed, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
}

/** A failed verdict in one line (conform's FAIL lines, the ratchet's list). */
export function describeVerdict(v: Verdict, width?: number): string {
  if (v.stopped) return `stopped: ${v.stopped}`;
  if (v.error) return `crashed: ${v.error.split('\n')[0]}`;
  if (!v.first) return 'no recorded result';
  return `${v.first.path}: expected ${short(v.first.expected, width)}, got ${short(v.first.actual, width)}`;
}
