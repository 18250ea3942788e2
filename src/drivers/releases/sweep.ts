// "Which releases": one scenario replayed under every release of the registry, the releases
// grouped by outcome (equal results, the release number aside), each stretch of neighbouring
// releases with one outcome named by its first and last. Releases whose profiles are equal share
// one replay (profiles/identity.ts). A release's outcome is what it recorded for the scenario where
// that is known (its corpus, or a bisection's midpoint), else its replay under its own profile (the
// chain's deltas up to it), so a change point shows at the release where it happened; where both
// are known the replay is checked against the recording. Each release says which change point its
// behaviour comes from. No DOM: the page runs it in a worker, the bench and the tests in Node.
import { behaviourSource, getProfile, RELEASES, type ReleaseInfo } from '../../profiles';
import { profileIdentity } from '../../profiles/identity';
import type { Scenario, ScenarioResult } from '../../scenario/schema';
import { scenarioDeadlineS } from '../../scenario/deadline';
import { compareResults } from '../../session/compare';
import { replayScenario } from '../../session/replay';
import { createPermissions } from '../../session/wiring';
import { ALL_TOOLS } from '../../tools/registry';
import type { Workspace } from '../../workspace/types';

/** Whether a release's replay agrees with what that release recorded for the scenario. */
export type RecordingCheck =
  | { kind: 'matches' }
  | { kind: 'differs'; count: number; first: string };

export interface ReleaseOutcome {
  version: string;
  recorded: ReleaseInfo['recorded'];
  /** The change point whose behaviour the release runs (itself when its delta changes any). */
  behaviourOf: string;
  /** Index into `outcomes`; undefined when the sweep stopped before this release replayed. */
  outcome?: number;
  /** Where the outcome comes from: what this release recorded, or its replay. */
  from?: 'recording' | 'replay';
  /** Another release replayed for it: their profiles are equal. */
  sharedWith?: string;
  recording?: RecordingCheck;
}

export interface Outcome {
  /** A, B, C… in the order the releases first show it, oldest first. */
  label: string;
  /** Model calls, their tool results as one line each (`tool: first line of the text`). */
  summary: string[];
  /** A replay problem (a setup fault, the scenario's deadline) that makes the result partial. */
  problems: string[];
  stopped: boolean;
  /** How it differs from outcome A in what the model sees: the count and the first difference. */
  versusFirst?: { count: number; path: string; first: string; this: string };
}

/** Neighbouring releases with one outcome. */
export interface Stretch {
  outcome: number;
  first: string;
  last: string;
  count: number;
}

export interface Sweep {
  releases: ReleaseOutcome[];
  outcomes: Outcome[];
  stretches: Stretch[];
  /** Distinct profiles replayed. */
  replays: number;
  /** Every release got an outcome (not stopped by the signal or the deadline). */
  complete: boolean;
  /** Why it is incomplete. */
  stoppedBy?: 'cancelled' | 'deadline';
  /** Wall time of the sweep. */
  elapsedMs: number;
}

export interface SweepProgress {
  /** Distinct profiles replayed so far, and how many there are. */
  done: number;
  total: number;
  version: string;
}

export interface SweepOptions {
  /** A fresh workspace for each replay. */
  makeWorkspace: () => Workspace | Promise<Workspace>;
  /** Recorded results of this scenario by release (a gallery scenario's corpus, a link's expect). */
  recordings?: Readonly<Record<string, ScenarioResult>>;
  signal?: AbortSignal;
  /** The whole sweep's budget; releases not reached by then are left without an outcome. */
  deadlineMs?: number;
  onProgress?: (p: SweepProgress) => void;
  /** The releases to sweep (default: the registry's). */
  releases?: readonly ReleaseInfo[];
  /** Replay each release even where its profile equals another's (the bench's reference). */
  everyRelease?: boolean;
}

/** The whole sweep's default budget: long enough for a heavy scenario under ~30 distinct
 * profiles on a slow phone, short enough that a runaway scenario gives up in view. */
export const SWEEP_DEADLINE_MS = 60_000;

/** Settings sources with hooks: their commands see the release number (AI_AGENT, hooks/environment.ts),
 * so equal profiles no longer give equal results. */
function namesRelease(s: Scenario): boolean {
  return [s.managed_settings, s.user_settings, s.settings, s.settings_local].some(
    (x) => !!x && typeof x === 'object' && 'hooks' in x,
  );
}

/** A value shown in a line or a few: long texts cut. */
function shown(v: unknown, max = 400): string {
  const text = typeof v === 'string' ? v : v === undefined ? '(none)' : JSON.stringify(v);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Each tool call's result as the model got it, a few lines each. */
function summaryOf(r: ScenarioResult): string[] {
  return r.turns.flatMap((t, i) =>
    t.calls.map((c) => {
      const lines = shown(c.content, 600).split('\n');
      const text = lines.length > 8 ? [...lines.slice(0, 8), '…'].join('\n') : lines.join('\n');
      return `model call ${i}, ${c.tool}${c.is_error ? ' (is_error)' : ''}:\n${text}`;
    }),
  );
}

export function stretchesOf(releases: readonly ReleaseOutcome[]): Stretch[] {
  const out: Stretch[] = [];
  for (const [i, r] of releases.entries()) {
    if (r.outcome === undefined) continue;
    const last = out.at(-1);
    if (last && last.outcome === r.outcome && releases[i - 1]?.outcome === r.outcome) {
      last.last = r.version;
      last.count++;
    } else out.push({ outcome: r.outcome, first: r.version, last: r.version, count: 1 });
  }
  return out;
}

/** Replays `scenario` under every release (its own `version` is ignored). */
export async function sweepReleases(scenario: Scenario, opts: SweepOptions): Promise<Sweep> {
  const started = Date.now();
  const releases = opts.releases ?? RELEASES;
  const deadline = AbortSignal.timeout(opts.deadlineMs ?? SWEEP_DEADLINE_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
  const byRelease = opts.everyRelease === true || namesRelease(scenario);
  // One replay per distinct profile, the oldest release standing for the others.
  const groups = new Map<string, string[]>();
  for (const r of releases) {
    const key = byRelease ? r.version : profileIdentity(getProfile(r.version));
    groups.set(key, [...(groups.get(key) ?? []), r.version]);
  }
  // One result per outcome to compare the next replays with: equal in what the model sees
  // (session/compare's 'model' projection) is one outcome.
  const representatives: ScenarioResult[] = [];
  const results = new Map<string, { outcome: number; result: ScenarioResult; stopped: boolean }>();
  const met: { problems: string[]; stopped: boolean }[] = [];
  /** The outcome equal to `result` in what the model sees, a new one when none is. */
  const outcomeOf = (result: ScenarioResult, problems: string[], stopped: boolean): number => {
    const found = representatives.findIndex((r) => compareResults(r, result, 'model').length === 0);
    if (found >= 0) return found;
    representatives.push(result);
    met.push({ problems, stopped });
    return representatives.length - 1;
  };
  let done = 0;
  for (const versions of groups.values()) {
    if (signal.aborted) break;
    const version = versions[0] as string;
    const ws = await opts.makeWorkspace();
    let replay: Awaited<ReturnType<typeof replayScenario>> | undefined;
    try {
      // The scenario's own deadline bounds each replay, the sweep's bounds them all.
      const own = AbortSignal.timeout(scenarioDeadlineS(scenario) * 1000);
      replay = await replayScenario(ws, { ...scenario, version }, scenario.id ?? 'session', {
        tools: ALL_TOOLS,
        permissions: createPermissions,
        signal: AbortSignal.any([signal, own]),
      });
      // A replay the sweep's own stop cut short says nothing about its release.
      if (replay.stopped && signal.aborted) break;
      const outcome = outcomeOf(replay.result, replay.problems, replay.stopped);
      for (const v of versions) results.set(v, { outcome, result: replay.result, stopped: replay.stopped });
    } finally {
      // Background tasks the replay left running end with it.
      replay?.session.conversation.tasks.stopAll('page');
      await ws.dispose();
    }
    done++;
    opts.onProgress?.({ done, total: groups.size, version });
  }
  const shared = new Map<string, string>();
  for (const versions of groups.values()) for (const v of versions.slice(1)) shared.set(v, versions[0] as string);
  const out: ReleaseOutcome[] = releases.map((r) => {
    const got = results.get(r.version);
    const rec = opts.recordings?.[r.version];
    let recording: RecordingCheck | undefined;
    if (got && rec && !got.stopped) {
      const d = compareResults(rec, got.result, 'model');
      recording = d.length === 0 ? { kind: 'matches' } : { kind: 'differs', count: d.length, first: d[0]?.path ?? '' };
    }
    // What the release recorded is its outcome (a sweep the signal cut short leaves the releases
    // it did not reach without one, recorded or not).
    const outcome = got && rec ? outcomeOf(rec, [], false) : got?.outcome;
    return {
      version: r.version,
      recorded: r.recorded,
      behaviourOf: behaviourSource(r.version),
      ...(outcome !== undefined ? { outcome, from: got && rec ? ('recording' as const) : ('replay' as const) } : {}),
      ...(shared.has(r.version) ? { sharedWith: shared.get(r.version) } : {}),
      ...(recording ? { recording } : {}),
    };
  });
  // Outcomes labelled A, B, … in the order the releases show them, oldest first.
  const order = [...new Set(out.flatMap((r) => (r.outcome === undefined ? [] : [r.outcome])))];
  const rank = new Map(order.map((o, i) => [o, i]));
  for (const r of out) if (r.outcome !== undefined) r.outcome = rank.get(r.outcome);
  const outcomes: Outcome[] = order.map((o, i) => {
    const result = representatives[o] as ScenarioResult;
    const first = i > 0 ? compareResults(representatives[order[0] as number] as ScenarioResult, result, 'model') : [];
    return {
      label: String.fromCharCode(65 + (i % 26)) + (i >= 26 ? String(Math.floor(i / 26)) : ''),
      summary: summaryOf(result),
      ...(met[o] as { problems: string[]; stopped: boolean }),
      ...(first[0]
        ? {
            versusFirst: {
              count: first.length,
              path: first[0].path,
              first: shown(first[0].expected),
              this: shown(first[0].actual),
            },
          }
        : {}),
    };
  });
  const complete = out.every((r) => r.outcome !== undefined);
  return {
    releases: out,
    outcomes,
    stretches: stretchesOf(out),
    replays: done,
    complete,
    ...(complete ? {} : { stoppedBy: opts.signal?.aborted ? 'cancelled' : 'deadline' }),
    elapsedMs: Date.now() - started,
  };
}
