// The CI share of the fuzzer: a fixed seed and a few inputs per target (about 15 s in all on a
// busy two-core machine); `npm run fuzz -- --runs N` runs more with a fresh seed.
import { describe, expect, it } from 'vitest';
import { fuzzTarget } from './harness';
import fc from 'fast-check';
import { inputFromSchema, TARGETS } from './targets';

const RUNS = 40;
const SEED = 14;

describe('fuzzing every entry point', () => {
  for (const target of TARGETS) {
    it(`${target.name}: nothing uncaught, nothing over budget`, async () => {
      const f = await fuzzTarget(target, RUNS, SEED);
      expect({ inputs: f.inputs, findings: f.findings }).toEqual({ inputs: RUNS, findings: [] });
    }, 60_000);
  }
});

describe('inputs derived from a tool definition', () => {
  it('draws only the schema’s keys, with values of their types or any JSON', () => {
    const arb = inputFromSchema({
      type: 'object',
      properties: {
        file_path: { type: 'string' },
        mode: { type: 'string', enum: ['a', 'b'] },
        count: { type: 'integer' },
        flag: { type: 'boolean' },
        list: { type: 'array', items: { type: 'string' } },
      },
    });
    const samples = fc.sample(arb, { numRuns: 300, seed: 7 }) as Record<string, unknown>[];
    const keys = new Set(samples.flatMap((s) => Object.keys(s)));
    expect([...keys].sort()).toEqual(['count', 'file_path', 'flag', 'list', 'mode']);
    const modes = new Set(samples.map((s) => s.mode));
    expect(['a', 'b'].filter((m) => modes.has(m))).toEqual(['a', 'b']);
  });
});
