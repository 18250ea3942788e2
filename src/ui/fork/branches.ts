// Branches of a session: "fork from here" at a model call makes a new scenario with the turns up
// to that call (replayed, it gives the workspace and the ledger as they were after it) and hands
// the next call to the composer. The branches of the page's session are kept in one small store,
// mirrored in this tab's sessionStorage so a reload keeps them, and the original and every fork
// stay a click away.
import { z } from 'zod';
import { scenarioSchema, type Scenario, type ScriptedCall } from '../../scenario/schema';

export interface Fork {
  scenario: Scenario;
  /** The tool calls of the model call after the fork point, to edit and run (none at the end). */
  next: ScriptedCall[];
}

const isCall = (x: Scenario['turns'][number][number]): x is ScriptedCall => 'name' in x && 'input' in x;

/** The scenario up to and including model call `call`; its recording (if any) no longer applies,
 * and a live session's words after the call are dropped with their calls. */
export function forkAt(scenario: Scenario, call: number): Fork {
  const { expect: _recorded, ...rest } = scenario;
  const turns = scenario.turns.slice(0, call + 1);
  const next = (scenario.turns[call + 1] ?? []).filter(isCall).map((c) => ({ name: c.name, input: c.input }));
  return {
    scenario: {
      ...rest,
      turns,
      ...(scenario.live ? { live: { ...scenario.live, words: scenario.live.words.filter((w) => w.turn <= call) } } : {}),
    },
    next,
  };
}

export interface Branch {
  /** The session id it opens under (unique in the list). */
  id: string;
  label: string;
  scenario: Scenario;
  /** The original is a gallery scenario as recorded: switching back reopens it from the gallery,
   * so it is compared with its recording again. */
  gallery?: boolean;
}

export interface BranchState {
  branches: readonly Branch[];
  active: number;
  /** The model call to select once the branch `id` has opened. */
  select?: { id: string; call: number };
}

const KEY = 'ccp.branches';

const savedSchema = z.object({
  branches: z.array(
    z.object({ id: z.string(), label: z.string(), scenario: scenarioSchema, gallery: z.literal(true).optional() }),
  ),
  active: z.number().int().nonnegative(),
});

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

/** The tab's saved branches; anything unreadable (edited by hand, an older format) is no list. */
function readSaved(): BranchState {
  try {
    const v = savedSchema.safeParse(JSON.parse(storage()?.getItem(KEY) ?? 'null'));
    if (v.success && v.data.active < v.data.branches.length) return v.data as BranchState;
  } catch {
    // Not JSON: start without branches.
  }
  return { branches: [], active: 0 };
}

function save(s: BranchState): void {
  try {
    if (s.branches.length) storage()?.setItem(KEY, JSON.stringify({ branches: s.branches, active: s.active }));
    else storage()?.removeItem(KEY);
  } catch {
    // Over the storage quota (a large imported project): the branches stay in this page's memory.
  }
}

let state: BranchState = readSaved();
const listeners = new Set<() => void>();
const set = (next: BranchState) => {
  state = next;
  save(next);
  listeners.forEach((l) => l());
};

export const branchStore = {
  get: (): BranchState => state,
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Adds a fork of the session `from` (its current scenario) at `call`; the fork becomes active.
   * A session not in the list starts a new list with itself as the original. */
  fork(from: { id: string; scenario: Scenario; gallery: boolean }, call: number): Branch & Fork {
    const known = state.branches.findIndex((b) => b.id === from.id);
    const list: Branch[] =
      known < 0
        ? [{ id: from.id, label: 'original', scenario: from.scenario, ...(from.gallery ? { gallery: true } : {}) }]
        : state.branches.map((b, i) => (i === known ? { ...b, scenario: from.scenario } : b));
    const base = known < 0 ? from.id : (list[0]?.id ?? from.id);
    const n = list.length;
    const f = forkAt(from.scenario, call);
    const parent = known < 0 ? 'original' : (list[known]?.label ?? 'original');
    const branch: Branch = { id: `${base} · fork ${n}`, label: `fork ${n}: ${parent} up to model call ${call}`, scenario: f.scenario };
    set({ branches: [...list, branch], active: n, select: { id: branch.id, call } });
    return { ...branch, ...f };
  },
  /** Keeps the active branch's scenario as it is now, makes `k` active and returns it. */
  switchTo(k: number, current: Scenario | undefined): Branch | undefined {
    const target = state.branches[k];
    if (!target) return undefined;
    const branches = state.branches.map((b, i) => (i === state.active && current ? { ...b, scenario: current } : b));
    set({ branches, active: k });
    return target;
  },
  selected(): void {
    if (state.select) set({ ...state, select: undefined });
  },
  reset(): void {
    set({ branches: [], active: 0 });
  },
  /** Reads the tab's saved branches again (what a reload does). */
  restore(): void {
    set(readSaved());
  },
};
