import type { Clock } from '../workspace/types';

/** A clock that starts at a fixed instant and moves 1 ms per reading, so two writes never share
 * an mtime and every replay gives the same times. */
export function deterministicClock(startMs = 1_800_000_000_000): Clock {
  let t = startMs;
  return { now: () => (t += 1) };
}

export function wallClock(): Clock {
  return { now: () => Date.now() };
}
