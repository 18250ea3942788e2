import { CLOCK_START_MS, type Clock, type Search, type Shell, type Vfs } from '../workspace/types';

export interface ClockOptions {
  /** A replay's clock: when every piece of pending work is waiting on one of its timers, the
   * timeline jumps to the earliest deadline at once (as a test scheduler does) instead of
   * waiting it out. Off, timers take real time (the page, where a person watches them run). */
  skipIdle?: boolean;
}

/** A clock whose now() starts at a fixed instant and moves 1 ms per reading, so two writes never
 * share an mtime and every replay gives the same times. */
export function deterministicClock(startMs = CLOCK_START_MS, opts: ClockOptions = {}): Clock {
  let t = startMs;
  return timeline(() => (t += 1), opts);
}

export function wallClock(opts: ClockOptions = {}): Clock {
  return timeline(() => Date.now(), opts);
}

/** setImmediate turns in a row in which nothing touched the clock before it counts as idle:
 * work that awaits a macrotask (a memfs callback, a worker's reply already queued) runs first. */
const QUIET_TURNS = 3;

const nextTurn: (f: () => void) => void =
  typeof setImmediate === 'function' ? (f) => setImmediate(f) : (f) => setTimeout(f, 0);

interface Entry {
  at: number;
  fn: () => void;
}

function timeline(now: () => number, opts: ClockOptions): Clock {
  const queue: Entry[] = [];
  let skipped = 0;
  let busy = 0;
  let touched = 0;
  let checking = false;
  let real: ReturnType<typeof setTimeout> | undefined;
  let holds = 0;
  let heldSince = 0;
  let held = 0;
  const elapsed = () => {
    const t = performance.now();
    return t + skipped - held - (holds > 0 ? t - heldSince : 0);
  };

  const arm = () => {
    if (real !== undefined) clearTimeout(real);
    real = undefined;
    const first = queue[0];
    // setTimeout takes at most 2^31-1 ms; a later deadline is re-armed when that fires.
    if (first && Number.isFinite(first.at)) real = setTimeout(fire, Math.min(2 ** 31 - 1, Math.max(0, first.at - elapsed())));
  };
  function fire(): void {
    real = undefined;
    const t = elapsed();
    const due: Entry[] = [];
    while (queue[0] && queue[0].at <= t) due.push(queue.shift() as Entry);
    arm();
    for (const e of due)
      try {
        e.fn();
      } catch (err) {
        // As a throwing setTimeout callback would: reported, the other timers still run.
        nextTurn(() => {
          throw err;
        });
      }
    poke();
  }
  /** Something happened on the clock: if it may now be idle, watch a few turns to be sure. */
  function poke(): void {
    touched++;
    if (!opts.skipIdle || checking) return;
    checking = true;
    const check = (seen: number, turns: number) => {
      // A deadline of Infinity (wait for ever) is never jumped to.
      if (busy > 0 || queue.length === 0 || !Number.isFinite((queue[0] as Entry).at)) {
        checking = false;
        return;
      }
      if (touched !== seen) return nextTurn(() => check(touched, 0));
      if (turns < QUIET_TURNS) return nextTurn(() => check(seen, turns + 1));
      checking = false;
      const ahead = (queue[0] as Entry).at - elapsed();
      if (ahead > 0) skipped += ahead;
      fire();
    };
    nextTurn(() => check(touched, 0));
  }

  const timer = (fn: () => void, ms: number) => {
    const e: Entry = { at: elapsed() + (Number.isNaN(ms) ? 0 : Math.max(0, ms)), fn };
    let i = queue.length;
    while (i > 0 && (queue[i - 1] as Entry).at > e.at) i--;
    queue.splice(i, 0, e);
    if (i === 0) arm();
    poke();
    return () => {
      const j = queue.indexOf(e);
      if (j < 0) return;
      queue.splice(j, 1);
      if (j === 0) arm();
      poke();
    };
  };

  return {
    now,
    elapsed,
    timer,
    busy<T>(work: Promise<T>): Promise<T> {
      busy++;
      touched++;
      return work.finally(() => {
        busy--;
        poke();
      });
    },
    hold<T>(work: Promise<T>): Promise<T> {
      if (holds++ === 0) heldSince = performance.now();
      busy++;
      touched++;
      return work.finally(() => {
        if (--holds === 0) held += performance.now() - heldSince;
        busy--;
        arm();
        poke();
      });
    },
    idle(ms: number, signal?: AbortSignal): Promise<void> {
      if (signal?.aborted) return Promise.resolve();
      busy--;
      poke();
      return new Promise<void>((resolve) => {
        let over = false;
        const done = () => {
          if (over) return;
          over = true;
          cancel();
          signal?.removeEventListener('abort', done);
          busy++;
          touched++;
          resolve();
        };
        const cancel = timer(done, ms);
        signal?.addEventListener('abort', done, { once: true });
      });
    },
  };
}

/** The shell with each command counted as busy work on the clock (its in-memory `sleep` is idle). */
export function busyShell(shell: Shell, clock: Clock): Shell {
  return { ...shell, run: (command, opts) => clock.busy(shell.run(command, opts)), dispose: shell.dispose?.bind(shell) };
}

export function busySearch(search: Search, clock: Clock): Search {
  return { run: (args, opts) => clock.busy(search.run(args, opts)) };
}

/** A Vfs on real files: each call is I/O in flight the clock must not skip past. */
export function busyVfs<F extends Vfs>(fs: F, clock: Clock): F {
  return new Proxy(fs, {
    get(target, key, receiver) {
      const v: unknown = Reflect.get(target, key, receiver);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        const r: unknown = (v as (...a: unknown[]) => unknown).apply(target, args);
        return r instanceof Promise ? clock.busy(r) : r;
      };
    },
  });
}
