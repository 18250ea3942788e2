import { describe, expect, it } from 'vitest';
import { GLOSSARY, linkTerms } from './glossary';
import { LESSONS } from '../lessons/lessons';

describe('linkTerms', () => {
  it('links the first whole mention of each term, in the order they stand, not one inside a longer word', () => {
    expect(
      linkTerms('With -p and bypassPermissions, a ledger and the ledger again; non-strict model-p stays.').map((p) =>
        typeof p === 'string' ? p : `[${p.id}]`,
      ),
    ).toEqual(['With ', '[print-mode]', ' and ', '[bypass-permissions]', ', a ', '[ledger]', ' and the ledger again; non-strict model-p stays.']);
  });
  it('has an entry for every term the lessons use that a newcomer would not know', () => {
    const words = ['strict model', 'relaxed rule', '-p', 'bypassPermissions', 'PreToolUse hook', 'subagent', 'partial view'];
    const used = words.filter((w) => LESSONS.some((l) => [...l.steps.map((s) => s.text), l.tryThis].some((t) => t.includes(w))));
    expect(used.filter((w) => !GLOSSARY.some((g) => g.term === w))).toEqual([]);
    expect(used.length).toBeGreaterThanOrEqual(5);
  });
});
