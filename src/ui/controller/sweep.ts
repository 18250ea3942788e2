// The "which releases" sweep as the page runs it, outside React: what it is sweeping, its
// progress, its outcome, and Cancel. One sweep at a time: a new one cancels the one before.
// The sweep itself runs in a worker (the sweeper the entry gives, src/workers/releases.ts).
import type { ReleaseSweeper } from '../../drivers/releases/protocol';
import type { Sweep, SweepProgress } from '../../drivers/releases/sweep';
import type { Scenario, ScenarioResult } from '../../scenario/schema';

export type SweepState =
  | { kind: 'idle' }
  | { kind: 'running'; label: string; progress?: SweepProgress }
  | { kind: 'done'; label: string; sweep: Sweep }
  | { kind: 'error'; label: string; text: string }
  | { kind: 'cancelled'; label: string };

/** The sweep's budget in the page. */
export const PAGE_SWEEP_DEADLINE_MS = 60_000;

export class SweepController {
  private state: SweepState = { kind: 'idle' };
  private readonly listeners = new Set<() => void>();
  private running: AbortController | undefined;

  constructor(private readonly sweeper: ReleaseSweeper) {}

  readonly subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  readonly getSnapshot = (): SweepState => this.state;

  private set(s: SweepState): void {
    this.state = s;
    for (const l of this.listeners) l();
  }

  /** Sweeps `scenario` (`recordings`: what it loads of the releases' recordings, if any). */
  readonly start = (
    label: string,
    scenario: Scenario,
    recordings: () => Promise<Record<string, ScenarioResult>>,
  ): void => {
    this.running?.abort();
    const op = new AbortController();
    this.running = op;
    this.set({ kind: 'running', label });
    void (async () => {
      try {
        const sweep = await this.sweeper(
          { scenario, recordings: await recordings(), deadlineMs: PAGE_SWEEP_DEADLINE_MS },
          (progress) => {
            if (this.running === op) this.set({ kind: 'running', label, progress });
          },
          op.signal,
        );
        if (this.running === op) this.set({ kind: 'done', label, sweep });
      } catch (e) {
        if (this.running !== op) return;
        this.set(
          op.signal.aborted
            ? { kind: 'cancelled', label }
            : { kind: 'error', label, text: e instanceof Error ? e.message : String(e) },
        );
      } finally {
        if (this.running === op) this.running = undefined;
      }
    })();
  };

  readonly cancel = (): void => {
    const op = this.running;
    if (!op) return;
    op.abort();
  };
}
