import { describe, expect, it } from 'vitest';
import { asRecordedBy, resultHolder, type ResultsBase } from './results-chain';

describe('results chain', () => {
  const stored: Record<string, string[]> = { a: ['x', 'y'], b: ['y'], c: [] };
  const links: Record<string, ResultsBase> = { b: { base: 'a', same: ['x'] }, c: { base: 'b', same: ['x', 'y'] } };
  const holder = (id: string, v: string) =>
    resultHolder(id, v, (ver, i) => stored[ver]?.includes(i) ?? false, (ver) => links[ver]);
  it('follows _base.json through the releases recorded alike, and only for the scenarios it names', () => {
    expect([holder('x', 'c'), holder('y', 'c'), holder('y', 'b'), holder('z', 'c'), holder('x', 'a')]).toEqual([
      'a',
      'b',
      'b',
      undefined,
      'a',
    ]);
  });
  it('names a base result with the release that recorded it alike', () => {
    expect(asRecordedBy({ version: 'a', turns: 1 }, 'c')).toEqual({ version: 'c', turns: 1 });
  });
});
