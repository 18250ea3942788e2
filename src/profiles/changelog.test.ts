import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseChangelog } from './changelog';
import { compareReleases, isKnownVersion } from './releases';

const ROOT = join(import.meta.dirname, '../..');
const log = parseChangelog(JSON.parse(readFileSync(join(ROOT, 'conformance/changelog.json'), 'utf8')));

describe('conformance/changelog.json', () => {
  it('lists releases of the registry, newest first, once each, each after its base', () => {
    const versions = log.map((e) => e.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => compareReleases(b, a)));
    expect(log.filter((e) => !isKnownVersion(e.version) || !isKnownVersion(e.base) || compareReleases(e.base, e.version) >= 0)).toEqual([]);
  });

  it('names only scenarios of the hand-written corpus', () => {
    const missing = log.flatMap((e) =>
      e.behaviours.flatMap((b) => b.scenarios.filter((id) => !existsSync(join(ROOT, 'conformance/scenarios', `${id}.json`)))),
    );
    expect(missing).toEqual([]);
  });

  it('refuses an entry without its change point', () => {
    expect(() => parseChangelog([{ version: '2.1.334', base: '2.1.332', recorded: 1, tools: [], behaviours: [] }])).toThrow(
      'conformance/changelog.json: 0.exact: Invalid input: expected boolean, received undefined',
    );
  });
});
