// A tool's input schema as a version offers it: the tool module's schema holds every parameter
// any version takes; a parameter the profile's tool definition lacks (Read's `allow_large`
// before 2.1.332) is an unexpected parameter, as that binary's strict schema made it.
import { z } from 'zod';
import type { Profile } from './types';

const cache = new WeakMap<Profile, Map<z.ZodType, z.ZodType>>();

export function inputSchemaFor<I>(name: string, schema: z.ZodType<I>, profile: Profile): z.ZodType<I> {
  const def = profile.toolDefinitions.find((d) => d.name === name);
  const props = def?.input_schema.properties;
  if (!(schema instanceof z.ZodObject) || !props || typeof props !== 'object') return schema;
  let byProfile = cache.get(profile);
  if (!byProfile) cache.set(profile, (byProfile = new Map()));
  const hit = byProfile.get(schema);
  if (hit) return hit as z.ZodType<I>;
  const offered = Object.keys(schema.shape).filter((k) => k in props);
  const mask = Object.fromEntries(offered.map((k) => [k, true])) as Parameters<typeof schema.pick>[0];
  const narrowed = offered.length === Object.keys(schema.shape).length ? schema : schema.pick(mask);
  byProfile.set(schema, narrowed);
  return narrowed as z.ZodType<I>;
}
