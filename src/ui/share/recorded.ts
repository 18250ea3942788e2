// The recorded result of a gallery scenario, only while the session is still that scenario
// unchanged (a composed call or another setting makes the recording say nothing about it).
import type { Scenario, ScenarioResult } from '../../scenario/schema';
import { resultJson, scenarioJson } from '../corpus';

export async function recordedGalleryResult(
  id: string,
  scenario: Scenario,
  version?: string,
): Promise<ScenarioResult | undefined> {
  const { parseResult, parseScenario } = await import('./core');
  let original: Scenario;
  try {
    original = parseScenario(await scenarioJson(id), id);
  } catch {
    return undefined;
  }
  if (JSON.stringify(original) !== JSON.stringify(scenario)) return undefined;
  const json = await resultJson(id, version);
  return json === undefined ? undefined : parseResult(json, id);
}
