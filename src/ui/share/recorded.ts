// The recorded result of a gallery scenario. Versions side by side asks for it only while the
// session is that scenario unchanged (the whole result is compared); an issue also while the
// session grew from it (calls composed after its turns, or its turns under another release):
// the recording then speaks for the calls it holds, and the issue says the rest have none.
import type { Scenario, ScenarioResult } from '../../scenario/schema';
import { resultJson, scenarioJson } from '../corpus';

/** `scenario` is `original` with turns (and the answers given at their prompts) after its own,
 * under any release. */
export function grewFrom(original: Scenario, scenario: Scenario): boolean {
  const rest = ({ turns: _t, answers: _a, version: _v, ...s }: Scenario) => JSON.stringify(s);
  return (
    rest(original) === rest(scenario) &&
    scenario.turns.length >= original.turns.length &&
    original.turns.every((t, i) => JSON.stringify(t) === JSON.stringify(scenario.turns[i]))
  );
}

async function recording(
  id: string,
  scenario: Scenario,
  applies: (original: Scenario) => boolean,
  version?: string,
): Promise<ScenarioResult | undefined> {
  const { parseResult, parseScenario } = await import('./core');
  let original: Scenario;
  try {
    original = parseScenario(await scenarioJson(id), id);
  } catch {
    return undefined;
  }
  if (!applies(original)) return undefined;
  const json = await resultJson(id, version);
  return json === undefined ? undefined : parseResult(json, id);
}

/** While the session is the gallery scenario unchanged. */
export const recordedGalleryResult = (id: string, scenario: Scenario, version?: string) =>
  recording(id, scenario, (o) => JSON.stringify(o) === JSON.stringify(scenario), version);

/** While the session is the gallery scenario or grew from it: the recording of the release it runs. */
export const recordedPrefix = (id: string, scenario: Scenario) =>
  recording(id, scenario, (o) => grewFrom(o, scenario), scenario.version);
