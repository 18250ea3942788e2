import { expect, test } from 'vitest';
import { parseResult, parseScenario } from '../scenario/schema';
import type { GeneratedPair } from './corpus';
import { conformPairs } from './conform-threads';

function pair(id: string, command: string): GeneratedPair {
  return {
    family: 'fam',
    version: '2.1.273',
    scenario: {
      id,
      file: 'fam.scenarios.jsonl',
      scenario: parseScenario({ id, turns: [[{ name: 'Bash', input: { command } }]] }, id),
    },
    expected: parseResult({ scenario: id, version: '2.1.273', model: 'm', turns: [], files: {} }, id),
  };
}

test(
  'each --jobs thread runs its scenarios under the deadline: a busy one is stopped, the others go on',
  { timeout: 120_000 },
  async () => {
    const pairs = [
      pair('gen-fam-0000', "awk 'BEGIN { while (1) {} }'"),
      pair('gen-fam-0001', 'echo hi'),
      pair('gen-fam-0002', 'echo ho'),
    ];
    const seen: string[] = [];
    const verdicts = await conformPairs(pairs, 'memfs', 2, { timeoutS: 3, memoryMb: 1536 }, (p) =>
      seen.push(p.scenario.id),
    );
    expect(seen).toEqual(['gen-fam-0000', 'gen-fam-0001', 'gen-fam-0002']);
    expect(verdicts.map((v) => v.stopped ?? v.error?.split('\n')[0] ?? v.first?.path)).toEqual([
      'timed out after 3 s (--timeout to change)',
      '/calls/0',
      '/calls/0',
    ]);
  },
);
