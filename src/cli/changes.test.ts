import { describe, expect, it } from 'vitest';
import { mergeBehaviours } from './changes';
import type { ChangelogBehaviour } from '../profiles/changelog';

describe('mergeBehaviours', () => {
  it('takes the re-recorded scenarios out of the prior groups and adds the new groups, by area and kind', () => {
    const prior: ChangelogBehaviour[] = [
      { area: 'glob', kind: 'what the model sees', scenarios: ['g1', 'g2'], example: 'g1 old' },
      { area: 'read', kind: 'structured result', scenarios: ['r1'], example: 'r1 old' },
    ];
    const added: ChangelogBehaviour[] = [
      { area: 'glob', kind: 'what the model sees', scenarios: ['g3'], example: 'g3 new' },
      { area: 'bash', kind: 'files left', scenarios: ['b1'], example: 'b1 new' },
    ];
    expect(mergeBehaviours(prior, new Set(['g2', 'r1', 'g3', 'b1']), added)).toEqual([
      { area: 'bash', kind: 'files left', scenarios: ['b1'], example: 'b1 new' },
      { area: 'glob', kind: 'what the model sees', scenarios: ['g1', 'g3'], example: 'g1 old' },
    ]);
  });
});
