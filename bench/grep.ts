// Grep/Glob through ripgrep's wasm over memfs vs native `rg -j1` on the same tree on disk.
// Budget (DESIGN §5): Grep within 3x native. Run: npx tsx bench/grep.ts [files] [iterations]

import { spawnSync } from 'node:child_process';
import * as nfs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Volume } from 'memfs';
import { createDiskSearch } from '../src/backends/search/disk';
import { nodeRipgrepLoader } from '../src/backends/search/loader-node';
import { createMemfsSearch } from '../src/backends/search/memfs';

const FILES = Number(process.argv[2] ?? 10_000);
const ITER = Number(process.argv[3] ?? 5);
const FILE_BYTES = 4_000;
const NATIVE = '/usr/bin/rg';

/** Deterministic pseudo-random source text: 10,000 files x 4 KB ~ 40 MB. */
function makeFile(i: number): string {
  let seed = i * 2654435761;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  const words = [
    'const',
    'let',
    'function',
    'return',
    'value',
    'result',
    'index',
    'map',
    'filter',
    'async',
    'await',
    'import',
    'export',
    'config',
    'handler',
    'error',
  ];
  let out = '';
  let line = 0;
  while (out.length < FILE_BYTES) {
    line++;
    const n = 4 + (rnd() % 10);
    const parts: string[] = [];
    for (let k = 0; k < n; k++) parts.push(words[rnd() % words.length]!);
    if (rnd() % 97 === 0) parts.push('TODO(perf): revisit');
    out += `${'  '.repeat(rnd() % 4)}${parts.join(' ')}; // ${line}\n`;
  }
  return out;
}

function relPath(i: number): string {
  const ext = ['ts', 'js', 'py', 'md'][i % 4];
  return `src/d${Math.floor(i / 500)}/sub${Math.floor(i / 50) % 10}/f${i}.${ext}`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function time(fn: () => Promise<unknown> | unknown): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function main(): Promise<void> {
  if (!nfs.existsSync(NATIVE)) spawnSync('apt-get', ['install', '-y', 'ripgrep'], { stdio: 'inherit' });
  const haveNative = nfs.existsSync(NATIVE);

  const root = nfs.realpathSync(nfs.mkdtempSync(join(tmpdir(), 'cc-bench-grep-')));
  const project = `${root}/project`;
  const vol = new Volume();
  let bytes = 0;
  const t0 = performance.now();
  for (let i = 0; i < FILES; i++) {
    const rel = relPath(i);
    const text = makeFile(i);
    bytes += text.length;
    const dir = `${project}/${rel.slice(0, rel.lastIndexOf('/'))}`;
    nfs.mkdirSync(dir, { recursive: true });
    nfs.writeFileSync(`${project}/${rel}`, text);
    vol.mkdirSync(dir, { recursive: true });
    vol.writeFileSync(`${project}/${rel}`, text);
  }
  nfs.mkdirSync(`${project}/.git`);
  vol.mkdirSync(`${project}/.git`);
  console.log(
    `tree: ${FILES} files, ${(bytes / 1e6).toFixed(1)} MB, built in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const t1 = performance.now();
  await nodeRipgrepLoader();
  console.log(`wasm decode + compile: ${(performance.now() - t1).toFixed(0)} ms (once per process)`);

  const memfs = createMemfsSearch(vol, nodeRipgrepLoader);
  const disk = createDiskSearch(nodeRipgrepLoader);
  // What the Grep and Glob tools run (see src/tools/grep, src/tools/glob).
  const workloads: { name: string; args: string[] }[] = [
    {
      name: 'Grep content',
      args: ['-n', '--hidden', '--max-columns', '500', '-e', 'TODO\\(perf\\)', project],
    },
    {
      name: 'Grep files_with_matches',
      args: ['-l', '--hidden', '--max-columns', '500', '-e', 'TODO\\(perf\\)', project],
    },
    { name: 'Grep regex -i', args: ['-c', '-i', '--hidden', '-e', 'handler\\s+error', project] },
    { name: 'Glob **/*.ts', args: ['--files', '--glob', '**/*.ts', '--no-ignore', '--hidden', project] },
  ];

  const rows: string[][] = [
    [
      'workload',
      'wasm/memfs ms',
      'wasm/disk ms',
      'native -j1 ms',
      'memfs/native',
      'disk/native',
      'same output',
    ],
  ];
  for (const w of workloads) {
    const opts = { cwd: project };
    const m = await memfs.run(w.args, opts);
    const d = await disk.run(w.args, opts);
    const n = haveNative
      ? spawnSync(NATIVE, ['-j1', ...w.args], {
          cwd: project,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          maxBuffer: 1 << 28,
        })
      : null;
    const sortLines = (s: string) => s.split('\n').sort().join('\n');
    const same = n
      ? sortLines(m.stdout) === sortLines(n.stdout) && sortLines(d.stdout) === sortLines(n.stdout)
      : m.stdout === d.stdout;
    const tm: number[] = [];
    const td: number[] = [];
    const tn: number[] = [];
    for (let k = 0; k < ITER; k++) {
      tm.push(await time(() => memfs.run(w.args, opts)));
      td.push(await time(() => disk.run(w.args, opts)));
      if (haveNative)
        tn.push(
          await time(() =>
            spawnSync(NATIVE, ['-j1', ...w.args], { cwd: project, stdio: ['ignore', 'ignore', 'ignore'] }),
          ),
        );
    }
    const [mm, dd, nn] = [median(tm), median(td), haveNative ? median(tn) : NaN];
    rows.push([
      w.name,
      mm.toFixed(0),
      dd.toFixed(0),
      nn.toFixed(0),
      (mm / nn).toFixed(2) + 'x',
      (dd / nn).toFixed(2) + 'x',
      String(same),
    ]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) console.log(r.map((x, c) => x.padEnd(widths[c]!)).join('  '));
  if (!haveNative) console.log('native rg not available: ratios are NaN');
  nfs.rmSync(root, { recursive: true, force: true });
}

await main();
