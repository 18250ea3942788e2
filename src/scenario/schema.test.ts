import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseResult, parseScenario, ScenarioError } from './schema';

const root = join(import.meta.dirname, '../../conformance');

describe('scenario schema', () => {
  it('accepts every scenario of the corpus', () => {
    const files = readdirSync(join(root, 'scenarios')).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(341);
    const failures = files.flatMap((f) => {
      try {
        parseScenario(JSON.parse(readFileSync(join(root, 'scenarios', f), 'utf8')), f);
        return [];
      } catch (e) {
        return [String(e)];
      }
    });
    expect(failures).toEqual([]);
  });

  it('accepts every recorded result of both versions', () => {
    const failures: string[] = [];
    let n = 0;
    for (const v of ['2.1.273', '2.1.332']) {
      for (const f of readdirSync(join(root, 'results', v)).filter((f) => f.endsWith('.json') && !f.startsWith('_'))) {
        n++;
        try {
          parseResult(JSON.parse(readFileSync(join(root, 'results', v, f), 'utf8')), f);
        } catch (e) {
          failures.push(String(e));
        }
      }
    }
    expect(n).toBeGreaterThanOrEqual(682);
    expect(failures).toEqual([]);
  });

  it('names the key path of an unknown key', () => {
    const bad = { turns: [], files: { 'a.txt': { text: 'x', colour: 'red' } }, setings: {} };
    let err: unknown;
    try {
      parseScenario(bad);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ScenarioError);
    expect((err as ScenarioError).issues).toEqual([
      { path: 'files.a.txt.colour', message: 'unknown key' },
      { path: 'setings', message: 'unknown key' },
    ]);
  });

  it('names the path of an unknown key inside a turn action', () => {
    let err: unknown;
    try {
      parseScenario({ turns: [[{ touch: 'a.txt', contents: 'x' }]] });
    } catch (e) {
      err = e;
    }
    expect((err as ScenarioError).issues).toEqual([{ path: 'turns[0][0].contents', message: 'unknown key' }]);
  });
});
