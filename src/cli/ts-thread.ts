// A worker thread running one of the CLI's .ts files. A thread does not inherit tsx's loader, and
// registering it in every thread costs each one a loader thread of its own and a cross-thread
// request for every module it loads (measured: a third of a memfs ratchet part's CPU went to
// threads starting up). So an entry point that starts many threads first calls bundleThreads():
// the thread entries are bundled once, with esbuild, into plain JavaScript beside node_modules
// (packages stay imports), and threads load the bundle. Without it, a thread registers tsx.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = join(import.meta.dirname, '../..');
const CACHE = join(ROOT, 'node_modules/.cache/cc-playground-threads');
/** Every file a CLI thread starts from: bundled together, so they share chunks. */
const ENTRIES = ['scenario-thread-entry.ts', 'shell-thread-entry.ts'].map((f) =>
  join(import.meta.dirname, f),
);
/** The folder of the current bundle, handed to every thread (a thread's env is a copy). */
const ENV = 'CCP_THREAD_BUNDLES';
/** Bundles of other sources are removed once they are this old. */
const STALE_MS = 24 * 3600_000;

/** Each source keeps its own location: `new URL('./x', import.meta.url)` and
 * `import.meta.dirname` name its folder, not the bundle's. */
const ownLocation: Plugin = {
  name: 'own-location',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => ({
      loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      contents: readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path)),
    }));
  },
};

/** Bundles the thread entries for this process and the threads it starts. The folder is named by
 * the hash of what was built, so a run with the same sources reuses it and two runs never write
 * over each other. */
export async function bundleThreads(): Promise<void> {
  const out = await build({
    entryPoints: ENTRIES,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir: CACHE,
    outExtension: { '.js': '.mjs' },
    write: false,
    logLevel: 'silent',
    plugins: [ownLocation],
  });
  const hash = createHash('sha256');
  for (const f of out.outputFiles) hash.update(f.path).update(f.contents);
  const dir = join(CACHE, hash.digest('hex').slice(0, 16));
  if (!existsSync(dir)) {
    const tmp = `${dir}.${process.pid}.tmp`;
    for (const f of out.outputFiles) {
      const to = join(tmp, f.path.slice(CACHE.length + 1));
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, f.contents);
    }
    try {
      renameSync(tmp, dir);
    } catch {
      // Another process wrote the same bundle first.
      rmSync(tmp, { recursive: true, force: true });
    }
    prune(dir);
  }
  process.env[ENV] = dir;
}

function prune(keep: string): void {
  for (const name of readdirSync(CACHE)) {
    const p = join(CACHE, name);
    if (p !== keep && Date.now() - statSync(p).mtimeMs > STALE_MS)
      rmSync(p, { recursive: true, force: true });
  }
}

export function tsThread(entry: URL, resourceLimits?: ResourceLimits, workerData?: unknown): Worker {
  const file = fileURLToPath(entry);
  const dir = process.env[ENV];
  if (dir && ENTRIES.includes(file)) {
    const bundle = join(dir, basename(file).replace(/\.ts$/, '.mjs'));
    if (existsSync(bundle)) return new Worker(pathToFileURL(bundle), { resourceLimits, workerData });
  }
  const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, resourceLimits, workerData });
}
