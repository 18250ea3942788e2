// Cross-origin isolation on hosts that cannot send COOP/COEP: a page that is not isolated
// registers public/coi-sw.js, which adds the headers to every response of the site from the next
// load on. A page the host already isolates (vite dev and preview, a host with the headers)
// registers nothing.
export type Isolation = 'isolated' | 'registered' | 'unsupported';

export interface IsolationEnv {
  crossOriginIsolated: boolean;
  isSecureContext: boolean;
  serviceWorker?: Pick<ServiceWorkerContainer, 'register'>;
}

export async function ensureIsolation(base: string, env: IsolationEnv): Promise<Isolation> {
  if (env.crossOriginIsolated) return 'isolated';
  if (!env.isSecureContext || !env.serviceWorker) return 'unsupported';
  try {
    await env.serviceWorker.register(`${base}coi-sw.js`, { scope: base });
    return 'registered';
  } catch {
    return 'unsupported';
  }
}

export const pageIsolationEnv = (): IsolationEnv => ({
  crossOriginIsolated: globalThis.crossOriginIsolated === true,
  isSecureContext: globalThis.isSecureContext === true,
  serviceWorker: typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined,
});
