// Tests only (Node): the guest files read from the source tree and the ripgrep package.
import { readFileSync } from 'node:fs';
import { ripgrepWasmBytes } from '../search/loader-node';
import type { GuestFiles } from './workspace';

let wasm: Promise<Uint8Array> | null = null;

export async function nodeGuestFiles(): Promise<GuestFiles> {
  wasm ??= ripgrepWasmBytes();
  return {
    sync: readFileSync(new URL('./guest/sync.mjs', import.meta.url), 'utf8'),
    rg: readFileSync(new URL('./guest/rg.mjs', import.meta.url), 'utf8'),
    wasi: readFileSync(new URL('../../../node_modules/ripgrep/lib/_wasi.mjs', import.meta.url), 'utf8'),
    wasm: await wasm,
  };
}
