// Runs a target's generated inputs one by one against two budgets: a deadline per input (its
// signal fires at the deadline, and a run that has not settled by then is over budget) and the
// process's resident memory, sampled while the input runs and once after it.
import fc from 'fast-check';
import type { Target } from './targets';

export interface Budget {
  deadlineMs: number;
  rssBytes: number;
}

/** 5 s per input (a replay of two tool calls takes tens of ms); 1.5 GiB of resident memory. */
export const BUDGET: Budget = { deadlineMs: 5000, rssBytes: 1.5 * 1024 ** 3 };

/** The most a target's warm-up may take (Target.warm). */
const WARM_MS = 60_000;

export interface Finding {
  target: string;
  kind: 'uncaught' | 'over-time' | 'over-memory';
  input: unknown;
  detail: string;
}

export interface TargetFigures {
  target: string;
  inputs: number;
  uncaught: number;
  overBudget: number;
  slowestMs: number;
  findings: Finding[];
}

const preview = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s;
};

export async function fuzzTarget(
  target: Target,
  runs: number,
  seed: number,
  budget: Budget = BUDGET,
): Promise<TargetFigures> {
  const figures: TargetFigures = {
    target: target.name,
    inputs: 0,
    uncaught: 0,
    overBudget: 0,
    slowestMs: 0,
    findings: [],
  };
  if (target.warm) {
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), WARM_MS);
    try {
      await target.warm(stop.signal);
    } catch {
      // A warm-up that fails leaves the loading to the first inputs, which are then timed with it.
    } finally {
      clearTimeout(timer);
    }
  }
  for (const input of fc.sample(target.input, { numRuns: runs, seed })) {
    figures.inputs++;
    const stop = new AbortController();
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => {
        stop.abort();
        resolve('late');
      }, budget.deadlineMs);
    });
    const started = performance.now();
    let outcome: 'ok' | 'late' | { error: unknown };
    try {
      outcome = await Promise.race([target.run(input, stop.signal).then(() => 'ok' as const), late]);
    } catch (error) {
      outcome = { error };
    } finally {
      clearTimeout(timer);
      clearInterval(sampler);
    }
    const ms = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage().rss);
    figures.slowestMs = Math.max(figures.slowestMs, ms);
    const find = (kind: Finding['kind'], detail: string) =>
      figures.findings.push({ target: target.name, kind, input: preview(input), detail });
    if (typeof outcome === 'object') {
      figures.uncaught++;
      const e = outcome.error;
      find(
        'uncaught',
        e instanceof Error ? (e.stack ?? e.message).split('\n').slice(0, 4).join('\n') : String(e),
      );
    } else if (outcome === 'late' || ms > budget.deadlineMs) {
      figures.overBudget++;
      find('over-time', `${Math.round(ms)} ms`);
    } else if (peak > budget.rssBytes) {
      figures.overBudget++;
      find('over-memory', `${Math.round(peak / 1024 ** 2)} MiB resident`);
    }
  }
  return figures;
}

export function summary(all: readonly TargetFigures[]): string {
  const sum = (k: 'inputs' | 'uncaught' | 'overBudget') => all.reduce((n, f) => n + f[k], 0);
  return `fuzz: ${sum('inputs')} inputs, ${sum('uncaught')} uncaught, ${sum('overBudget')} over budget`;
}

export function figuresLine(f: TargetFigures): string {
  return `${f.target.padEnd(12)} ${String(f.inputs).padStart(6)} inputs, ${f.uncaught} uncaught, ${f.overBudget} over budget, slowest ${Math.round(f.slowestMs)} ms`;
}
