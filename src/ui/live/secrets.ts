// Where the API key and the base URL live: in this module's memory for the life of the tab, and
// in localStorage only when the person ticks "Remember". Nothing else in the page reads them:
// they are never put in a scenario, a link, an export, the issue markdown, the IndexedDB
// snapshot, the URL or the console.

const STORE = { apiKey: 'cc-playground.live.apiKey', baseUrl: 'cc-playground.live.baseUrl' } as const;

export interface Secrets {
  apiKey: string;
  baseUrl: string;
  remember: boolean;
}

let memory: Secrets | undefined;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage blocked (a sandboxed frame, strict privacy settings): memory only.
    return undefined;
  }
}

export function loadSecrets(): Secrets {
  if (memory) return { ...memory };
  const s = storage();
  const apiKey = s?.getItem(STORE.apiKey) ?? '';
  const baseUrl = s?.getItem(STORE.baseUrl) ?? '';
  return { apiKey, baseUrl, remember: apiKey !== '' || baseUrl !== '' };
}

/** Kept in memory always; in localStorage only with `remember`, else removed from it. */
export function saveSecrets(v: Secrets): void {
  memory = { ...v };
  const s = storage();
  if (!s) return;
  try {
    if (v.remember) {
      s.setItem(STORE.apiKey, v.apiKey);
      if (v.baseUrl) s.setItem(STORE.baseUrl, v.baseUrl);
      else s.removeItem(STORE.baseUrl);
    } else {
      s.removeItem(STORE.apiKey);
      s.removeItem(STORE.baseUrl);
    }
  } catch {
    // A full or blocked storage: the key stays in memory for this tab.
  }
}
