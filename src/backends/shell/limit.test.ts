import { describe, expect, it } from 'vitest';
import { busySlack, limitWait, type ShellTime } from './run';

/** A ShellTime whose timers fire when the test says, and a real-time reading the test sets. */
function manualTime() {
  const timers: { fn: () => void; ms: number }[] = [];
  let real = 0;
  const time: ShellTime = {
    timer: (fn, ms) => {
      const t = { fn, ms };
      timers.push(t);
      return () => timers.splice(timers.indexOf(t), 1);
    },
    elapsed: () => real,
    sleep: () => Promise.resolve(),
  };
  const fire = () => (timers.shift() as { fn: () => void }).fn();
  return { time, timers, fire, setReal: (ms: number) => (real = ms), now: () => real };
}

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

describe("timeout's limit", () => {
  it('ends at the limit when the clock skipped an idle stretch to it', async () => {
    const m = manualTime();
    const wait = limitWait(m.time, m.now)(5000, new AbortController().signal);
    m.setReal(300);
    m.fire();
    expect([await settled(wait), m.timers.length]).toEqual([true, 0]);
  });

  it('gives a command that worked through the limit its slack, then ends', async () => {
    const m = manualTime();
    const wait = limitWait(m.time, m.now)(5000, new AbortController().signal);
    m.setReal(5000);
    m.fire();
    const before = [await settled(wait), m.timers.map((t) => t.ms)];
    m.fire();
    expect([before, await settled(wait)]).toEqual([[false, [5000]], true]);
  });

  it('is at least 2 s, else as long as the limit', () => {
    expect([busySlack(200), busySlack(2000), busySlack(5000)]).toEqual([2000, 2000, 5000]);
  });
});
