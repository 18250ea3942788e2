// `npm run bench -- scale`: a real project's scale. Generates a tree of about 50,000 files /
// 500 MB on disk (source files, a few large files, a .gitignore'd node_modules), imports it
// into the in-memory workspace, then measures, each figure against its reference in the same
// run: import time; Grep (content, files_with_matches, -i) through ripgrep WASM over memfs vs
// native `rg -j1` on the same tree on disk; Glob likewise; heap vs content size; history
// growth after 100 model calls that each edit one file. Each search figure is the median of
// ITER runs with its spread (lowest–highest); the run names the machine (cores, load at its
// start) and ends with the one `scale:` line, which it leaves out when the load was too high
// for the figures to be trusted (above MAX_LOAD per core; BENCH_MAX_LOAD changes it).
// Heavy (about 1.5 GB of memory, a minute of a core): not part of `npm test`.
import { spawn } from 'node:child_process';
import * as nfs from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMemfsWorkspace } from '../src/backends/memfs';
import { diskEntries } from '../src/backends/import/disk';
import { importEntries } from '../src/backends/import/import';
import { nodeRipgrepLoader } from '../src/backends/search/loader-node';
import { createMemfsSearch } from '../src/backends/search/memfs';
import { BLANK_SCENARIO, PlaygroundSession } from '../src/drivers/composer';
import { journalFor } from '../src/session/journal';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// SCALE=0.02 for a quick look at the bench itself; the figures that count are at 1.
const SCALE = Number(process.env.SCALE ?? 1);
const SOURCE_FILES = Math.round(45_000 * SCALE);
const MODULE_FILES = Math.round(4_995 * SCALE);
const LARGE = 5;
const LARGE_BYTES = Math.round(20 * 2 ** 20 * SCALE);
const ITER = Number(process.env.ITER ?? 7);
const NATIVE = ['/usr/bin/rg', '/usr/local/bin/rg'].find((p) => nfs.existsSync(p));
/** The one-minute load average per core above which the headline is not printed: CPU time
 * too moves with the neighbours (caches, frequency) on a busy machine. */
const MAX_LOAD = Number(process.env.BENCH_MAX_LOAD ?? 1);

const WORDS =
  'const let function return value result index map filter async await import export config handler error'.split(
    ' ',
  );

/** 256 deterministic bodies of about 8 KB; each file is one of them under its own first line. */
function bodies(): string[] {
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  const out: string[] = [];
  for (let b = 0; b < 256; b++) {
    let s = '';
    let line = 0;
    while (s.length < 8_000) {
      line++;
      const parts: string[] = [];
      for (let k = 4 + (rnd() % 10); k > 0; k--) parts.push(WORDS[rnd() % WORDS.length] as string);
      if (rnd() % 97 === 0) parts.push('TODO(perf): revisit');
      s += `${'  '.repeat(rnd() % 4)}${parts.join(' ')}; // ${line}\n`;
    }
    out.push(s);
  }
  return out;
}

const sourcePath = (i: number) =>
  `src/d${Math.floor(i / 500)}/sub${Math.floor(i / 50) % 10}/f${i}.${['ts', 'js', 'py', 'md'][i % 4]}`;

function generate(project: string): { files: number; bytes: number } {
  const body = bodies();
  let files = 0;
  let bytes = 0;
  const put = (rel: string, data: string | Uint8Array) => {
    const abs = join(project, rel);
    nfs.mkdirSync(abs.slice(0, abs.lastIndexOf('/')), { recursive: true });
    nfs.writeFileSync(abs, data);
    files++;
    bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
  };
  // An empty .git makes native rg honour .gitignore as it does in a repository.
  nfs.mkdirSync(join(project, '.git'), { recursive: true });
  put('.gitignore', 'node_modules/\n*.log\n');
  for (let i = 0; i < SOURCE_FILES; i++) put(sourcePath(i), `// file ${i}\n${body[i % 256]}`);
  for (let i = 0; i < LARGE; i++) {
    if (i === 0) {
      const bin = new Uint8Array(LARGE_BYTES);
      for (let k = 0; k < bin.length; k++) bin[k] = (k * 2654435761) >>> 24;
      put('assets/blob.bin', bin);
    } else
      put(
        `data/large${i}.csv`,
        body
          .join('')
          .repeat(Math.ceil(LARGE_BYTES / (256 * 8_000)))
          .slice(0, LARGE_BYTES),
      );
  }
  for (let i = 0; i < MODULE_FILES; i++)
    put(`node_modules/pkg${i % 100}/lib/m${i}.js`, body[i % 256] as string);
  return { files, bytes };
}

/** CPU seconds (user + system) of this process: on a shared machine the wall time says more
 * about the neighbours than about the code, so every figure is measured in CPU time too. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const q = (a: string) => `'${a.replace(/'/g, "'\\''")}'`;
/**
 * Runs native rg from one small shell started before the measurements. Spawning from this
 * process (1.5 GB) forks it, and after each fork every page it writes faults once more
 * (copy-on-write), which was billed to the next wasm run (Glob: 52 ms of CPU alone, 91 ms when
 * each run followed a spawn).
 */
class NativeRunner {
  private readonly proc = spawn('bash', [], { stdio: ['pipe', 'pipe', 'inherit'] });
  private buf = '';
  private waiting: ((out: string) => void) | null = null;
  private static readonly END = '\u0001end';
  constructor() {
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (d: string) => {
      this.buf += d;
      const at = this.buf.indexOf(NativeRunner.END);
      if (at < 0 || !this.waiting) return;
      const out = this.buf.slice(0, at);
      this.buf = this.buf.slice(at + NativeRunner.END.length + 1);
      const w = this.waiting;
      this.waiting = null;
      w(out);
    });
  }
  /** Runs a shell command; resolves with what it printed. */
  private run(cmd: string): Promise<string> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.proc.stdin.write(`${cmd}\nprintf '\\001end\\n'\n`);
    });
  }
  /** rg's output, through a file (it may be tens of MB). */
  async output(rg: string, args: string[], cwd: string, file: string): Promise<string> {
    await this.run(`cd ${q(cwd)} && ${[rg, '-j1', ...args].map(q).join(' ')} > ${q(file)} 2>/dev/null`);
    const text = nfs.readFileSync(file, 'utf8');
    nfs.rmSync(file);
    return text;
  }
  /** rg's own CPU time, from bash's `time` (user + sys). */
  async cpuMs(rg: string, args: string[], cwd: string): Promise<number> {
    const out = await this.run(
      `cd ${q(cwd)} && { TIMEFORMAT='%3U %3S'; time ${[rg, '-j1', ...args].map(q).join(' ')} > /dev/null 2>&1; } 2>&1`,
    );
    const [u, sy] = (out.trim().split('\n').pop() ?? '').split(' ').map(Number);
    return ((u ?? NaN) + (sy ?? NaN)) * 1000;
  }
  close(): void {
    this.proc.stdin.end();
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
/** Median and spread of repeated timings: `120 ms (110–135, 7 runs)`. */
const spread = (xs: number[]) =>
  `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}, ${xs.length} runs)`;
const mb = (n: number) => (n / 2 ** 20).toFixed(1);
/** Live bytes of the process: the JS heap plus buffers and wasm memory outside it. */
function live(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

async function main(): Promise<void> {
  // SCALE_TREE=<dir> keeps the generated tree there for the next run (iterating on the code);
  // without it the tree lives in a temp dir removed at the end.
  const kept = process.env.SCALE_TREE;
  const root = kept ?? nfs.realpathSync(nfs.mkdtempSync(join(tmpdir(), 'cc-bench-scale-')));
  const project = join(root, 'project');
  let native: NativeRunner | null = null;
  const cleanup = () => {
    if (!kept) nfs.rmSync(root, { recursive: true, force: true });
  };
  // A stopped bench (timeout, Ctrl-C) still removes its half-gigabyte tree.
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.on(sig, () => {
      cleanup();
      process.exit(130);
    });
  const cores = availableParallelism();
  const load = loadavg()[0] as number;
  const busy = load / cores > MAX_LOAD;
  console.log(
    `machine: ${cores} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at start${busy ? ` (more than ${MAX_LOAD} a core: too busy to trust the figures)` : ''}`,
  );
  try {
    let t = performance.now();
    const done = join(root, `generated-${SCALE}`);
    if (kept && nfs.existsSync(done)) console.log(`tree on disk: reused ${project}`);
    else {
      nfs.rmSync(root, { recursive: true, force: true });
      const made = generate(project);
      if (kept) nfs.writeFileSync(done, '');
      console.log(
        `tree on disk: ${made.files} files, ${mb(made.bytes)} MiB, written in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    }

    // Started while this process is small (see NativeRunner).
    native = NATIVE ? new NativeRunner() : null;
    await nodeRipgrepLoader();
    const before = live();
    const ws = createMemfsWorkspace({ search: (vol) => createMemfsSearch(vol, nodeRipgrepLoader) });
    t = performance.now();
    const c0 = cpu();
    const report = await importEntries(ws, diskEntries(project));
    const importCpuS = cpu() - c0;
    const importS = (performance.now() - t) / 1000;
    const afterImport = live();
    console.log(
      `import: ${report.files} files, ${mb(report.bytes)} MiB in ${importCpuS.toFixed(1)} s of CPU (${importS.toFixed(1)} s wall) (${report.skipped} left out by .gitignore)`,
    );
    const memRatio = (afterImport - before) / report.bytes;
    console.log(
      `memory: +${mb(afterImport - before)} MiB for ${mb(report.bytes)} MiB of content (${memRatio.toFixed(2)}x)`,
    );

    const cwd = ws.info.cwd;
    const grepArgs = [
      { name: 'Grep content', args: ['-n', '--hidden', '--max-columns', '500', '-e', 'TODO\\(perf\\)'] },
      {
        name: 'Grep files_with_matches',
        args: ['-l', '--hidden', '--max-columns', '500', '-e', 'TODO\\(perf\\)'],
      },
      { name: 'Grep -i', args: ['-l', '-i', '--hidden', '--max-columns', '500', '-e', 'HANDLER\\s+error'] },
    ];
    // What the Glob tool runs (src/tools/glob: --no-ignore and --hidden by default).
    const globArgs = [
      { name: 'Glob **/*.ts', args: ['--files', '--glob', '**/*.ts', '--no-ignore', '--hidden'] },
    ];
    const ratios: Record<'grep' | 'glob', number[]> = { grep: [], glob: [] };
    const oursCpuMs = async (args: string[]): Promise<number> => {
      const s = cpu();
      await ws.search.run([...args, cwd], { cwd });
      return (cpu() - s) * 1000;
    };
    for (const [kind, list] of [
      ['grep', grepArgs],
      ['glob', globArgs],
    ] as const)
      for (const w of list) {
        const ours = await ws.search.run([...w.args, cwd], { cwd });
        if (!NATIVE) {
          const tm: number[] = [];
          for (let k = 0; k < ITER; k++) tm.push(await oursCpuMs(w.args));
          console.log(`${w.name}: ${spread(tm)} of CPU (no native rg to compare with)`);
          continue;
        }
        const nativeOut = await native!.output(
          NATIVE,
          [...w.args, project],
          project,
          join(root, 'native.out'),
        );
        // Interleaved, on the same core (this process's affinity is inherited by rg), so a
        // neighbour's burst weighs on both sides alike; the median of each side counts.
        const tm: number[] = [];
        const tn: number[] = [];
        for (let k = 0; k < ITER; k++) {
          tm.push(await oursCpuMs(w.args));
          tn.push(await native!.cpuMs(NATIVE, [...w.args, project], project));
        }
        const norm = (s: string, base: string) => s.split(base).join('$ROOT').split('\n').sort().join('\n');
        const same = norm(ours.stdout, cwd) === norm(nativeOut, project);
        const r = median(tm) / median(tn);
        ratios[kind].push(r);
        console.log(
          `${w.name}: wasm/memfs ${spread(tm)}, native rg -j1 ${spread(tn)} of CPU (${r.toFixed(2)}x the medians), same output: ${same}`,
        );
      }

    // 100 model calls, each reading and editing one file of the imported project.
    const s = await PlaygroundSession.open(() => ws, 'scale', {
      ...BLANK_SCENARIO,
      mode: 'bypassPermissions',
    });
    await s.run([{ name: 'Read', input: { file_path: `${cwd}/${sourcePath(0)}`, limit: 1 } }]);
    const historyBefore = live();
    t = performance.now();
    for (let i = 1; i <= 100; i++) {
      const k = (i * 97) % SOURCE_FILES;
      const file = `${cwd}/${sourcePath(k)}`;
      const rec = await s.run([
        { name: 'Read', input: { file_path: file, limit: 1 } },
        {
          name: 'Edit',
          input: { file_path: file, old_string: `// file ${k}\n`, new_string: `// file ${k} (edited)\n` },
        },
      ]);
      if (rec.calls.some((c) => c.rendered.is_error))
        throw new Error(
          `model call ${i} failed: ${JSON.stringify(rec.calls.map((c) => c.rendered.content))}`,
        );
    }
    const historyMb = (live() - historyBefore) / 2 ** 20;
    const changes = ws.changes;
    const held = changes ? journalFor(changes, ws.info.root).heldBytes() : NaN;
    console.log(
      `history: +${historyMb.toFixed(1)} MiB after 100 model calls (${((performance.now() - t) / 1000).toFixed(1)} s; the journal holds ${mb(held)} MiB of file states)`,
    );
    // Time travel still reads the first call's tree.
    const first = s.history[1]?.filesBefore?.get(`${cwd}/${sourcePath(97)}`);
    if (
      !(first instanceof Uint8Array) ||
      !new TextDecoder().decode(first.subarray(0, 20)).startsWith('// file 97\n')
    )
      throw new Error('time travel to the first edit lost its file');

    const worst = (xs: number[]) => (xs.length ? Math.max(...xs).toFixed(2) : 'n/a (no native rg)');
    const endLoad = loadavg()[0] as number;
    console.log(
      `machine: load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the end`,
    );
    if (busy || endLoad / cores > MAX_LOAD)
      console.log(
        `scale: not printed: the load average was ${load.toFixed(2)} at the start and ${endLoad.toFixed(2)} at the end on ${cores} cores (at most ${MAX_LOAD} a core; BENCH_MAX_LOAD to change)`,
      );
    else
      console.log(
        `scale: import ${importCpuS.toFixed(1)} s, grep ${worst(ratios.grep)}x native rg -j1, glob ${worst(ratios.glob)}x, memory ${memRatio.toFixed(2)}x content, history +${historyMb.toFixed(1)} MB after 100 model calls`,
      );
    await ws.dispose();
  } finally {
    native?.close();
    cleanup();
  }
}

await main();
