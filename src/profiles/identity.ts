// Which releases share one profile: two releases whose profiles are equal in everything but their
// release number replay every scenario alike, except where the number itself reaches the model
// (a hook's environment names it). A release chain of two hundred mostly repeats itself, so a
// sweep over it replays each distinct profile once.
import type { Profile } from './types';

/** Structural keys of the values met so far: an object shared between profiles (a tool
 * definition no release changed, a table a delta did not touch) is keyed once. */
const keys = new WeakMap<object, string>();
/** Each distinct structure gets a short id, so a parent's key stays short. */
const interned = new Map<string, string>();
/** Functions compare by identity: a delta that replaces one gives a new function. */
const functions = new WeakMap<object, string>();
const counter = { functions: 0 };

function intern(structure: string): string {
  let id = interned.get(structure);
  if (id === undefined) {
    id = `#${interned.size}`;
    interned.set(structure, id);
  }
  return id;
}

function keyOf(v: unknown): string {
  if (typeof v === 'function') {
    let id = functions.get(v);
    if (id === undefined) functions.set(v, (id = `f${counter.functions++}`));
    return id;
  }
  if (v === null || typeof v !== 'object') return v === undefined ? 'u' : JSON.stringify(v);
  const hit = keys.get(v);
  if (hit !== undefined) return hit;
  let structure: string;
  if (Array.isArray(v)) structure = `[${v.map(keyOf).join(',')}]`;
  else if (v instanceof Set) structure = `S[${[...v].map(keyOf).sort().join(',')}]`;
  else if (v instanceof Map) structure = `M[${[...v].map(([k, x]) => `${keyOf(k)}:${keyOf(x)}`).sort().join(',')}]`;
  else
    structure = `{${Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${keyOf((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  const id = intern(structure);
  keys.set(v, id);
  return id;
}

/** A key equal for two profiles exactly when they are equal in everything but `version`
 * (functions by identity, sets and maps in any order). */
export function profileIdentity(p: Profile): string {
  const { version: _, ...rest } = p;
  return keyOf(rest);
}
