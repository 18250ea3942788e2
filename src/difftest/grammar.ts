// Draws scenarios: a primary dimension by weight, sometimes a second combinable one merged into
// it (files and settings merged, rules and hooks concatenated, turns appended).
import { Rng } from '../../conformance/generate/rng';
import { DIMENSIONS } from './dims';
import type { Dimension, Json, JsonObject, Piece } from './types';

export interface Drawn {
  dims: string[];
  scenario: JsonObject;
}

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Objects merged key by key, arrays concatenated (without repeats), scalars: the first wins. */
export function mergeJson(a: Json | undefined, b: Json | undefined): Json | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (Array.isArray(a) && Array.isArray(b)) {
    const seen = new Set(a.map((x) => JSON.stringify(x)));
    return [...a, ...b.filter((x) => !seen.has(JSON.stringify(x)))];
  }
  if (isObject(a) && isObject(b)) {
    const out: JsonObject = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = mergeJson(a[k], v) as Json;
    return out;
  }
  return a;
}

function toScenario(id: string, dims: string[], pieces: Piece[]): JsonObject {
  const [first] = pieces as [Piece];
  const s: JsonObject = {
    id,
    area: 'difftest',
    description: `difftest ${dims.join('+')}: ${pieces.map((p) => p.note).join(' | ')}`,
  };
  let files: Json | undefined;
  let settings: Json | undefined;
  let user: Json | undefined;
  for (const p of pieces) {
    files = mergeJson(files, p.files);
    settings = mergeJson(settings, p.settings);
    user = mergeJson(user, p.user_settings);
  }
  if (files !== undefined) s.files = files;
  if (isObject(settings) && Object.keys(settings).length) s.settings = settings;
  if (isObject(user)) s.user_settings = user;
  const mode = pieces.find((p) => p.mode)?.mode;
  if (mode) s.mode = mode;
  const model = pieces.find((p) => p.model)?.model;
  if (model) s.model = model;
  if (pieces.some((p) => p.trust)) s.trust = true;
  if (pieces.some((p) => p.git)) s.git = true;
  if (first.tools) s.tools = first.tools;
  if (first.web) s.web = first.web;
  if (first.timeout) s.timeout = first.timeout;
  const env = Object.assign({}, ...pieces.map((p) => p.env ?? {}));
  if (Object.keys(env).length) s.env = env;
  s.turns = pieces.flatMap((p) => p.turns) as unknown as Json;
  return s;
}

/** The i-th scenario of a run with this seed (the same seed and i always give the same one). */
/** `skip`: dimensions left out (their host programs are missing). */
export function draw(seed: number, i: number, only?: string, skip: ReadonlySet<string> = new Set()): Drawn {
  const rng = new Rng((seed * 7919 + i * 104729) >>> 0);
  const pool = DIMENSIONS.filter(([, d]) => (only === undefined || d.name === only) && !skip.has(d.name));
  if (!pool.length) throw new Error(`no dimension named ${only}`);
  const primary = rng.weighted(pool);
  const chosen: Dimension[] = [primary];
  if (only === undefined && primary.combinable && rng.chance(0.3)) {
    const second = rng.weighted(
      DIMENSIONS.filter(([, d]) => d.combinable && d !== primary && !skip.has(d.name)),
    );
    chosen.push(second);
  }
  const dims = chosen.map((d) => d.name);
  return {
    dims,
    scenario: toScenario(
      `dt-${dims.join('-')}-${seed}-${i}`,
      dims,
      chosen.map((d) => d.sample(rng)),
    ),
  };
}
