// The CI share of the fuzzer: a fixed seed and a few inputs per target (about 15 s in all on a
// busy two-core machine); `npm run fuzz -- --runs N` runs more with a fresh seed.
import { describe, expect, it } from 'vitest';
import { fuzzTarget } from './harness';
import { TARGETS } from './targets';

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
