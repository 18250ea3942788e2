// The recorded corpus as the app sees it. The gallery needs only each scenario's id, area and
// description, so those are bundled (as JSON named exports, the rest tree-shaken); a scenario
// and its recorded result are loaded when it is opened.
const areas = import.meta.glob<string | undefined>('../../conformance/scenarios/*.json', {
  eager: true,
  import: 'area',
});
const descriptions = import.meta.glob<string | undefined>('../../conformance/scenarios/*.json', {
  eager: true,
  import: 'description',
});
const scenarioFiles = import.meta.glob<unknown>('../../conformance/scenarios/*.json', { import: 'default' });
const resultFiles = import.meta.glob<unknown>('../../conformance/results/2.1.273/*.json', {
  import: 'default',
});

export interface GalleryEntry {
  id: string;
  area: string;
  description: string;
}

const idOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
const scenarioPath = (id: string) => `../../conformance/scenarios/${id}.json`;

export function galleryEntries(): GalleryEntry[] {
  return Object.keys(scenarioFiles)
    .map((path) => {
      const id = idOf(path);
      return { id, area: areas[path] ?? id.split('-')[0] ?? 'other', description: descriptions[path] ?? '' };
    })
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** The scenario's JSON, unparsed (the runtime parses it). */
export async function scenarioJson(id: string): Promise<unknown> {
  const load = scenarioFiles[scenarioPath(id)];
  if (!load) throw new Error(`No scenario named ${id} in the gallery.`);
  return load();
}

export async function resultJson(id: string): Promise<unknown> {
  const load = resultFiles[`../../conformance/results/2.1.273/${id}.json`];
  return load ? load() : undefined;
}
