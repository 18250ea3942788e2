// Replaying scenarios headlessly: the same wiring the browser uses, with a CLI backend.
import { ALL_TOOLS } from '../tools/registry';
import { replayScenario, type Replay } from '../session/replay';
import { createPermissions } from '../session/wiring';
import { compareResults, type Difference } from '../session/compare';
import { createWorkspace, type CliBackend } from './backends';
import type { LoadedScenario } from './corpus';
import type { ScenarioResult } from '../scenario/schema';

/** `version`: replay under this behaviour version instead of the one the scenario names (the
 * version of the recorded result it is compared with). */
export async function replayLoaded(s: LoadedScenario, backend: CliBackend, version?: string): Promise<Replay> {
  const ws = createWorkspace(backend);
  const scenario = version === undefined ? s.scenario : { ...s.scenario, version };
  try {
    return await replayScenario(ws, scenario, s.id, { tools: ALL_TOOLS, permissions: createPermissions });
  } finally {
    await ws.dispose();
  }
}

export interface Verdict {
  id: string;
  pass: boolean;
  first?: Difference;
  differences: number;
  structuredDiffers: boolean;
  error?: string;
  ms: number;
}

/** A replay that outlives its scenario's timeout (the oracle's kill timeout) is a failure, not
 * a hang: a FIFO with no writer blocks forever, as in the real binary. */
function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

export async function conformOne(s: LoadedScenario, expected: ScenarioResult, backend: CliBackend): Promise<Verdict> {
  const t0 = performance.now();
  try {
    const { result } = await withTimeout(replayLoaded(s, backend, expected.version), 1000 * (s.scenario.timeout ?? 60), s.id);
    const d = compareResults(expected, result, 'model');
    const sd = compareResults(expected, result, 'structured');
    return { id: s.id, pass: d.length === 0, first: d[0], differences: d.length, structuredDiffers: sd.length > 0, ms: performance.now() - t0 };
  } catch (e) {
    return { id: s.id, pass: false, differences: 1, structuredDiffers: true, error: e instanceof Error ? (e.stack ?? e.message) : String(e), ms: performance.now() - t0 };
  }
}
