// Which workspace backend new sessions get: a small store outside React, so the choice (and a
// fallback message) survives the settings panel being re-mounted, and the factory handed to the
// App keeps one identity whatever is chosen. WebContainer code is imported only when chosen.
import type { BackendName, Workspace } from '../../workspace/types';

export const FALLBACK_MESSAGE =
  'WebContainer needs a network connection and a supported browser (Chromium-based, cross-origin isolated). The session stays on the in-memory workspace; nothing was lost.';

export type ChoiceState =
  | { backend: 'memfs'; phase: 'ready' }
  | { backend: 'memfs'; phase: 'fallback'; reason: string }
  | { backend: 'webcontainer'; phase: 'booting' }
  | { backend: 'webcontainer'; phase: 'ready' };

/** The WebContainer side, as browser.ts provides it (injected in tests). */
export interface WebContainerModule {
  chooseWebContainer(opts: { timeoutMs?: number; apiKey?: string }): Promise<{ ok: true; makeWorkspace: () => Workspace } | { ok: false; reason: string }>;
}

export interface BackendChoice {
  /** Stable: always builds a workspace on the current choice. */
  makeWorkspace: () => Promise<Workspace>;
  get(): ChoiceState;
  subscribe(listener: () => void): () => void;
  /** Resolves with the state reached (after the boot, or the fallback). */
  choose(backend: BackendName): Promise<ChoiceState>;
}

export interface BackendChoiceOptions {
  memfs: () => Promise<Workspace>;
  /** The WebContainer side (backends/webcontainer/browser), chosen by the entry. */
  load: () => Promise<WebContainerModule>;
  timeoutMs?: number;
  apiKey?: string;
}

export function createBackendChoice(opts: BackendChoiceOptions): BackendChoice {
  let state: ChoiceState = { backend: 'memfs', phase: 'ready' };
  let webcontainer: (() => Workspace) | null = null;
  let request = 0;
  const listeners = new Set<() => void>();
  const set = (s: ChoiceState) => {
    state = s;
    for (const l of listeners) l();
    return s;
  };
  return {
    makeWorkspace: () => (state.backend === 'webcontainer' && state.phase === 'ready' && webcontainer ? Promise.resolve(webcontainer()) : opts.memfs()),
    get: () => state,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    async choose(backend) {
      const mine = ++request;
      if (backend !== 'webcontainer') {
        // The container stays up: sessions opened on it keep working, and choosing it again is
        // instant (one boot() per page).
        return set({ backend: 'memfs', phase: 'ready' });
      }
      if (webcontainer) return set({ backend: 'webcontainer', phase: 'ready' });
      set({ backend: 'webcontainer', phase: 'booting' });
      let r: Awaited<ReturnType<WebContainerModule['chooseWebContainer']>>;
      try {
        r = await (await opts.load()).chooseWebContainer({ timeoutMs: opts.timeoutMs, apiKey: opts.apiKey });
      } catch (e) {
        r = { ok: false, reason: e instanceof Error ? e.message : String(e) };
      }
      // A later choice won while this one booted.
      if (mine !== request) return state;
      if (!r.ok) return set({ backend: 'memfs', phase: 'fallback', reason: r.reason });
      webcontainer = r.makeWorkspace;
      return set({ backend: 'webcontainer', phase: 'ready' });
    },
  };
}
