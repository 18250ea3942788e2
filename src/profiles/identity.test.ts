import { describe, expect, it } from 'vitest';
import { applyDelta } from './chain';
import { getProfile } from './index';
import { profileIdentity } from './identity';

describe('profile identity', () => {
  const root = getProfile('2.1.273');
  it('is equal for profiles equal in all but their release number', () => {
    expect(profileIdentity(applyDelta(root, '9.9.9', {}))).toBe(profileIdentity(root));
    // Built anew, not shared: compared by structure.
    const copy = { ...root, toolDefinitions: root.toolDefinitions.map((d) => ({ ...d })) };
    expect(profileIdentity(copy)).toBe(profileIdentity(root));
  });
  it('differs where a text, a tool definition or a function differs', () => {
    const keys = [
      root,
      applyDelta(root, 'x', { defaultModel: 'other' }),
      { ...root, toolDefinitions: root.toolDefinitions.map((d, i) => (i === 0 ? { ...d, description: `${d.description}.` } : d)) },
      applyDelta(root, 'x', { worktree: { strayDirAdvice: (p: string) => p } }),
    ].map(profileIdentity);
    expect(new Set(keys).size).toBe(4);
  });
  it('takes sets in any order', () => {
    const a = { ...root, x: new Set(['a', 'b']) } as typeof root;
    const b = { ...root, x: new Set(['b', 'a']) } as typeof root;
    expect(profileIdentity(a)).toBe(profileIdentity(b));
  });
  it('is shared by the tools-only releases next to each other whose definitions did not change', () => {
    expect(profileIdentity(getProfile('2.1.271'))).toBe(profileIdentity(getProfile('2.1.272')));
    expect(profileIdentity(getProfile('2.1.332'))).not.toBe(profileIdentity(getProfile('2.1.333')));
    // 2.1.335's delta (the one-word here-document) makes it a profile of its own.
    expect(profileIdentity(getProfile('2.1.334'))).not.toBe(profileIdentity(getProfile('2.1.335')));
  });
});
