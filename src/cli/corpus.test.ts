import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { listGeneratedFiles, loadExpected, loadGenerated, loadScenario, parseKnownFailures } from './corpus';

const result = (version: string) => ({ scenario: 'a', version, model: 'm', turns: [], files: {} });

describe('loadExpected', () => {
  const root = mkdtempSync(join(tmpdir(), 'corpus-'));
  for (const d of ['scenarios', 'results/2.1.273', 'results/2.1.332'])
    mkdirSync(join(root, d), { recursive: true });
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
    expect([loadExpected(a, undefined)?.version, loadExpected(b, undefined)?.version]).toEqual([
      '2.1.273',
      '2.1.273',
    ]);
  });
});

describe('loadGenerated', () => {
  const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const resultOf = (id: string, version: string) => ({ ...result(version), scenario: id });
  const dir = mkdtempSync(join(tmpdir(), 'generated-'));
  writeFileSync(
    join(dir, 'fam.scenarios.jsonl'),
    jsonl([
      { id: 'gen-fam-0000', turns: [] },
      { id: 'gen-fam-0001', turns: [] },
    ]),
  );
  writeFileSync(join(dir, 'fam.2.1.332.jsonl'), jsonl([resultOf('gen-fam-0000', '2.1.332')]));
  writeFileSync(join(dir, 'fam.2.1.273.jsonl'), jsonl([resultOf('gen-fam-0000', '2.1.273')]));

  it('pairs a scenario with each version that recorded it, oldest first, and one without a result with none', () => {
    const c = loadGenerated(listGeneratedFiles([dir]));
    expect(c.scenarios.map((s) => `${s.family} ${s.id}`)).toEqual(['fam gen-fam-0000', 'fam gen-fam-0001']);
    expect(c.pairs.map((p) => `${p.version} ${p.scenario.id} ${p.expected.version}`)).toEqual([
      '2.1.273 gen-fam-0000 2.1.273',
      '2.1.332 gen-fam-0000 2.1.332',
    ]);
    expect(c.versions).toEqual(['2.1.273', '2.1.332']);
  });

  it('takes a single scenarios file as well as its folder, and nothing from a folder of .json scenarios', () => {
    const file = join(dir, 'fam.scenarios.jsonl');
    expect(listGeneratedFiles([file])).toEqual([file]);
    expect(loadGenerated([file]).pairs).toHaveLength(2);
    expect(listGeneratedFiles([mkdtempSync(join(tmpdir(), 'plain-'))])).toEqual([]);
  });

  it('treats a result recorded from another form of the scenario as unrecorded', () => {
    const stale = mkdtempSync(join(tmpdir(), 'generated-stale-'));
    const line = JSON.stringify({ id: 'gen-fam-0000', turns: [] });
    writeFileSync(join(stale, 'fam.scenarios.jsonl'), line + '\n');
    const sha = createHash('sha256').update(line).digest('hex');
    const other = createHash('sha256')
      .update(line + ' ')
      .digest('hex');
    writeFileSync(
      join(stale, 'fam.2.1.273.jsonl'),
      jsonl([{ ...resultOf('gen-fam-0000', '2.1.273'), scenario_sha256: sha }]),
    );
    writeFileSync(
      join(stale, 'fam.2.1.332.jsonl'),
      jsonl([{ ...resultOf('gen-fam-0000', '2.1.332'), scenario_sha256: other }]),
    );
    expect(loadGenerated(listGeneratedFiles([stale])).pairs.map((p) => p.version)).toEqual(['2.1.273']);
  });

  it('names the file and line of a line that is not JSON, or not a scenario or result', () => {
    const bad = mkdtempSync(join(tmpdir(), 'generated-bad-'));
    const file = join(bad, 'fam.scenarios.jsonl');
    writeFileSync(file, jsonl([{ id: 'gen-fam-0000', turns: [] }]) + '\n{"id": "gen-fam-0001", "turns": [\n');
    expect(() => loadGenerated([file])).toThrow(`${file}:3: `);
    writeFileSync(
      file,
      jsonl([
        { id: 'gen-fam-0000', turns: [] },
        { id: 'gen-fam-0001', turns: [], colour: 1 },
      ]),
    );
    expect(() => loadGenerated([file])).toThrow(`${file}:2: colour: unknown key`);
    writeFileSync(file, jsonl([{ id: 'gen-fam-0000', turns: [] }]));
    writeFileSync(
      join(bad, 'fam.2.1.273.jsonl'),
      jsonl([resultOf('gen-fam-0000', '2.1.273'), { scenario: 'gen-fam-0001' }]),
    );
    expect(() => loadGenerated([file])).toThrow(`${join(bad, 'fam.2.1.273.jsonl')}:2: `);
  });

  it('refuses a result whose version is not the one its file is named for', () => {
    const other = mkdtempSync(join(tmpdir(), 'generated-version-'));
    writeFileSync(join(other, 'fam.scenarios.jsonl'), jsonl([{ id: 'gen-fam-0000', turns: [] }]));
    writeFileSync(join(other, 'fam.2.1.332.jsonl'), jsonl([resultOf('gen-fam-0000', '2.1.273')]));
    expect(() => loadGenerated(listGeneratedFiles([other]))).toThrow(
      'fam.2.1.332.jsonl:1: a result of version 2.1.273 in the file of 2.1.332',
    );
  });

  it('checks each line as a scenario file is checked: depth, key names, paths outside the workspace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'generated-untrusted-'));
    const file = join(dir, 'fam.scenarios.jsonl');
    const ok = JSON.stringify({ id: 'gen-fam-0000', turns: [] });
    writeFileSync(
      file,
      `${ok}\n{"id": "gen-fam-0001", "turns": ${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`,
    );
    expect(() => loadGenerated([file])).toThrow(new Error(`${file}:2: nested deeper than 200 levels`));
    writeFileSync(file, `${ok}\n{"id": "gen-fam-0001", "turns": [], "__proto__": {}}\n`);
    expect(() => loadGenerated([file])).toThrow(`${file}:2: the key "__proto__" in (root) is not allowed`);
    writeFileSync(file, jsonl([{ id: 'gen-fam-0000', files: { '../../x': 'no' }, turns: [] }]));
    expect(() => loadGenerated([file])).toThrow(
      new Error(
        `${file}:1: files["../../x"] lands outside the workspace or on one of its own folders (only paths inside its root are laid out)`,
      ),
    );
    writeFileSync(file, jsonl([{ id: 'gen-fam-0000', turns: [] }]));
    writeFileSync(
      join(dir, 'fam.2.1.273.jsonl'),
      `{"scenario": "gen-fam-0000", "files": ${'{"a": '.repeat(300)}1${'}'.repeat(300)}}\n`,
    );
    expect(() => loadGenerated([file])).toThrow(
      `${join(dir, 'fam.2.1.273.jsonl')}:1: nested deeper than 200 levels`,
    );
  });
});

describe('parseKnownFailures', () => {
  it('reads version, backend, id and reason, skipping comments', () => {
    const text =
      '# header\n2.1.273 memfs read-fifo-with-writer memfs has no named pipes\n\n2.1.332 disk nb-delete not yet: files differ\n';
    expect([...parseKnownFailures(text)]).toEqual([
      ['2.1.273 memfs read-fifo-with-writer', { reason: 'memfs has no named pipes' }],
      ['2.1.332 disk nb-delete', { reason: 'not yet: files differ' }],
    ]);
  });

  it('refuses a line without a version or a reason', () => {
    expect(() => parseKnownFailures('memfs read-basic reason\n')).toThrow(
      'known-failures.txt: cannot read line: memfs read-basic reason',
    );
    expect(() => parseKnownFailures('2.1.273 memfs read-basic\n')).toThrow(
      'known-failures.txt: cannot read line: 2.1.273 memfs read-basic',
    );
  });
});

describe('loadScenario', () => {
  it('refuses a scenario file whose files land outside the workspace, or that is nested too deep, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'corpus-'));
    const escape = join(dir, 'escape.json');
    writeFileSync(escape, JSON.stringify({ files: { '../../x': 'no', '../ok': 'yes' }, turns: [] }));
    expect(() => loadScenario(escape)).toThrow(
      new Error(
        `${escape}: files["../../x"] lands outside the workspace or on one of its own folders (only paths inside its root are laid out)`,
      ),
    );
    const deep = join(dir, 'deep.json');
    writeFileSync(deep, `{"turns": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(() => loadScenario(deep)).toThrow(new Error(`${deep}: nested deeper than 200 levels`));
  });
});
