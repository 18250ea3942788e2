// Runs inside the WebContainer (plain Node): ripgrep's wasm (npm `ripgrep`, the same build the
// other backends run) through the package's own node:fs WASI shim. stdout, stderr and the exit
// code go to files, because the container's process output is a terminal (merged, CRLF).
// Usage: node rg.mjs <job.json>
// job: { args, env, preopens: {guestName: hostPath}, stdout, stderr, code }
/* global WebAssembly */
import { Buffer } from 'node:buffer';
import * as fs from 'node:fs';
import * as path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { createWasi } from './_wasi.mjs';

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const here = path.dirname(fileURLToPath(import.meta.url));
const out = [];
const err = [];
const wasi = createWasi({
  args: ['rg', ...job.args],
  env: job.env,
  preopens: job.preopens,
  stdout: { write: (c) => out.push(Buffer.from(c)) },
  stderr: { write: (c) => err.push(Buffer.from(c)) },
  returnOnExit: true,
});
const module = await WebAssembly.compile(fs.readFileSync(path.join(here, 'rg.wasm')));
const instance = await WebAssembly.instantiate(module, wasi.imports);
const code = await wasi.start(instance);
fs.writeFileSync(job.stdout, Buffer.concat(out));
fs.writeFileSync(job.stderr, Buffer.concat(err));
fs.writeFileSync(job.code, String(code ?? 0));
