// Replays the scenarios recorded for this folder (recorded/README.md) and compares the whole
// result with what the 2.1.273 binary returned.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listScenarioFiles, loadExpected, loadScenario } from '../../cli/corpus';
import { replayLoaded } from '../../cli/run';
import { compareResults } from '../../session/compare';

const files = listScenarioFiles([join(import.meta.dirname, 'recorded/scenarios')]);

describe('recorded 2.1.273 behaviours of Write, Edit and NotebookEdit', () => {
  it('has recordings', () => {
    expect(files.length).toEqual(58);
  });
  for (const file of files) {
    const s = loadScenario(file);
    it(s.id, async () => {
      const expected = loadExpected(s, undefined);
      if (!expected) throw new Error(`no recorded result for ${s.id}`);
      const { result } = await replayLoaded(s, 'memfs');
      expect({
        model: compareResults(expected, result, 'model'),
        structured: compareResults(expected, result, 'structured'),
      }).toEqual({
        model: [],
        structured: [],
      });
    });
  }
});
