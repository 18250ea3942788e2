// Every link version and every scenario format this playground ever wrote must still decode:
// fixtures/links/<version>-<format>.link with the scenario it stands for beside it.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { decodeLinkFragment } from './link';
import { FORMAT_LADDER, LINK_VERSIONS, migrateScenario, SCENARIO_FORMAT } from './migrate';

const dir = `${import.meta.dirname}/fixtures/links`;
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.link'))
  .map((f) => {
    const name = f.slice(0, -'.link'.length);
    const expected = JSON.parse(readFileSync(`${dir}/${name}.expected.json`, 'utf8')) as Record<
      string,
      unknown
    >;
    return { name, link: readFileSync(`${dir}/${f}`, 'utf8').trim(), expected };
  });

describe('migration ladder', () => {
  it('has a fixture for every link version', () => {
    const versions = new Set(fixtures.map((f) => f.link.slice(0, f.link.indexOf('.'))));
    expect([...versions].sort()).toEqual([...LINK_VERSIONS].sort());
  });

  it('has a fixture for every scenario format, past and current', () => {
    const formats = new Set(
      fixtures.map((f) => (typeof f.expected.format === 'string' ? f.expected.format : null)),
    );
    const known = new Set<string | null>([SCENARIO_FORMAT, ...FORMAT_LADDER.map((s) => s.from)]);
    expect([...formats].map(String).sort()).toEqual([...known].map(String).sort());
  });

  for (const f of fixtures) {
    it(`decodes ${f.name} to the current format`, async () => {
      const out = await decodeLinkFragment(f.link);
      expect(out.ok).toEqual(true);
      if (!out.ok) return;
      expect(out.value.scenario).toEqual({ ...f.expected, format: SCENARIO_FORMAT });
      expect(out.value.fromFormat).toEqual(typeof f.expected.format === 'string' ? f.expected.format : null);
      expect(out.value.linkVersion).toEqual(f.link.slice(0, f.link.indexOf('.')));
    });
  }

  it('refuses a format with no step up', () => {
    expect(migrateScenario({ format: 'other/thing@1', turns: [] })).toEqual({
      ok: false,
      format: 'other/thing@1',
    });
  });
});
