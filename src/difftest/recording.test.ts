import { describe, expect, it } from 'vitest';
import { endedByHook } from './recording';

describe('endedByHook', () => {
  it('takes a recording a hook ended before the calls as a result, and no other with problems', () => {
    const blocked = {
      content: 'UserPromptSubmit operation blocked by hook:\nBlocked by hook\n\nOriginal prompt: go',
      level: 'warning',
    };
    const stopped = { content: 'Operation stopped by hook: stopped by hook', level: 'warning' };
    const unmade = ['scripted 2 tool calls, recorded 0 results'];
    expect([
      endedByHook({ problems: unmade, system_events: [blocked] }),
      endedByHook({ problems: unmade, system_events: [stopped] }),
      endedByHook({ problems: unmade }),
      endedByHook({ problems: [...unmade, 'timeout after 120 s'], system_events: [blocked] }),
      endedByHook({ problems: unmade, system_events: [{ content: 'UserPromptSubmit says: note' }] }),
    ]).toEqual([true, true, false, false, false]);
  });
});
