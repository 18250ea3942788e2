// Where the ripgrep wasm comes from. The browser fetches a gzip asset (emitted by Vite from
// `new URL(..., import.meta.url)`, so it stays out of the initial bundle and loads on first
// search) and inflates it with the native DecompressionStream: the npm package ships the wasm
// brotli-compressed, and browsers have no brotli decoder API. Node decodes the package directly.

import type { RipgrepModuleLoader } from './run';

let browserCached: Promise<WebAssembly.Module> | null = null;

async function fetchWasm(): Promise<WebAssembly.Module> {
  const res = await fetch(new URL('./rg.wasm.gz', import.meta.url));
  if (!res.ok || !res.body) throw new Error(`ripgrep wasm: HTTP ${res.status}`);
  let bytes = new Uint8Array(await res.arrayBuffer());
  // A server that labels .gz as Content-Encoding: gzip has already inflated it.
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  return WebAssembly.compile(bytes);
}

export const browserRipgrepLoader: RipgrepModuleLoader = () => {
  browserCached ??= fetchWasm().catch((e: unknown) => {
    browserCached = null;
    throw e;
  });
  return browserCached;
};

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

/** Node (CLI, tests): decode from the ripgrep package; browser: the lazy asset. */
export function defaultRipgrepLoader(): RipgrepModuleLoader {
  if (!isNode()) return browserRipgrepLoader;
  return () => import('./loader-node').then((m) => m.nodeRipgrepLoader());
}
