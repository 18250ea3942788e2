// The gallery's index (the ccp-gallery plugin, vite.config.ts) against the scenario files
// themselves: every scenario, in id order, with its area (else its id's first word) and its
// description (else empty).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { galleryEntries } from './corpus';

describe('galleryEntries', () => {
  it('lists every scenario file with its area and description, by id', () => {
    const dir = 'conformance/scenarios';
    const expected = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => {
        const id = f.slice(0, -'.json'.length);
        const s = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as { area?: string; description?: string };
        return { id, area: s.area ?? id.split('-')[0], description: s.description ?? '' };
      })
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(expected.length).toBeGreaterThan(1000);
    expect(galleryEntries()).toEqual(expected);
  });
});
