import type { Scenario } from '../../src/scenario/schema';

/** A generated scenario: an ordinary scenario in the oracle's format with its id set. */
export type Generated = Scenario & { id: string; area: string; description: string };

export interface Family {
  /** File stem under conformance/generated/ and the second word of every id. */
  name: string;
  /** How many scenarios the family yields (the sample size). */
  count: number;
  build(rng: import('./rng').Rng, count: number): Generated[];
}
