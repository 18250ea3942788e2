// The browser side of the WebContainer backend, loaded with a dynamic import only when the person
// picks WebContainer: the guest files (as Vite assets), the boot, the workspace factory.
import type { Clock, Workspace } from '../../workspace/types';
import { runPageContract } from './contract-page';
import { DEFAULT_BOOT_TIMEOUT_MS, pageBooter, type BootOutcome } from './boot';
import { createWebContainerWorkspace, type GuestFiles } from './workspace';
import syncSource from './guest/sync.mjs?raw';
import rgSource from './guest/rg.mjs?raw';
import wasiSource from '../../../node_modules/ripgrep/lib/_wasi.mjs?raw';

async function inflate(url: URL): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`ripgrep wasm: HTTP ${res.status}`);
  let bytes = new Uint8Array(await res.arrayBuffer());
  // A server that labels .gz as Content-Encoding: gzip has already inflated it.
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  return bytes;
}

let guest: Promise<GuestFiles> | null = null;
export function browserGuestFiles(): Promise<GuestFiles> {
  guest ??= inflate(new URL('../search/rg.wasm.gz', import.meta.url))
    .then((wasm) => ({ sync: syncSource, rg: rgSource, wasi: wasiSource, wasm }))
    .catch((e: unknown) => {
      guest = null;
      throw e;
    });
  return guest;
}

export type WebContainerChoice = { ok: true; makeWorkspace: (clock?: Clock) => Workspace } | { ok: false; reason: string };

/** Boots (once per page) and returns a workspace factory, or why it could not. */
export async function chooseWebContainer(opts: { timeoutMs?: number; apiKey?: string } = {}): Promise<WebContainerChoice> {
  const r: BootOutcome = await pageBooter.boot({
    timeoutMs: opts.timeoutMs ?? DEFAULT_BOOT_TIMEOUT_MS,
    apiKey: opts.apiKey,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
  });
  if (!r.ok) return { ok: false, reason: r.reason };
  const container = r.container;
  const makeWorkspace = (clock?: Clock) => createWebContainerWorkspace(container, { guest: browserGuestFiles, clock });
  // For e2e/webcontainer.spec.ts: the Workspace contract against the real container.
  Object.assign(globalThis, { __ccWebContainerContract: () => runPageContract(makeWorkspace) });
  return { ok: true, makeWorkspace };
}

/** Back to the in-memory workspace: frees the container so a later choice boots afresh. */
export function leaveWebContainer(): Promise<void> {
  return pageBooter.teardown();
}
