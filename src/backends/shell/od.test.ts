// od in memory against the host's GNU od (the binary's own), on drawn bytes and option lists:
// formats and sizes, addresses, skips, counts, widths, repeated lines. A fixed seed in CI;
// OD_SEED and OD_RUNS draw others.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twinShells, type TwinShells } from './testing';

const format = fc.constantFrom(
  '-c',
  '-b',
  '-x',
  '-d',
  '-o',
  '-s',
  '-i',
  '-l',
  '-a',
  '-tx1',
  '-t x2',
  '-tx4z',
  '-tx8',
  '-td1',
  '-td2',
  '-tu4',
  '-to1',
  '-tc',
  '-ta',
  '-tdI',
  '-tuC',
  '-tx1z',
  '-t d4u2',
);
const option = fc.oneof(
  format,
  fc.constantFrom(
    '-An',
    '-Ad',
    '-Ax',
    '-A o',
    '-v',
    '-w',
    '-w4',
    '-w8',
    '-w3',
    '-j 3',
    '-j0x10',
    '-N 40',
    '-N17',
    '--read-bytes=9',
    '--skip-bytes=2',
    '--width=12',
    '--output-duplicates',
    '-Aq',
    '-q',
  ),
);
/** Bytes with long repeated runs (where '*' appears), text and the odd high byte. */
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 90 }),
  fc
    .tuple(
      fc.constantFrom('ab', '\0', 'x\n', 'abcdefgh'),
      fc.integer({ min: 0, max: 70 }),
      fc.string({ maxLength: 20 }),
    )
    .map(([unit, n, tail]) => new TextEncoder().encode(unit.repeat(n) + tail)),
);

describe('od: memfs and the host GNU od agree', () => {
  let t: TwinShells;
  beforeAll(() => {
    t = twinShells();
  });
  afterAll(() => t.dispose());

  const cases = fc.sample(fc.tuple(bytes, fc.array(option, { minLength: 0, maxLength: 3 })), {
    numRuns: Number(process.env.OD_RUNS ?? 40),
    seed: Number(process.env.OD_SEED ?? 11),
  });
  it.each(
    cases.map(
      ([data, opts], k) => [`${k}: od ${opts.join(' ')} (${data.length} bytes)`, data, opts] as const,
    ),
  )('%s', async (_, data, opts) => {
    writeFileSync(join(t.cwd, 'f.bin'), data);
    t.vol.writeFileSync(join(t.cwd, 'f.bin'), data);
    const command = `od ${opts.join(' ')} f.bin; echo rc=$?; od ${opts.join(' ')} < f.bin | head -5`;
    const disk = await t.disk.run(command, t.opts());
    const { notes: _notes, ...mem } = await t.mem.run(command, t.opts());
    expect(mem).toEqual(disk);
  });
});
