// A setup commit whose tree holds the workspace's own path has a different id in every oracle
// run: where the replay names it, the recording may name another id of the same length.
import { describe, expect, it } from 'vitest';
import { compareResults } from './compare';
import type { ScenarioResult } from '../scenario/schema';

const sha = '626f613aa0000000000000000000000000000000';
const rec = (content: string, nondeterministic?: unknown): ScenarioResult => ({
  scenario: 's',
  version: '2.1.273',
  turns: [{ turn: 0, calls: [{ id: 'c', tool: 'Bash', is_error: false, content }], attachments: [] }],
  ...(nondeterministic === undefined ? {} : { nondeterministic }),
});

describe('compareResults with an unstable setup commit', () => {
  it('accepts another id in the same place, nothing else', () => {
    expect(compareResults(rec('92a247f init'), rec('626f613 init', { commit: sha }))).toEqual([]);
    expect(
      compareResults(rec('commit 92a247f0123\nx'), rec('commit 626f613aa00\nx', { commit: sha })),
    ).toEqual([]);
    expect(compareResults(rec('92a247f init2'), rec('626f613 init', { commit: sha }))).toEqual([
      { path: '/calls/0/content', expected: '92a247f init2', actual: '<commit> init' },
    ]);
    // Without the replay's note, ids compare as text.
    expect(compareResults(rec('92a247f init'), rec('626f613 init'))).toEqual([
      { path: '/calls/0/content', expected: '92a247f init', actual: '626f613 init' },
    ]);
  });
});

describe('compareResults with a memory document’s day', () => {
  it('masks the day a document was written, and only that', () => {
    const listing = (day: string) => `"/a.md"  (6 bytes, updated ${day})\n[updated: ${day}] [version: 5891]`;
    expect(compareResults(rec(listing('2026-12-02')), rec(listing('2027-01-15')))).toEqual([]);
    expect(compareResults(rec('written 2026-12-02'), rec('written 2027-01-15'))).toEqual([
      { path: '/calls/0/content', expected: 'written 2026-12-02', actual: 'written 2027-01-15' },
    ]);
  });
});
