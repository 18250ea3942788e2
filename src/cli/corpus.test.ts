import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadExpected, loadScenario, parseKnownFailures } from './corpus';

const result = (version: string) => ({ scenario: 'a', version, model: 'm', turns: [], files: {} });

describe('loadExpected', () => {
  const root = mkdtempSync(join(tmpdir(), 'corpus-'));
  for (const d of ['scenarios', 'results/2.1.273', 'results/2.1.332']) mkdirSync(join(root, d), { recursive: true });
  writeFileSync(join(root, 'scenarios/a.json'), JSON.stringify({ turns: [] }));
  writeFileSync(join(root, 'scenarios/b.json'), JSON.stringify({ turns: [] }));
  writeFileSync(join(root, 'results/2.1.273/a.json'), JSON.stringify(result('2.1.273')));
  writeFileSync(join(root, 'results/2.1.273/b.json'), JSON.stringify(result('2.1.273')));
  writeFileSync(join(root, 'results/2.1.332/a.json'), JSON.stringify(result('2.1.332')));
  const a = loadScenario(join(root, 'scenarios/a.json'));
  const b = loadScenario(join(root, 'scenarios/b.json'));

  it('takes the --expected folder only, so a scenario that version did not record has no result', () => {
    const dir = join(root, 'results/2.1.332');
    expect([loadExpected(a, dir)?.version, loadExpected(b, dir)?.version]).toEqual(['2.1.332', undefined]);
  });

  it("falls back to the sibling results folder of the scenario's version without --expected", () => {
    expect([loadExpected(a, undefined)?.version, loadExpected(b, undefined)?.version]).toEqual(['2.1.273', '2.1.273']);
  });
});

describe('parseKnownFailures', () => {
  it('reads version, backend, id and reason, skipping comments', () => {
    const text = '# header\n2.1.273 memfs read-fifo-with-writer memfs has no named pipes\n\n2.1.332 disk nb-delete not yet: files differ\n';
    expect([...parseKnownFailures(text)]).toEqual([
      ['2.1.273 memfs read-fifo-with-writer', { reason: 'memfs has no named pipes' }],
      ['2.1.332 disk nb-delete', { reason: 'not yet: files differ' }],
    ]);
  });

  it('refuses a line without a version or a reason', () => {
    expect(() => parseKnownFailures('memfs read-basic reason\n')).toThrow('known-failures.txt: cannot read line: memfs read-basic reason');
    expect(() => parseKnownFailures('2.1.273 memfs read-basic\n')).toThrow('known-failures.txt: cannot read line: 2.1.273 memfs read-basic');
  });
});

describe('loadScenario', () => {
  it('refuses a scenario file whose files land outside the workspace, or that is nested too deep, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'corpus-'));
    const escape = join(dir, 'escape.json');
    writeFileSync(escape, JSON.stringify({ files: { '../../x': 'no', '../ok': 'yes' }, turns: [] }));
    expect(() => loadScenario(escape)).toThrow(
      new Error(`${escape}: files["../../x"] lands outside the workspace (only paths inside its root are laid out)`),
    );
    const deep = join(dir, 'deep.json');
    writeFileSync(deep, `{"turns": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(() => loadScenario(deep)).toThrow(new Error(`${deep}: nested deeper than 200 levels`));
  });
});
