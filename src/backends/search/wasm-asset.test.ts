// The browser's gzip copy of ripgrep's wasm must be the installed package's wasm, byte for byte.
// If this fails after a ripgrep upgrade: npx tsx src/backends/search/gen-wasm-asset.ts

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { ripgrepWasmBytes } from './loader-node';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

it('rg.wasm.gz matches the ripgrep package', async () => {
  const asset = gunzipSync(readFileSync(fileURLToPath(new URL('./rg.wasm.gz', import.meta.url))));
  const pkg = await ripgrepWasmBytes();
  expect({ bytes: asset.length, sha256: sha(asset) }).toEqual({ bytes: pkg.length, sha256: sha(pkg) });
});
