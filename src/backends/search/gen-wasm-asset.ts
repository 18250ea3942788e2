// Regenerates rg.wasm.gz (the browser's copy of ripgrep's wasm) from the installed ripgrep
// package: `npx tsx src/backends/search/gen-wasm-asset.ts`. wasm-asset.test.ts fails when the
// committed asset no longer matches the package.

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ripgrepWasmBytes } from './loader-node';

const out = fileURLToPath(new URL('./rg.wasm.gz', import.meta.url));
const gz = gzipSync(await ripgrepWasmBytes(), { level: 9 });
writeFileSync(out, gz);
console.log(`wrote ${out} (${gz.length} bytes)`);
