// The recorded corpus as the app sees it. The gallery needs only each scenario's id, area and
// description, so those are bundled (as JSON named exports, the rest tree-shaken); a scenario
// and its recorded result are loaded as text when it is opened. The `?raw` loads give the files
// module ids of their own: were they imported as JSON here too, every whole scenario would stay
// in the first chunk.
const areas = import.meta.glob<string | undefined>('../../conformance/scenarios/*.json', {
  eager: true,
  import: 'area',
});
const descriptions = import.meta.glob<string | undefined>('../../conformance/scenarios/*.json', {
  eager: true,
  import: 'description',
});
const scenarioFiles = import.meta.glob<string>('../../conformance/scenarios/*.json', {
  query: '?raw',
  import: 'default',
});
const resultFiles = import.meta.glob<string>('../../conformance/results/2.1.273/*.json', {
  query: '?raw',
  import: 'default',
});
// The newer version's recordings, for the versions side by side (loaded on open, like the rest).
const newerResultFiles = import.meta.glob<string>(['../../conformance/results/2.1.332/*.json', '!**/_tools.json'], {
  query: '?raw',
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
  return JSON.parse(await load()) as unknown;
}

/** What `version` recorded for the gallery scenario `id` (undefined when it recorded nothing). */
export async function resultJson(id: string, version = '2.1.273'): Promise<unknown> {
  const files = version === '2.1.273' ? resultFiles : version === '2.1.332' ? newerResultFiles : {};
  const load = files[`../../conformance/results/${version}/${id}.json`];
  return load ? (JSON.parse(await load()) as unknown) : undefined;
}
