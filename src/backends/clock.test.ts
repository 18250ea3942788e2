import { describe, expect, it } from 'vitest';
import { sleep, within } from '../workspace/types';
import { deterministicClock, wallClock } from './clock';

const realMs = async (f: () => Promise<unknown>) => {
  const t = performance.now();
  await f();
  return performance.now() - t;
};

describe("a replay's clock (skipIdle)", () => {
  it('jumps to each deadline in turn when only timers are left, in deadline order', async () => {
    const clock = deterministicClock(undefined, { skipIdle: true });
    const order: string[] = [];
    const start = clock.elapsed();
    const took = await realMs(() =>
      Promise.all([
        sleep(clock, 60_000).then(() => order.push(`b ${Math.round((clock.elapsed() - start) / 1000)}`)),
        sleep(clock, 30_000).then(() => order.push(`a ${Math.round((clock.elapsed() - start) / 1000)}`)),
        sleep(clock, 90_000).then(() => order.push(`c ${Math.round((clock.elapsed() - start) / 1000)}`)),
      ]),
    );
    expect(order).toEqual(['a 30', 'b 60', 'c 90']);
    expect(took).toBeLessThan(5_000);
  });

  it('does not skip while busy work is in flight: a timer then takes real time', async () => {
    const clock = deterministicClock(undefined, { skipIdle: true });
    let finish = () => {};
    const work = clock.busy(new Promise<void>((r) => (finish = r)));
    const events: string[] = [];
    const timed = sleep(clock, 200).then(() => events.push('timer'));
    setTimeout(() => {
      events.push('work done');
      finish();
    }, 50);
    await Promise.all([work, timed]);
    expect(events).toEqual(['work done', 'timer']);
  });

  it("stands still while the playground's overhead is held: a timer due meanwhile waits for it", async () => {
    const clock = deterministicClock(undefined, { skipIdle: true });
    let finish = () => {};
    const start = clock.elapsed();
    const events: string[] = [];
    const held = (clock.hold as NonNullable<typeof clock.hold>)(new Promise<void>((r) => (finish = r))).then(() =>
      events.push(`held ${Math.round(clock.elapsed() - start) < 50}`),
    );
    const timed = sleep(clock, 50).then(() => events.push('timer'));
    setTimeout(finish, 200);
    await Promise.all([held, timed]);
    expect(events).toEqual(['held true', 'timer']);
  });

  it('skips while busy work waits idle (a shell sleep), and a cancelled timer never fires', async () => {
    const clock = deterministicClock(undefined, { skipIdle: true });
    const events: string[] = [];
    const cancel = clock.timer(() => events.push('cancelled'), 1_000);
    cancel();
    const took = await realMs(() =>
      clock.busy(
        (async () => {
          await clock.idle(20_000);
          events.push('slept');
        })(),
      ),
    );
    await within(clock, new Promise(() => {}), 5_000);
    events.push('waited');
    expect(events).toEqual(['slept', 'waited']);
    expect(took).toBeLessThan(5_000);
  });

  it('ends an idle wait when its signal aborts', async () => {
    const clock = deterministicClock(undefined, { skipIdle: true });
    const stop = new AbortController();
    let finish = () => {};
    const held = clock.busy(new Promise<void>((r) => (finish = r)));
    const slept = clock.busy(clock.idle(3_600_000, stop.signal));
    stop.abort();
    await slept;
    finish();
    await held;
    expect(clock.elapsed()).toBeLessThan(performance.now() + 1_000);
  });
});

describe('a clock without skipIdle', () => {
  it('waits real time', async () => {
    const clock = wallClock();
    expect(await realMs(() => sleep(clock, 120))).toBeGreaterThanOrEqual(110);
  });
});
