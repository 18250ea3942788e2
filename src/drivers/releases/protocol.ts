// What the page and the "which releases" worker say to each other (src/workers/releases.ts
// runs the sweep; the page only sends a scenario and reads progress and the outcome).
import type { Scenario, ScenarioResult } from '../../scenario/schema';
import type { Sweep, SweepProgress } from './sweep';

export interface SweepRequest {
  scenario: Scenario;
  /** Recorded results of the scenario by release, to compare each release's replay with. */
  recordings: Record<string, ScenarioResult>;
  deadlineMs: number;
}

export type SweepMessage =
  | ({ kind: 'progress' } & SweepProgress)
  | { kind: 'done'; sweep: Sweep }
  | { kind: 'error'; text: string };

/** Runs one sweep; the signal stops it (the worker is ended, whatever it was doing). */
export type ReleaseSweeper = (
  request: SweepRequest,
  onProgress: (p: SweepProgress) => void,
  signal: AbortSignal,
) => Promise<Sweep>;
