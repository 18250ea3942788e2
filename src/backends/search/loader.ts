// Where the browser gets ripgrep's wasm: a gzip asset (emitted by Vite from
// `new URL(..., import.meta.url)`, so it stays out of the initial bundle and loads on the first
// search), inflated with the native DecompressionStream. The npm package ships the wasm
// brotli-compressed and browsers have no brotli decoder API, hence our own gzip copy
// (gen-wasm-asset.ts; wasm-asset.test.ts keeps it equal to the package). Node uses
// loader-node.ts instead; this file imports nothing from node:*, so the browser graph has none.

import type { RipgrepModuleLoader } from './run';
import { exportGlobals } from './wasm-globals';

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
  return WebAssembly.compile(exportGlobals(bytes));
}

export const browserRipgrepLoader: RipgrepModuleLoader = () => {
  browserCached ??= fetchWasm().catch((e: unknown) => {
    browserCached = null;
    throw e;
  });
  return browserCached;
};
