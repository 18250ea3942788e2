import { profile_2_1_273 } from './2.1.273';
import { profile_2_1_332 } from './2.1.332';
import type { Profile } from './types';

export const PROFILES: Readonly<Record<string, Profile>> = {
  '2.1.273': profile_2_1_273,
  '2.1.332': profile_2_1_332,
};
export const DEFAULT_VERSION = '2.1.273';

/** Own keys only: a version named like an Object property (`toString`) is unknown, not a function. */
export const isKnownVersion = (version: string): boolean => Object.hasOwn(PROFILES, version);

/** A version no profile describes: a fault of the input, worded in one line. */
export class UnknownVersionError extends Error {}

export function getProfile(version: string = DEFAULT_VERSION): Profile {
  const p = isKnownVersion(version) ? PROFILES[version] : undefined;
  if (!p)
    throw new UnknownVersionError(`Unknown Claude Code version ${version}; known: ${Object.keys(PROFILES).join(', ')}`);
  return p;
}

export type { Profile, ToolDefinition } from './types';
