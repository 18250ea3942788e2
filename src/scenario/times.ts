/** The mtime (seconds) of a scenario's first seeded file; the next ones follow 60 s apart, as
 * the oracle's runner lays them out. Apart from materialise.ts so the page's first paint can name
 * it without the scenario schema (zod). */
export const BASE_MTIME = 1_700_000_000;
