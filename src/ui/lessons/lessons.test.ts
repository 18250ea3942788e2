// Every lesson stands on recordings: its scenarios exist, pass on both recorded versions (none
// is in known-failures.txt for either), each step's model call returned what the step says in
// both recordings, and a step whose calls the versions answered differently says so.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_RUN, LESSONS } from './lessons';

const VERSIONS = ['2.1.273', '2.1.332'] as const;
const knownFailures = readFileSync('conformance/known-failures.txt', 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .map((l) => l.split(' '));

interface Recorded {
  turns: { turn: number; calls: { tool: string; is_error: boolean; content: unknown }[] }[];
}
const recorded = (version: string, id: string): Recorded =>
  JSON.parse(readFileSync(`conformance/results/${version}/${id}.json`, 'utf8')) as Recorded;

describe('lessons', () => {
  it('cover the topics the issue names, the first-run one included, with unique ids', () => {
    expect(LESSONS.map((l) => l.id)).toEqual([
      FIRST_RUN,
      'read-before-edit',
      'partial-views',
      'edit-matching',
      'uniqueness',
      'permission-precedence',
      'compound-bash',
      'ledger-outside-changes',
      'subagent-ledgers',
    ]);
  });

  for (const lesson of LESSONS)
    describe(lesson.id, () => {
      const ids = [...new Set(lesson.steps.map((s) => s.scenario))];
      it('has steps over scenarios that exist and are in no known-failures line of either version', () => {
        expect(lesson.steps.length).toBeGreaterThan(1);
        expect(lesson.tryThis.length).toBeGreaterThan(0);
        for (const id of ids) {
          expect(existsSync(`conformance/scenarios/${id}.json`), id).toBe(true);
          for (const v of VERSIONS) {
            expect(existsSync(`conformance/results/${v}/${id}.json`), `${v} ${id}`).toBe(true);
            expect(
              knownFailures.filter(([version, , sid]) => version === v && sid === id),
              `${v} ${id}`,
            ).toEqual([]);
          }
        }
      });

      it('says per step what both recordings returned, and where the versions differ', () => {
        for (const step of lesson.steps) {
          const [a, b] = VERSIONS.map((v) =>
            recorded(v, step.scenario).turns.find((t) => t.turn === step.call),
          );
          const where = `${step.scenario} model call ${step.call}`;
          expect(a, where).toBeDefined();
          expect(b, where).toBeDefined();
          for (const t of [a, b])
            expect(
              t?.calls.map((c) => c.is_error),
              where,
            ).toEqual(t?.calls.map(() => step.outcome === 'error'));
          const same =
            JSON.stringify(a?.calls.map((c) => [c.is_error, c.content])) ===
            JSON.stringify(b?.calls.map((c) => [c.is_error, c.content]));
          expect(
            step.versions === undefined,
            `${where}: ${same ? 'same in both, says they differ' : 'differs, says nothing'}`,
          ).toBe(same);
        }
      });
    });
});
