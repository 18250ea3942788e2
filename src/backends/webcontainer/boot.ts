// Booting WebContainer once per page, with a deadline. `WebContainer.boot()` fetches its runtime
// from StackBlitz and never settles without a network, so it is raced against a timeout and the
// caller gets a plain reason instead of a spinner. Only one boot() may be in flight or alive per
// page: a later call reuses it (even one that timed out, in case it still arrives), and
// teardown() must run before another boot.
import type { WebContainer } from '@webcontainer/api';
import type { ContainerLike } from './container';

// The real class must fit the adapter's view of it (checked by the compiler, costs nothing).
const _fits: WebContainer extends ContainerLike ? true : never = true;

export type BootFailure = 'not-isolated' | 'timeout' | 'error';

export type BootOutcome = { ok: true; container: ContainerLike } | { ok: false; failure: BootFailure; reason: string };

/** What boot needs from @webcontainer/api (injected in tests). */
export interface WebContainerApi {
  WebContainer: { boot(options?: { coep?: 'require-corp'; workdirName?: string }): Promise<ContainerLike> };
  configureAPIKey(key: string): void;
}

export interface BootOptions {
  timeoutMs: number;
  /** Where required (commercial use), from configuration. */
  apiKey?: string;
  /** `globalThis.crossOriginIsolated` in the page. */
  crossOriginIsolated: boolean;
  load?: () => Promise<WebContainerApi>;
}

/** Short enough that the fallback shows within 5 s of the click. */
export const DEFAULT_BOOT_TIMEOUT_MS = 3500;

const loadApi = async (): Promise<WebContainerApi> => (await import('@webcontainer/api')) as unknown as WebContainerApi;

/** The page's one container; `pageBooter` is the instance the app uses. */
export class Booter {
  private booting: Promise<ContainerLike> | null = null;

  async boot(opts: BootOptions): Promise<BootOutcome> {
    if (!opts.crossOriginIsolated)
      return { ok: false, failure: 'not-isolated', reason: 'This page is not cross-origin isolated (it needs the COOP and COEP headers), so WebContainer cannot start.' };
    if (!this.booting) {
      const attempt = (async () => {
        const api = await (opts.load ?? loadApi)();
        if (opts.apiKey) api.configureAPIKey(opts.apiKey);
        return api.WebContainer.boot({ coep: 'require-corp', workdirName: 'cc-playground' });
      })();
      this.booting = attempt;
      // A failed boot leaves nothing running: the next call may try again.
      attempt.catch(() => {
        if (this.booting === attempt) this.booting = null;
      });
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), opts.timeoutMs)));
    try {
      const r = await Promise.race([this.booting, deadline]);
      if (r === 'timeout')
        return { ok: false, failure: 'timeout', reason: `WebContainer did not start within ${opts.timeoutMs / 1000} s (no network, or StackBlitz could not be reached).` };
      return { ok: true, container: r };
    } catch (e) {
      return { ok: false, failure: 'error', reason: `WebContainer failed to start: ${e instanceof Error ? e.message : String(e)}` };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Tears the container down (if one booted), so a later boot may start a new one. A boot still
   * in flight is kept: WebContainer refuses a second boot() while one is alive. */
  async teardown(): Promise<void> {
    const b = this.booting;
    if (!b) return;
    const c = await Promise.race([b.catch(() => null), new Promise<null>((r) => setTimeout(() => r(null), 0))]);
    if (!c) return;
    this.booting = null;
    c.teardown();
  }
}

export const pageBooter = new Booter();
