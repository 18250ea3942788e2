// What changed between two releases' results of the same scenarios, grouped as changelog
// behaviours (src/profiles/changelog.ts): shared by the intake and the bisection.
import { compareResults, type Difference } from '../session/compare';
import type { ScenarioResult } from '../scenario/schema';
import type { ChangelogBehaviour } from '../profiles/changelog';

/** What the model sees and the SDK-side objects, as the ratchet compares them. */
export const differences = (a: ScenarioResult, b: ScenarioResult): Difference[] => [
  ...compareResults(a, b, 'model'),
  ...compareResults(a, b, 'structured').map((d) => ({ ...d, path: `structured${d.path}` })),
];

/** Whether two releases recorded a scenario alike (apart from the release's name). */
export const alike = (a: ScenarioResult, b: ScenarioResult): boolean =>
  differences(a, { ...b, version: a.version }).length === 0;

/** A difference's kind, for grouping: what the model sees, the permission engine's denials, the
 * files left behind, or the SDK-side objects. */
function kindOf(d: Difference): ChangelogBehaviour['kind'] {
  if (d.path.startsWith('structured')) return 'structured result';
  if (/permission_denials/.test(d.path)) return 'permission denials';
  if (/^\/files/.test(d.path)) return 'files left';
  if (/^\/model/.test(d.path)) return 'default model';
  return 'what the model sees';
}

/** One behaviour per area and kind, each with its scenarios and one difference as example. */
export function groupBehaviours(changed: ReadonlyMap<string, { area: string; diffs: Difference[] }>): ChangelogBehaviour[] {
  const groups = new Map<string, ChangelogBehaviour>();
  for (const [id, { area, diffs }] of changed) {
    for (const kind of new Set(diffs.map(kindOf))) {
      const key = `${area}\u0000${kind}`;
      const d = diffs.find((x) => kindOf(x) === kind) as Difference;
      const g = groups.get(key) ?? {
        area,
        kind,
        scenarios: [],
        example: `${id} ${d.path}: ${JSON.stringify(d.expected)?.slice(0, 120)} → ${JSON.stringify(d.actual)?.slice(0, 120)}`,
      };
      g.scenarios.push(id);
      groups.set(key, g);
    }
  }
  return [...groups.values()].sort((a, b) => a.area.localeCompare(b.area) || a.kind.localeCompare(b.kind));
}

/** `prior` with the scenarios of `replaced` taken out and `added` put in: a run over part of the
 * corpus changes its entry only where it recorded. */
export function mergeBehaviours(prior: readonly ChangelogBehaviour[], replaced: ReadonlySet<string>, added: readonly ChangelogBehaviour[]): ChangelogBehaviour[] {
  const groups = new Map<string, ChangelogBehaviour>();
  for (const b of prior) {
    const scenarios = b.scenarios.filter((id) => !replaced.has(id));
    if (scenarios.length) groups.set(`${b.area}\u0000${b.kind}`, { ...b, scenarios });
  }
  for (const b of added) {
    const key = `${b.area}\u0000${b.kind}`;
    const g = groups.get(key);
    groups.set(key, g ? { ...g, scenarios: [...g.scenarios, ...b.scenarios] } : b);
  }
  return [...groups.values()].sort((a, b) => a.area.localeCompare(b.area) || a.kind.localeCompare(b.kind));
}
