// The current session in IndexedDB, so a reload brings it back. What is stored is the session's
// scenario as JSON text (its files byte-exact as file specs, its settings, every turn composed
// or replayed so far): replaying it rebuilds the workspace bytes and the transcript. Stored as
// text so a saved session goes through the same checks and migration ladder as a link.
// Outside edits made since the last model call are not in the scenario's turns yet (the next
// model call opens its turn with them), so they are stored beside it and made again on load.
import type { Scenario } from '../../scenario/schema';

const DB = 'cc-playground';
const STORE = 'session';
const KEY = 'current';

/** A file the person saved in the editor, as PlaygroundSession.outsideEdit takes it. */
export interface OutsideEdit {
  /** Relative to the project directory, so it lands the same on any workspace root. */
  path: string;
  text: string;
}

export interface SavedSession {
  id: string;
  scenario: Scenario;
  /** Outside edits after the last model call, in the order they were made. */
  edits: OutsideEdit[];
  savedAt: number;
}

interface Stored {
  v: 1;
  id: string;
  json: string;
  /** Absent in sessions saved before outside edits were kept. */
  edits?: OutsideEdit[];
  savedAt: number;
}

const isEdit = (e: unknown): e is OutsideEdit =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as OutsideEdit).path === 'string' &&
  typeof (e as OutsideEdit).text === 'string';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
  });
}

async function tx<T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const t = db.transaction(STORE, mode);
      const req = op(t.objectStore(STORE));
      t.oncomplete = () => resolve(req.result);
      t.onerror = () => reject(t.error ?? new Error('IndexedDB transaction failed'));
      t.onabort = () => reject(t.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

export async function saveSession(
  id: string,
  scenario: Scenario,
  edits: readonly OutsideEdit[] = [],
): Promise<void> {
  const value: Stored = {
    v: 1,
    id,
    json: JSON.stringify(scenario),
    edits: edits.map((e) => ({ path: e.path, text: e.text })),
    savedAt: Date.now(),
  };
  await tx('readwrite', (s) => s.put(value, KEY));
}

/** The saved session, or undefined (none, unreadable, or no longer a valid scenario). */
export async function loadSession(): Promise<SavedSession | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  try {
    const v = (await tx('readonly', (s) => s.get(KEY) as IDBRequest<Stored | undefined>)) ?? undefined;
    if (!v || v.v !== 1 || typeof v.json !== 'string') return undefined;
    const edits = v.edits ?? [];
    if (!Array.isArray(edits) || !edits.every(isEdit)) return undefined;
    const { checkScenarioJson } = await import('../../share/link');
    const checked = checkScenarioJson(v.json);
    return checked.ok ? { id: v.id, scenario: checked.value.scenario, edits, savedAt: v.savedAt } : undefined;
  } catch {
    return undefined;
  }
}

export async function clearSession(): Promise<void> {
  await tx('readwrite', (s) => s.delete(KEY));
}
