// A release recorded after the pinned ones stores only the results that differ from its base
// release; `_base.json` in its folder names the base and the scenarios it recorded alike. The
// result of such a scenario is the base's (found the same way), under the release's name.

/** The content of a results folder's `_base.json`. */
export interface ResultsBase {
  base: string;
  /** Scenarios this release recorded exactly as its base did (apart from the release name). */
  same: readonly string[];
}

export const BASE_FILE = '_base.json';

/** Which release's folder holds the result `version` recorded for `id` (undefined: none). */
export function resultHolder(
  id: string,
  version: string,
  has: (version: string, id: string) => boolean,
  baseOf: (version: string) => ResultsBase | undefined,
): string | undefined {
  const seen = new Set<string>();
  for (let v: string | undefined = version; v !== undefined && !seen.has(v); ) {
    seen.add(v);
    if (has(v, id)) return v;
    const link = baseOf(v);
    v = link?.same.includes(id) ? link.base : undefined;
  }
  return undefined;
}

/** A base's result as the release that recorded it alike: named with that release. */
export function asRecordedBy<T extends { version?: string }>(result: T, version: string): T {
  return result.version === version ? result : { ...result, version };
}
