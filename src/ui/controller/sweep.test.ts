import { describe, expect, it } from 'vitest';
import type { ReleaseSweeper } from '../../drivers/releases/protocol';
import type { Sweep } from '../../drivers/releases/sweep';
import { SweepController } from './sweep';

const DONE: Sweep = { releases: [], outcomes: [], stretches: [], replays: 0, complete: true, elapsedMs: 1 };

/** A sweeper that reports one step and waits to be finished or stopped. */
function fake() {
  const runs: { finish: () => void; signal: AbortSignal }[] = [];
  const sweeper: ReleaseSweeper = (_req, onProgress, signal) =>
    new Promise((resolve, reject) => {
      onProgress({ done: 1, total: 2, version: 'v1' });
      signal.addEventListener('abort', () => reject(new Error('cancelled')));
      runs.push({ finish: () => resolve(DONE), signal });
    });
  return { sweeper, runs };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the sweep controller', () => {
  it('shows progress, then the outcome', async () => {
    const { sweeper, runs } = fake();
    const c = new SweepController(sweeper);
    c.start('s', { turns: [] }, async () => ({}));
    await settle();
    expect(c.getSnapshot()).toEqual({ kind: 'running', label: 's', progress: { done: 1, total: 2, version: 'v1' } });
    runs[0]?.finish();
    await settle();
    expect(c.getSnapshot()).toEqual({ kind: 'done', label: 's', sweep: DONE });
  });

  it('cancels, and a new sweep supersedes the one before', async () => {
    const { sweeper, runs } = fake();
    const c = new SweepController(sweeper);
    c.start('a', { turns: [] }, async () => ({}));
    await settle();
    c.cancel();
    await settle();
    expect(c.getSnapshot()).toEqual({ kind: 'cancelled', label: 'a' });
    c.start('b', { turns: [] }, async () => ({}));
    c.start('c', { turns: [] }, async () => ({}));
    await settle();
    expect(runs.map((r) => r.signal.aborted)).toEqual([true, true, false]);
    runs[2]?.finish();
    await settle();
    expect(c.getSnapshot()).toEqual({ kind: 'done', label: 'c', sweep: DONE });
  });
});
