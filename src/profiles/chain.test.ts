import { describe, expect, it } from 'vitest';
import { applyDelta, newSince } from './chain';
import { applyStep, diffSets } from './tool-history';
import { getProfile, nearestReleases, RELEASES, unknownReleaseMessage } from '.';
import type { ToolDefinition } from './types';

describe('profile chain', () => {
  it('merges groups key by key, replaces arrays and values, and removes what a delta sets undefined', () => {
    const base = getProfile('2.1.273');
    const p = applyDelta(base, '9.0.0', {
      text: { wakeupNeedsNoop: undefined, binaryFileAdvice: 'x' },
      disabledTools: { Monitor: undefined },
      defaultTools: ['Read'],
    });
    expect([
      p.version,
      p.text.wakeupNeedsNoop,
      p.text.binaryFileAdvice,
      p.text.deviceRefusal,
      p.disabledTools,
      p.defaultTools,
    ]).toEqual(['9.0.0', undefined, 'x', base.text.deviceRefusal, {}, ['Read']]);
  });

  it('keeps of a whole table only what no earlier delta set to the same value', () => {
    const sandbox = { enabled: true };
    const table = { a: 1, b: 'x', c: true, sandbox };
    expect(newSince(table, { a: 1, sandbox }, undefined, { b: 'y' })).toEqual({ b: 'x', c: true });
    expect(newSince(table)).toEqual(table);
  });

  it('gives every listed release a profile, tools-only ones with their own default set', () => {
    const tools = RELEASES.filter((r) => r.recorded === 'tools');
    for (const r of RELEASES) expect(getProfile(r.version).version).toEqual(r.version);
    expect(tools.every((r) => getProfile(r.version).defaultToolSet.length > 0)).toEqual(true);
  });

  it('names the nearest releases for an unknown one, on one line', () => {
    const [below, above] = nearestReleases('2.1.279');
    expect(unknownReleaseMessage('2.1.279')).toEqual(
      `Unknown Claude Code version 2.1.279; nearest: ${below}, ${above}`,
    );
    expect(unknownReleaseMessage('2.1.279').includes('\n')).toEqual(false);
  });
});

describe('tool history', () => {
  const def = (name: string, description: string): ToolDefinition => ({
    name,
    description,
    input_schema: {},
  });
  it('stores a step as the fields that changed and rebuilds the set from it', () => {
    const a = [def('A', 'a'), def('B', 'b'), def('C', 'c')];
    const b = [def('C', 'c'), def('A', 'a2'), def('D', 'd')];
    const step = diffSets('2', '1', a, b);
    expect(step).toEqual({
      version: '2',
      base: '1',
      changed: [{ name: 'A', description: 'a2' }, def('D', 'd')],
      removed: ['B'],
      order: ['C', 'A', 'D'],
    });
    expect(applyStep(a, step)).toEqual(b);
  });
});
