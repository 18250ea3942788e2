// The registry of releases: the profile of each release releases.ts lists, built as a chain (a
// release's profile is its neighbour's towards the root plus a delta). Only this folder names
// releases; everything else asks the registry.
import { profile_2_1_273 } from './2.1.273';
import { delta_2_1_332 } from './2.1.332';
import { RECORDED_DELTAS } from './recorded';
import { applyDelta, type ProfileDelta } from './chain';
import { unionDefinitions } from './definitions';
import { DEFAULT_VERSION, releaseInfo, unknownReleaseMessage } from './releases';
import { toolSetsOf } from './tool-history';
import type { Profile } from './types';

/** Releases whose corpus is recorded, with the delta their recordings show over their base. */
export const CORPUS_DELTAS: Readonly<Record<string, ProfileDelta>> = {
  '2.1.332': delta_2_1_332,
  ...RECORDED_DELTAS,
};

const built = new Map<string, Profile>([[profile_2_1_273.version, profile_2_1_273]]);

/** A version no profile describes: a fault of the input, worded in one line. */
export class UnknownVersionError extends Error {}

export function getProfile(version: string = DEFAULT_VERSION): Profile {
  const hit = built.get(version);
  if (hit) return hit;
  const info = releaseInfo(version);
  if (!info?.base) throw new UnknownVersionError(unknownReleaseMessage(version));
  const base = getProfile(info.base);
  const delta = CORPUS_DELTAS[version] ?? {};
  const tools = toolSetsOf().get(version);
  let p = applyDelta(base, version, delta);
  // A release's own definitions first (those its corpus recorded, then its default set), then
  // its neighbour's for the tools it did not send.
  if (tools && !delta.defaultToolSet)
    p = {
      ...p,
      defaultToolSet: tools,
      toolDefinitions: unionDefinitions(delta.toolDefinitions ? p.toolDefinitions : [], tools, base.toolDefinitions),
    };
  built.set(version, p);
  return p;
}

/** The release whose behaviour `version` runs: itself when its delta changes any (a change point
 * the recordings showed), else the nearest such release towards the root, or the root. Its tool
 * definitions are always its own (tool-history.json). */
export function behaviourSource(version: string): string {
  let v = version;
  for (let info = releaseInfo(v); info?.base !== undefined && !hasBehaviourDelta(v); info = releaseInfo(v)) v = info.base;
  return v;
}

const hasBehaviourDelta = (version: string): boolean => {
  const delta = CORPUS_DELTAS[version];
  return delta !== undefined && Object.keys(delta).length > 0;
};

export * from './releases';
export type { Profile, ToolDefinition } from './types';
