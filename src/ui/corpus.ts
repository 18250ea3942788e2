// The recorded corpus as the app sees it: scenarios bundled (small), recorded results loaded
// only when a scenario is opened.
import { parseResult, parseScenario, type Scenario, type ScenarioResult } from '../scenario/schema';

const scenarioFiles = import.meta.glob<unknown>('../../conformance/scenarios/*.json', { eager: true, import: 'default' });
const resultFiles = import.meta.glob<unknown>('../../conformance/results/2.1.273/*.json', { import: 'default' });

export interface GalleryEntry {
  id: string;
  area: string;
  description: string;
  scenario: Scenario;
}

const idOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);

export function galleryEntries(): GalleryEntry[] {
  return Object.entries(scenarioFiles)
    .map(([path, json]) => {
      const scenario = parseScenario(json, path);
      const id = scenario.id ?? idOf(path);
      return { id, area: scenario.area ?? id.split('-')[0] ?? 'other', description: scenario.description ?? '', scenario };
    })
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

export async function recordedResult(id: string): Promise<ScenarioResult | undefined> {
  const load = resultFiles[`../../conformance/results/2.1.273/${id}.json`];
  return load ? parseResult(await load(), id) : undefined;
}
