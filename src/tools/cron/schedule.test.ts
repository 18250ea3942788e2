// nextMatch skips days and hours that cannot match; it must find the same minute as a scan of
// every minute, for any expression and start.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cronMatches, nextMatch } from './schedule';

/** The plain definition: the first of the next `limit` minutes that matches, scanned one by one. */
function scanEveryMinute(cron: string, nowMs: number, limit: number): number | null {
  let t = Math.floor(nowMs / 60_000) * 60_000 + 60_000;
  for (let i = 0; i < limit; i++, t += 60_000) if (cronMatches(cron, t)) return t;
  return null;
}

const field = (lo: number, hi: number) =>
  fc.oneof(
    fc.constant('*'),
    fc.integer({ min: lo, max: hi }).map(String),
    fc
      .tuple(fc.integer({ min: lo, max: hi }), fc.integer({ min: 0, max: hi - lo }))
      .map(([a, w]) => `${a}-${Math.min(hi, a + w)}`),
    fc.integer({ min: 2, max: 15 }).map((s) => `*/${s}`),
    fc.tuple(fc.integer({ min: lo, max: hi }), fc.integer({ min: lo, max: hi })).map(([a, b]) => `${a},${b}`),
  );

describe('nextMatch', () => {
  it('gives the minute every field matches, from years of skipping as from a scan', () => {
    expect(
      [
        ['30 14 28 2 *', Date.UTC(2026, 11, 2, 1, 47)],
        ['0 9 * * 1-5', Date.UTC(2026, 11, 5, 9, 0)],
        ['7 8 * * *', Date.UTC(2026, 11, 31, 23, 59, 30)],
        ['0 0 29 2 *', Date.UTC(2026, 0, 1)],
        ['0 0 31 4 *', Date.UTC(2026, 0, 1)],
      ].map(([c, now]) => {
        const t = nextMatch(c as string, now as number);
        return t === null ? null : new Date(t).toISOString();
      }),
    ).toEqual([
      '2027-02-28T14:30:00.000Z',
      '2026-12-07T09:00:00.000Z',
      '2027-01-01T08:07:00.000Z',
      null,
      null,
    ]);
  });

  it('finds the first matching minute, as a scan of every minute does', () => {
    const limit = 3 * 24 * 60;
    fc.assert(
      fc.property(
        fc.tuple(field(0, 59), field(0, 23), field(1, 31), field(1, 12), field(0, 7)).map((f) => f.join(' ')),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) }),
        (cron, now) => {
          const t = nextMatch(cron, now);
          const within = t !== null && t - now <= limit * 60_000 ? t : null;
          expect(within).toEqual(scanEveryMinute(cron, now, limit));
        },
      ),
      { numRuns: 300 },
    );
  });
});
