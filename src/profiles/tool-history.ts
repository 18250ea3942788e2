// The default tool set of every release whose definitions were dumped (oracle --tools-dump),
// stored as deltas between neighbouring releases (tool-history.json): a step names the tools
// added or changed (only the fields that changed) and removed, and the order when it moved.
import type { ToolDefinition } from './types';
import rootSet from './2.1.273/tools-default.json';
import history from './tool-history.json';

export interface ToolStep {
  version: string;
  /** The neighbour it differs from (towards the root). */
  base: string;
  /** Added tools whole; changed tools as their name and the fields that changed. */
  changed?: (Partial<ToolDefinition> & { name: string })[];
  removed?: string[];
  /** The names in order, when not the base's order with additions at the end. */
  order?: string[];
}

export interface ToolHistory {
  root: string;
  steps: ToolStep[];
}

/** The base's set with one step applied. */
export function applyStep(base: readonly ToolDefinition[], step: ToolStep): ToolDefinition[] {
  const byName = new Map(base.map((d) => [d.name, d]));
  for (const name of step.removed ?? []) byName.delete(name);
  for (const c of step.changed ?? []) byName.set(c.name, { ...byName.get(c.name), ...c } as ToolDefinition);
  const names = step.order ?? [...byName.keys()];
  return names.map((n) => {
    const d = byName.get(n);
    if (!d) throw new Error(`tool history ${step.version}: order names ${n}, which it does not define`);
    return d;
  });
}

/** The step that turns `base` into `next` (undefined fields compared as absent). */
export function diffSets(
  version: string,
  baseVersion: string,
  base: readonly ToolDefinition[],
  next: readonly ToolDefinition[],
): ToolStep {
  const old = new Map(base.map((d) => [d.name, d]));
  const changed: ToolStep['changed'] = [];
  for (const d of next) {
    const o = old.get(d.name) as unknown as Record<string, unknown> | undefined;
    if (!o) {
      changed.push(d);
      continue;
    }
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(d)) if (JSON.stringify(v) !== JSON.stringify(o[k])) fields[k] = v;
    if (Object.keys(o).some((k) => !(k in d)))
      throw new Error(`tool history ${version}: ${d.name} lost a field; store it whole`);
    if (Object.keys(fields).length) changed.push({ name: d.name, ...fields });
  }
  const removed = base.filter((d) => !next.some((n) => n.name === d.name)).map((d) => d.name);
  const step: ToolStep = { version, base: baseVersion };
  if (changed.length) step.changed = changed;
  if (removed.length) step.removed = removed;
  const names = next.map((d) => d.name);
  if (JSON.stringify(applyStep(base, step).map((d) => d.name)) !== JSON.stringify(names)) step.order = names;
  return step;
}

let sets: Map<string, ToolDefinition[]> | undefined;

/** Every dumped release's default tool set, by release. */
export function toolSetsOf(h: ToolHistory = history as ToolHistory): Map<string, ToolDefinition[]> {
  if (h === history && sets) return sets;
  const out = new Map<string, ToolDefinition[]>([[h.root, rootSet.tools as ToolDefinition[]]]);
  for (const step of h.steps) {
    const base = out.get(step.base);
    if (!base) throw new Error(`tool history ${step.version}: base ${step.base} comes later or is missing`);
    out.set(step.version, applyStep(base, step));
  }
  if (h === history) sets = out;
  return out;
}
