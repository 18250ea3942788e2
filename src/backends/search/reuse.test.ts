// One ripgrep instance serves many runs (run.ts puts its memory and globals back after each):
// every run must print what a fresh instance prints, whatever ran before it (a run that
// failed, one that was aborted half way, one whose output passed the cap).

import { Volume } from 'memfs';
import { afterEach, expect, it, vi } from 'vitest';
import { nodeRipgrepLoader, ripgrepWasmBytes } from './loader-node';
import { memfsSyncFs } from './memfs';
import { runRipgrep, type RunOptions } from './run';
import { exportGlobals, globalExportName } from './wasm-globals';

afterEach(() => {
  vi.restoreAllMocks();
});

function tree(): Volume {
  const vol = new Volume();
  vol.mkdirSync('/p/src/deep', { recursive: true });
  vol.writeFileSync('/p/.gitignore', 'build/\n');
  vol.mkdirSync('/p/build');
  vol.writeFileSync('/p/build/out.js', 'hello build\n');
  vol.writeFileSync('/p/src/a.ts', 'const hello = 1;\nexport default hello;\n');
  vol.writeFileSync('/p/src/b.py', 'print("Hello")\n');
  vol.writeFileSync('/p/src/deep/c.ts', 'HELLO world\nnothing\n');
  vol.writeFileSync('/p/naïve.md', '# hello café\n');
  for (let i = 0; i < 40; i++) vol.writeFileSync(`/p/src/deep/n${i}.txt`, `line ${i} hello\n`.repeat(20));
  return vol;
}

const RUNS: string[][] = [
  ['-n', '--hidden', '-e', 'hello', '/p'],
  ['-l', '-i', '--hidden', '-e', 'HELLO', '/p'],
  ['--files', '--glob', '**/*.ts', '--no-ignore', '--hidden', '/p'],
  ['-c', '-e', 'line \\d+', '/p/src'],
  ['-n', '-e', '(unclosed', '/p'],
  ['--files', '--sort', 'path', '/p'],
];

it('prints in every run what a fresh instance prints, and instantiates once', async () => {
  const module = await nodeRipgrepLoader();
  const fs = memfsSyncFs(tree());
  const opts: RunOptions = { cwd: '/p' };
  // A fresh instance per run: a module compiled without the global exports cannot be reused.
  const plain = await WebAssembly.compile(await ripgrepWasmBytes());
  const fresh = [];
  for (const args of RUNS) fresh.push(await runRipgrep(plain, fs, args, opts));

  // Warm the reusable instance, then count instantiations over the whole sequence.
  await runRipgrep(module, fs, ['--version'], opts);
  const instantiate = vi.spyOn(WebAssembly, 'instantiate');
  const reused = [];
  for (const args of RUNS) reused.push(await runRipgrep(module, fs, args, opts));
  // Again, after an aborted run and a run cut by the output cap.
  const abort = new AbortController();
  let reads = 0;
  const aborting = {
    ...fs,
    openRead(p: string) {
      if (++reads === 5) abort.abort(new Error('stop'));
      return fs.openRead(p);
    },
  };
  await expect(
    runRipgrep(module, aborting, ['-n', 'hello', '/p'], { ...opts, signal: abort.signal }),
  ).rejects.toThrow('stop');
  await runRipgrep(module, fs, ['-n', 'hello', '/p'], { ...opts, outputCapBytes: 10 });
  const again = [];
  for (const args of RUNS) again.push(await runRipgrep(module, fs, args, opts));

  expect(reused).toEqual(fresh);
  expect(again).toEqual(fresh);
  expect(instantiate).not.toHaveBeenCalled();
  expect(fresh[4]!.code).toBe(2);
});

it('exports every global the module defines, after its own exports', async () => {
  const module = await WebAssembly.compile(exportGlobals(await ripgrepWasmBytes()));
  expect(WebAssembly.Module.exports(module)).toEqual([
    { name: 'memory', kind: 'memory' },
    { name: '_start', kind: 'function' },
    { name: '__main_void', kind: 'function' },
    { name: globalExportName(0), kind: 'global' },
    { name: globalExportName(1), kind: 'global' },
  ]);
});

it('exports globals by their index after the imported ones', async () => {
  // (module (import "m" "g" (global i32)) (global (mut i32) (i32.const 7)) (export "x" (memory 0)) (memory 1))
  const bytes = new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    // import section: 1 import, "m" "g" global i32 immutable
    0x02, 0x08, 0x01, 0x01, 0x6d, 0x01, 0x67, 0x03, 0x7f, 0x00,
    // memory section: 1 memory, min 1
    0x05, 0x03, 0x01, 0x00, 0x01,
    // global section: 1 global, mut i32 = 7
    0x06, 0x06, 0x01, 0x7f, 0x01, 0x41, 0x07, 0x0b,
    // export section: "x" memory 0
    0x07, 0x05, 0x01, 0x01, 0x78, 0x02, 0x00,
  ]);
  const { instance } = await WebAssembly.instantiate(exportGlobals(bytes), { m: { g: 3 } });
  const g = instance.exports[globalExportName(0)] as WebAssembly.Global;
  expect({ exports: Object.keys(instance.exports), value: g.value }).toEqual({
    exports: ['x', globalExportName(0)],
    value: 7,
  });
});
