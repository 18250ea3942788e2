// The gallery shows each scenario's description beside its recorded result: a description must
// not claim an outcome the recordings contradict. Two checkable claims: a refusal (blocked,
// refused, denied, fails) needs an is_error call in some recording, and "the first N lines"
// needs a result of at most N lines.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SCENARIOS = 'conformance/scenarios';
const VERSIONS = ['2.1.273', '2.1.332'];
// Descriptions where the word names a setting or the scenario's input, not the call's outcome.
const REFUSAL_WORD_IS_NOT_THE_OUTCOME = new Set([
  'perm-deny-read-bash-python', // "is not blocked"
  'perm-deny-read-glob-tool', // "a Read-denied directory"
  'perm-deny-read-grep-tool', // "a Read-denied directory"
  'read-ipynb-outputs', // a notebook cell of output type "error"
]);

interface Call {
  is_error: boolean;
  content: unknown;
}

function recordedCalls(id: string): Call[][] {
  return VERSIONS.map((v) => `conformance/results/${v}/${id}.json`)
    .filter((p) => existsSync(p))
    .map((p) =>
      (JSON.parse(readFileSync(p, 'utf8')) as { turns: { calls: Call[] }[] }).turns.flatMap((t) => t.calls),
    );
}

const text = (c: Call) => (typeof c.content === 'string' ? c.content : JSON.stringify(c.content));

describe('gallery descriptions against their recordings', () => {
  const all = readdirSync(SCENARIOS)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const s = JSON.parse(readFileSync(`${SCENARIOS}/${f}`, 'utf8')) as { description?: string };
      return { id: f.slice(0, -5), description: s.description ?? '' };
    });

  it('claims a refusal only where a recorded call is an error', () => {
    const wrong = all
      .filter(({ description }) =>
        /\b(blocked|refused|refuses|denied|denies|fails|rejected)\b/i.test(description),
      )
      .filter(({ id }) => !REFUSAL_WORD_IS_NOT_THE_OUTCOME.has(id))
      .filter(({ id }) => {
        const runs = recordedCalls(id);
        return runs.length > 0 && runs.every((calls) => calls.every((c) => !c.is_error));
      })
      .map(({ id, description }) => `${id}: ${description}`);
    expect(wrong).toEqual([]);
  });

  it('claims "the first N lines" only where the recorded result is no longer', () => {
    const wrong = all.flatMap(({ id, description }) => {
      const m = /\bfirst ([\d,]+) lines\b/i.exec(description);
      if (!m) return [];
      const n = Number((m[1] ?? '').replace(/,/g, ''));
      return recordedCalls(id).some((calls) => calls.some((c) => text(c).split('\n').length > n + 1))
        ? [`${id}: ${description}`]
        : [];
    });
    expect(wrong).toEqual([]);
  });
});
