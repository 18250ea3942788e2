// Delta debugging of a diverging scenario: smaller variants (a turn, a call, a file, a setting, a
// rule, a hook, a command word fewer), kept while they still diverge the same way, until no
// variant does or the budget of recordings is spent.
import type { Json, JsonObject } from './types';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every one-step-smaller variant, biggest cuts first. */
export function candidates(s: JsonObject): JsonObject[] {
  const out: JsonObject[] = [];
  const turns = (s.turns ?? []) as Json[][];
  // Halves of the turns first (ddmin's coarse step), then single turns and calls.
  if (turns.length >= 4) {
    const h = Math.floor(turns.length / 2);
    out.push({ ...clone(s), turns: turns.slice(0, h) }, { ...clone(s), turns: turns.slice(h) });
  }
  if (turns.length > 1)
    turns.forEach((_, i) => out.push({ ...clone(s), turns: turns.filter((_, j) => j !== i) }));
  turns.forEach((t, i) => {
    if (t.length > 1)
      t.forEach((_, k) => {
        const c = clone(s);
        (c.turns as Json[][])[i] = t.filter((_, j) => j !== k);
        out.push(c);
      });
  });
  for (const key of ['files', 'settings', 'user_settings', 'env'] as const) {
    const v = s[key];
    if (!isObject(v)) continue;
    const whole = clone(s);
    delete whole[key];
    out.push(whole);
    for (const k of Object.keys(v)) {
      const c = clone(s);
      delete (c[key] as JsonObject)[k];
      out.push(c);
    }
    // One level down: single rules (permissions.allow[i]), hook events, sandbox keys.
    for (const [k, inner] of Object.entries(v)) {
      if (!isObject(inner)) continue;
      for (const [k2, leaf] of Object.entries(inner)) {
        const c = clone(s);
        delete ((c[key] as JsonObject)[k] as JsonObject)[k2];
        out.push(c);
        if (Array.isArray(leaf) && leaf.length > 1)
          leaf.forEach((_, i) => {
            const d = clone(s);
            ((d[key] as JsonObject)[k] as JsonObject)[k2] = leaf.filter((_, j) => j !== i);
            out.push(d);
          });
      }
    }
  }
  for (const flag of ['git', 'trust'] as const)
    if (s[flag]) {
      const c = clone(s);
      delete c[flag];
      out.push(c);
    }
  // Command words: drop one whitespace-separated word of a Bash command (not the first).
  turns.forEach((t, i) =>
    t.forEach((call, k) => {
      const input = isObject(call) && isObject(call.input) ? call.input : undefined;
      const cmd = typeof input?.command === 'string' ? input.command : undefined;
      if (!cmd || cmd.includes('\n')) return;
      const words = cmd.split(' ');
      for (let w = 1; w < words.length; w++) {
        const c = clone(s);
        const target = ((c.turns as Json[][])[i] as JsonObject[])[k] as JsonObject;
        (target.input as JsonObject).command = words.filter((_, j) => j !== w).join(' ');
        out.push(c);
      }
    }),
  );
  return out;
}

/** The size a reduction minimises: calls, files, rules and command words all count. */
export const size = (s: JsonObject): number => JSON.stringify(s).length;

/** Greedy delta debugging: takes the first smaller variant that `stillDiverges`, and starts
 * again from it; stops when none does or after `budget` checks. */
export async function reduce(
  s: JsonObject,
  stillDiverges: (c: JsonObject) => Promise<boolean>,
  budget: number,
): Promise<{ reduced: JsonObject; checks: number }> {
  let current = s;
  let checks = 0;
  const tried = new Set<string>();
  for (;;) {
    let progressed = false;
    for (const c of candidates(current)) {
      const key = JSON.stringify(c);
      if (tried.has(key) || size(c) >= size(current)) continue;
      tried.add(key);
      if (checks >= budget) return { reduced: current, checks };
      checks++;
      if (await stillDiverges(c)) {
        current = c;
        progressed = true;
        break;
      }
    }
    if (!progressed) return { reduced: current, checks };
  }
}
