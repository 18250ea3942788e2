import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZES, keyResize, loadSizes, saveSizes, SIZES_KEY } from './sizes';

const store = (init: Record<string, string> = {}) => {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('pane sizes', () => {
  it('load the defaults when nothing or something malformed is saved', () => {
    expect([loadSizes(undefined), loadSizes(store()), loadSizes(store({ [SIZES_KEY]: '{oops' })), loadSizes(store({ [SIZES_KEY]: '{"side":"wide"}' }))]).toEqual([
      DEFAULT_SIZES,
      DEFAULT_SIZES,
      DEFAULT_SIZES,
      DEFAULT_SIZES,
    ]);
  });

  it('round-trip through storage, clamped to their limits', () => {
    const s = store();
    saveSizes(s, { side: 400, middle: 500 });
    expect(s.m.get(SIZES_KEY)).toBe('{"side":400,"middle":500}');
    expect(loadSizes(s)).toEqual({ side: 400, middle: 500 });
    expect(loadSizes(store({ [SIZES_KEY]: '{"side":5,"middle":99999}' }))).toEqual({ side: 180, middle: 760 });
  });

  it('move by 16 px per arrow key, 64 with Shift, to the limits with Home and End', () => {
    expect(
      [
        ['ArrowRight', false],
        ['ArrowUp', false],
        ['ArrowLeft', false],
        ['ArrowDown', true],
        ['Home', false],
        ['End', false],
        ['a', false],
      ].map(([k, shift]) => keyResize('side', 300, k as string, shift as boolean)),
    ).toEqual([316, 316, 284, 236, 180, 640, undefined]);
    expect(keyResize('middle', 750, 'ArrowRight', true)).toBe(760);
  });
});
