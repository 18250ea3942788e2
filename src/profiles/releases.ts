// The list of releases the playground knows (releases.json), light enough for the page's first
// load: which were recorded how, and the chain between them. The profiles themselves are built
// in index.ts.
import list from './releases.json';

/** What was recorded on a release: the hand-written corpus (its behaviour is measured), or only
 * its tool definitions (its behaviour is its neighbour's, not measured). */
export type Recorded = 'corpus' | 'tools';

export interface ReleaseInfo {
  version: string;
  recorded: Recorded;
  /** The release whose profile this one extends (none for the root). */
  base?: string;
  /** A tools-only release on which the bisection recorded the scenarios that changed around it
   * (conformance/results/<version>/): the changelog places changes at it. */
  bisected?: true;
}

/** Numeric order of release numbers ("2.1.99" before "2.1.110"). */
export function compareReleases(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The root of the chain: every other profile is built from it. */
export const DEFAULT_VERSION = list.root;
/** The two releases whose whole corpus is stored and replayed in full (lessons and the versions
 * side by side compare them). */
export const PINNED_RELEASES = list.pinned as [string, string];

function buildReleases(): ReleaseInfo[] {
  const all = [...new Set([...list.corpus, ...list.tools])].sort(compareReleases);
  const rootAt = all.indexOf(DEFAULT_VERSION);
  const corpus = (v: string) => list.corpus.includes(v);
  const bisected = new Set<string>(list.bisected);
  return all.map((version, i) => {
    // Older releases chain backwards from the root, newer ones forwards.
    const base = i === rootAt ? undefined : all[i < rootAt ? i + 1 : i - 1];
    const info: ReleaseInfo = { version, recorded: corpus(version) ? 'corpus' : 'tools', base };
    return bisected.has(version) ? { ...info, bisected: true } : info;
  });
}

/** Every known release, oldest first. */
export const RELEASES: readonly ReleaseInfo[] = buildReleases();
const byVersion = new Map(RELEASES.map((r) => [r.version, r]));

/** Own entries only: a version named like an Object property (`toString`) is unknown. */
export const isKnownVersion = (version: string): boolean => byVersion.has(version);

export const releaseInfo = (version: string): ReleaseInfo | undefined => byVersion.get(version);

/** Releases whose corpus is recorded, oldest first. */
export const recordedReleases = (): string[] =>
  RELEASES.filter((r) => r.recorded === 'corpus').map((r) => r.version);

/** Releases that recorded results of their own (conformance/results/<v>/): the whole corpus, or
 * the scenarios a bisection recorded there; oldest first. */
export const releasesWithResults = (): string[] =>
  RELEASES.filter((r) => r.recorded === 'corpus' || r.bisected).map((r) => r.version);

/** The newest release in the registry. */
export const newestRelease = (): string => (RELEASES[RELEASES.length - 1] as ReleaseInfo).version;

/** The known releases nearest to `version` (the one below and the one above, when there are). */
export function nearestReleases(version: string): string[] {
  const below = RELEASES.filter((r) => compareReleases(r.version, version) < 0).at(-1);
  const above = RELEASES.find((r) => compareReleases(r.version, version) > 0);
  return [below?.version, above?.version].filter((v): v is string => v !== undefined);
}

/** The one-line error for a release the registry does not list. */
export function unknownReleaseMessage(version: string): string {
  const near = /^\d+\.\d+\.\d+$/.test(version) ? nearestReleases(version) : [];
  const hint = near.length ? `nearest: ${near.join(', ')}` : `known: ${RELEASES[0]?.version} to ${newestRelease()}`;
  return `Unknown Claude Code version ${version}; ${hint}`;
}
