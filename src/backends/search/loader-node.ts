// Node: decode the wasm shipped (z85 + brotli) in the ripgrep package with node:zlib, once per
// process, and cache the compiled module (its globals exported, for run.ts' reuse).

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { exportGlobals } from './wasm-globals';

let cached: Promise<WebAssembly.Module> | null = null;

/** The raw wasm bytes of the installed ripgrep package. */
export async function ripgrepWasmBytes(): Promise<Uint8Array<ArrayBuffer>> {
  const index = createRequire(import.meta.url).resolve('ripgrep');
  const mod = (await import(pathToFileURL(join(dirname(index), '_rg.wasm.mjs')).href)) as {
    getCompressedBytes: () => Uint8Array;
  };
  return new Uint8Array(brotliDecompressSync(mod.getCompressedBytes())) as Uint8Array<ArrayBuffer>;
}

export function nodeRipgrepLoader(): Promise<WebAssembly.Module> {
  cached ??= ripgrepWasmBytes().then((bytes) => WebAssembly.compile(exportGlobals(bytes)));
  return cached;
}
