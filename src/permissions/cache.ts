// Memo tables for the permission engine. Glob and Grep ask about every result path, often in
// thousands of decisions per call; parsing the rules and compiling their matchers once per rule
// set (not once per decision) keeps that cheap. Every table is keyed by the text it was built
// from, so a changed setting simply misses and builds anew.

const tables: Bounded<unknown, unknown>[] = [];

/** A Map that forgets its oldest entry past `limit`: rule texts are few, but a long session
 * that keeps editing its settings must not grow without end. */
export class Bounded<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly limit: number) {
    tables.push(this as Bounded<unknown, unknown>);
  }

  get(key: K, make: (key: K) => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined || this.map.has(key)) return hit as V;
    const value = make(key);
    if (this.map.size >= this.limit) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(key, value);
    return value;
  }

  clear(): void {
    this.map.clear();
  }
}

/** Empties every table (benchmarks measure the uncached cost with it). */
export function clearPermissionCaches(): void {
  for (const t of tables) t.clear();
}
