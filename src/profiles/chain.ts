// A release's profile is its predecessor's with a delta applied: the delta names only what the
// recordings show changed, so each difference reads once, at the release where it happened.
import type { Profile } from './types';

type DeepPartial<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly unknown[] | ReadonlySet<unknown>
    ? T
    : T extends object
      ? { [K in keyof T]?: DeepPartial<T[K]> | undefined }
      : T;

/** What a release changes. Plain-object groups (text, hooks, permissions, …) merge key by key;
 * arrays, sets, functions and values replace; a key given as `undefined` is removed. */
export type ProfileDelta = DeepPartial<Omit<Profile, 'version'>>;

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

function merge(base: Record<string, unknown>, delta: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(delta)) {
    if (v === undefined) delete out[k];
    else if (isPlain(v) && isPlain(out[k])) out[k] = merge(out[k] as Record<string, unknown>, v);
    else out[k] = v;
  }
  return out;
}

export function applyDelta(base: Profile, version: string, delta: ProfileDelta): Profile {
  return {
    ...(merge(
      base as unknown as Record<string, unknown>,
      delta as Record<string, unknown>,
    ) as unknown as Profile),
    version,
  };
}

/** A release's whole table (kept whole for its own tests) as the part of its delta that is new at
 * it: the keys an earlier release's delta already set to the same value are left out, so each
 * change reads once, at the release where the bisection found it. */
export function newSince<T extends object>(
  table: T,
  ...earlier: (DeepPartial<T> | undefined)[]
): DeepPartial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(table))
    if (!earlier.some((e) => e !== undefined && k in e && Object.is((e as Record<string, unknown>)[k], v)))
      out[k] = v;
  return out as DeepPartial<T>;
}
