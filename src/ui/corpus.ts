// The recorded corpus as the app sees it. The gallery needs only each scenario's id, area and
// description, so those are bundled (one module, `virtual:ccp-gallery`, vite.config.ts); a scenario
// and its recorded result are loaded as text when it is opened, through the loaders of
// ./corpus-files (a chunk of its own: some 3,800 of them, which the first paint does not need).
import { DEFAULT_VERSION } from '../profiles/releases';
import gallery from 'virtual:ccp-gallery';
import { asRecordedBy, BASE_FILE, resultHolder, type ResultsBase } from '../scenario/results-chain';

const resultPath = (version: string, name: string) => `../../conformance/results/${version}/${name}`;

export interface GalleryEntry {
  id: string;
  area: string;
  description: string;
}

const scenarioPath = (id: string) => `../../conformance/scenarios/${id}.json`;

const files = () => import('./corpus-files');

export function galleryEntries(): GalleryEntry[] {
  return gallery.map(([id, area, description]) => ({
    id,
    area: area ?? id.split('-')[0] ?? 'other',
    description: description ?? '',
  }));
}

/** The scenario's JSON, unparsed (the runtime parses it). */
export async function scenarioJson(id: string): Promise<unknown> {
  const { scenarioFiles } = await files();
  const load = scenarioFiles[scenarioPath(id)];
  if (!load) throw new Error(`No scenario named ${id} in the gallery.`);
  return JSON.parse(await load()) as unknown;
}

/** What `version` recorded for the gallery scenario `id` (undefined when it recorded nothing). */
export async function resultJson(id: string, version = DEFAULT_VERSION): Promise<unknown> {
  const { resultFiles } = await files();
  // The chain's `_base.json` files, loaded first so the holder is found without guessing.
  const links = new Map<string, ResultsBase | undefined>();
  for (let v: string | undefined = version; v !== undefined && !links.has(v);) {
    const load: (() => Promise<string>) | undefined = resultFiles[resultPath(v, BASE_FILE)];
    const link: ResultsBase | undefined = load ? (JSON.parse(await load()) as ResultsBase) : undefined;
    links.set(v, link);
    v = link?.same.includes(id) ? link.base : undefined;
  }
  const holder = resultHolder(
    id,
    version,
    (v, x) => resultPath(v, `${x}.json`) in resultFiles,
    (v) => links.get(v),
  );
  const load = holder === undefined ? undefined : resultFiles[resultPath(holder, `${id}.json`)];
  return load ? asRecordedBy(JSON.parse(await load()) as { version?: string }, version) : undefined;
}
