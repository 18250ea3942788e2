// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Scenario } from '../../scenario/schema';
import { branchStore, forkAt } from './branches';

const scenario: Scenario = {
  id: 's',
  area: 'read',
  description: 'd',
  files: { 'a.txt': 'x' },
  turns: [
    [{ name: 'Read', input: { file_path: '$CWD/a.txt' } }],
    [{ touch: 'a.txt', content: 'y' }, { name: 'Edit', input: { file_path: '$CWD/a.txt', old_string: 'y', new_string: 'z' } }],
    [{ name: 'Read', input: { file_path: '$CWD/a.txt' } }],
  ],
  expect: { scenario: 's', version: '2.1.273', turns: [] },
};

describe('forkAt', () => {
  it('keeps the turns up to the call, drops the recording, and gives the next call’s tool calls', () => {
    const { expect: _e, ...rest } = scenario;
    expect(forkAt(scenario, 0)).toEqual({
      scenario: { ...rest, turns: [scenario.turns[0]] },
      next: [{ name: 'Edit', input: { file_path: '$CWD/a.txt', old_string: 'y', new_string: 'z' } }],
    });
    expect(forkAt(scenario, 2)).toEqual({ scenario: rest, next: [] });
  });
});

describe('branchStore', () => {
  beforeEach(() => branchStore.reset());
  it('keeps the original and each fork, and the active branch’s scenario as it grew', () => {
    const f1 = branchStore.fork({ id: 's', scenario, gallery: true }, 0);
    expect(f1.id).toBe('s · fork 1');
    const grown = { ...f1.scenario, turns: [...f1.scenario.turns, [{ name: 'Read', input: { file_path: '/p/a.txt' } }]] };
    expect(branchStore.switchTo(0, grown)?.id).toBe('s');
    const st = branchStore.get();
    expect(st.active).toBe(0);
    expect(st.branches.map((b) => [b.id, b.label, b.scenario.turns.length, b.gallery])).toEqual([
      ['s', 'original', 3, true],
      ['s · fork 1', 'fork 1: original up to model call 0', 2, undefined],
    ]);
    const f2 = branchStore.fork({ id: 's', scenario, gallery: true }, 1);
    expect([f2.id, f2.label, branchStore.get().active, branchStore.get().select]).toEqual([
      's · fork 2',
      'fork 2: original up to model call 1',
      2,
      { id: 's · fork 2', call: 1 },
    ]);
  });
});

describe('a reload', () => {
  beforeEach(() => branchStore.reset());
  it('keeps the branches and the active one in this tab', () => {
    branchStore.fork({ id: 's', scenario, gallery: true }, 1);
    const before = branchStore.get();
    branchStore.restore();
    expect(branchStore.get()).toEqual({ branches: before.branches, active: 1 });
  });
  it('starts without branches when what was saved is not a branch list', () => {
    for (const bad of ['{', '{"branches":[{"id":1}],"active":0}', '{"branches":[],"active":3}']) {
      sessionStorage.setItem('ccp.branches', bad);
      branchStore.restore();
      expect(branchStore.get()).toEqual({ branches: [], active: 0 });
    }
  });
});
