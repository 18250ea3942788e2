// How long a whole replay of a scenario may run, in the CLI and in the page alike.
import type { Scenario } from './schema';

/** The oracle's kill timeout when a scenario names none. */
export const DEFAULT_SCENARIO_TIMEOUT_S = 60;

/** Seconds a replay of `scenario` may run: an override (the CLI's --timeout), else the
 * scenario's own `timeout`, else the oracle's default. */
export function scenarioDeadlineS(scenario: Pick<Scenario, 'timeout'>, overrideS?: number): number {
  return overrideS ?? scenario.timeout ?? DEFAULT_SCENARIO_TIMEOUT_S;
}
