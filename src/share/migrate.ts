// The migration ladder. Two kinds of version meet here:
// - the link version (`s1` in `#s1.<payload>`): how the payload is packed;
// - the scenario format (`format` in the JSON): what the scenario means.
// Every past link version keeps its unpacker and every past scenario format keeps a step up to
// the next one, for ever; fixtures/ holds a sample of each, and migrate.test.ts decodes them all.

export const SCENARIO_FORMAT = 'cc-playground/scenario@1';

export interface FormatStep {
  /** The format this step reads (`null`: a scenario with no `format`, the oracle's own). */
  from: string | null;
  to: string;
  migrate(json: Record<string, unknown>): Record<string, unknown>;
}

export const FORMAT_LADDER: readonly FormatStep[] = [
  {
    // The oracle's format is the playground's @1 with `format` and the fields it adds omitted.
    from: null,
    to: SCENARIO_FORMAT,
    migrate: (json) => ({ ...json, format: SCENARIO_FORMAT }),
  },
];

export type MigrationOutcome =
  { ok: true; json: Record<string, unknown>; from: string | null } | { ok: false; format: string };

/** Climbs the ladder from whatever format the JSON declares to the current one. */
export function migrateScenario(json: Record<string, unknown>): MigrationOutcome {
  const start = typeof json.format === 'string' ? json.format : null;
  let cur = json;
  let format = start;
  for (let guard = 0; format !== SCENARIO_FORMAT; guard++) {
    const step = FORMAT_LADDER.find((s) => s.from === format);
    if (!step || guard > FORMAT_LADDER.length) return { ok: false, format: String(format) };
    cur = step.migrate(cur);
    format = step.to;
  }
  return { ok: true, json: cur, from: start };
}

/** Link versions this build reads, newest last; the first one is what it writes. */
export const LINK_VERSIONS = ['s1'] as const;
export type LinkVersion = (typeof LINK_VERSIONS)[number];
export const CURRENT_LINK_VERSION: LinkVersion = 's1';
