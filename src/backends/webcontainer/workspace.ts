// The WebContainer backend (DESIGN §3.1): the tools work on a memfs mirror of the container's
// workdir (vfs.ts); Bash runs in the container through jsh, ripgrep runs there as a Node program
// (guest/rg.mjs), and the two trees are synced around each command, bytes exact.
import { Volume } from 'memfs';
import type { Clock, Search, SearchResult, Shell, ShellResult, Workspace, WorkspaceInfo } from '../../workspace/types';
import { deterministicClock } from '../clock';
import { memfsSyncFs } from '../search/memfs';
import { anchorGlobsAtCwd, guestPreopens } from '../search/run';
import { nativeOsErrors } from '../search/wasi';
import type { ContainerLike, ContainerProcess } from './container';
import { containerFsError } from './errors';
import { diffManifests, parseManifest, type Manifest } from './manifest';
import { terminalToText } from './terminal';
import { MirrorVfs } from './vfs';

/** The scripts and wasm the adapter installs in the container. */
export interface GuestFiles {
  /** guest/sync.mjs */
  sync: string;
  /** guest/rg.mjs */
  rg: string;
  /** ripgrep's lib/_wasi.mjs (the package's node:fs WASI shim). */
  wasi: string;
  /** ripgrep's wasm, uncompressed. */
  wasm: Uint8Array;
}

export interface WebContainerWorkspaceOptions {
  guest: () => Promise<GuestFiles>;
  clock?: Clock;
}

/** Where the guest files live, under the workdir; never part of the workspace tree. */
export const GUEST_DIR = '.cc-playground';

export const WEBCONTAINER_NOTES = {
  shell:
    "On WebContainer, Bash runs through the container's jsh (spawn): stdout and stderr arrive merged as one terminal stream, so everything is reported as stdout (the terminal's CRLF line endings undone); jsh knows fewer commands than bash and words its errors its own way.",
  search: 'On WebContainer, ripgrep 15 (the same wasm build) runs as a Node program inside the container.',
};

/** Wraps a command so the shell records its working directory after a success, as Claude Code's
 * `eval <cmd> < /dev/null && pwd -P >| <file>` does. */
type Wrapper = (command: string, cwdFile: string) => string;

/** From closest to Claude Code's to plainest; the first the container's jsh runs correctly wins. */
export const WRAPPERS: Wrapper[] = [
  (c, f) => `{ ${c}\n} < /dev/null && pwd -P > '${f}'`,
  (c, f) => `{ ${c}\n} && pwd > '${f}'`,
];

/** One per container: which workspace's files the container holds, the guest install, a queue. */
interface ContainerState {
  owner: symbol | null;
  guest: Promise<void> | null;
  /** The command wrapper this container's jsh accepts (probed once), or null for none. */
  wrapper: Promise<Wrapper | null> | null;
  queue: Promise<unknown>;
  jobs: number;
}
const states = new WeakMap<ContainerLike, ContainerState>();

function stateOf(c: ContainerLike): ContainerState {
  let s = states.get(c);
  if (!s) states.set(c, (s = { owner: null, guest: null, wrapper: null, queue: Promise.resolve(), jobs: 0 }));
  return s;
}

async function readAll(stream: ReadableStream<string>, sink: string[]): Promise<void> {
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    sink.push(value);
  }
}

const dec = new TextDecoder();

export interface WebContainerWorkspace extends Workspace {
  fs: MirrorVfs;
  vol: Volume;
  container: ContainerLike;
}

/** Synchronous, like the memfs factory: the container work happens on the first command. */
export function createWebContainerWorkspace(container: ContainerLike, opts: WebContainerWorkspaceOptions): WebContainerWorkspace {
  const clock = opts.clock ?? deterministicClock();
  const root = container.workdir.replace(/\/+$/, '');
  const info: WorkspaceInfo = { root, cwd: `${root}/project`, home: `${root}/home`, tmp: `${root}/tmp`, platform: 'linux', backend: 'webcontainer', notes: WEBCONTAINER_NOTES };
  const vol = new Volume();
  for (const d of [info.cwd, info.home, info.tmp]) vol.mkdirSync(d, { recursive: true });
  const fs = new MirrorVfs(vol, clock);
  const state = stateOf(container);
  const me = Symbol('workspace');
  const guestDir = `${root}/${GUEST_DIR}`;
  /** The container's tree as last listed; null when unknown (before the first push). */
  let baseline: Manifest | null = null;

  /** Container fs API paths are relative to the workdir. */
  const api = (abs: string) => (abs === root ? '/' : abs.startsWith(`${root}/`) ? abs.slice(root.length) : abs);
  /** spawn's cwd is relative to the workdir: written without a leading slash to leave no doubt. */
  const spawnCwd = (abs: string) => (abs === root ? '.' : abs.startsWith(`${root}/`) ? abs.slice(root.length + 1) : abs);
  const coded =
    <A extends unknown[], T>(syscall: string, f: (path: string, ...a: A) => Promise<T>) =>
    async (abs: string, ...a: A): Promise<T> => {
      try {
        return await f(api(abs), ...a);
      } catch (e) {
        throw containerFsError(e, syscall, abs);
      }
    };
  /** The container's fs API on absolute paths, with errors as FsError. */
  const cfs = {
    readFile: coded('read', (p) => container.fs.readFile(p)),
    writeFile: coded('open', (p, d: Uint8Array | string) => container.fs.writeFile(p, d)),
    mkdir: coded('mkdir', (p) => container.fs.mkdir(p, { recursive: true })),
    rm: coded('rm', (p) => container.fs.rm(p, { force: true, recursive: true })),
  };

  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const run = state.queue.then(f, f);
    state.queue = run.catch(() => undefined);
    return run;
  };

  const installGuest = () =>
    (state.guest ??= (async () => {
      const g = await opts.guest();
      await cfs.mkdir(`${guestDir}/jobs`);
      await cfs.writeFile(`${guestDir}/sync.mjs`, g.sync);
      await cfs.writeFile(`${guestDir}/rg.mjs`, g.rg);
      await cfs.writeFile(`${guestDir}/_wasi.mjs`, g.wasi);
      await cfs.writeFile(`${guestDir}/rg.wasm`, g.wasm);
    })().catch((e: unknown) => {
      state.guest = null;
      throw e;
    }));

  const finish = async (proc: ContainerProcess): Promise<{ code: number; output: string }> => {
    const chunks: string[] = [];
    const reading = readAll(proc.output, chunks);
    const code = await proc.exit;
    await reading.catch(() => undefined);
    return { code, output: chunks.join('') };
  };

  /** Runs a guest script on a JSON job; returns the job file's base name for its outputs. */
  const guestRun = async (script: 'sync.mjs' | 'rg.mjs', job: (base: string) => object): Promise<string> => {
    const base = `${guestDir}/jobs/${++state.jobs}`;
    await cfs.writeFile(`${base}.json`, JSON.stringify(job(base)));
    const r = await finish(await container.spawn('node', [`${guestDir}/${script}`, `${base}.json`], { cwd: '.' }));
    if (r.code !== 0) throw new Error(`${script} exited with ${r.code}: ${terminalToText(r.output).trim()}`);
    return base;
  };

  type Op = { op: 'symlink'; path: string; target: string } | { op: 'chmod'; path: string; mode: number } | { op: 'utimes'; path: string; mtimeMs: number };

  const sync = async (ops: Op[]): Promise<Manifest> => {
    const base = await guestRun('sync.mjs', (b) => ({ root, skip: [GUEST_DIR], ops, manifest: `${b}.manifest.json` }));
    const m = parseManifest(dec.decode(await cfs.readFile(`${base}.manifest.json`)));
    await Promise.all([cfs.rm(`${base}.json`), cfs.rm(`${base}.manifest.json`)]);
    return m;
  };

  /** The mirror's changes into the container. */
  const push = async (): Promise<void> => {
    await installGuest();
    let known = baseline;
    let paths: string[];
    if (state.owner !== me || !known) {
      // Another workspace (or none) filled the container: start from an empty workdir.
      state.owner = me;
      const listing = await sync([]);
      for (const p of listing.keys()) if (p.split('/').length === root.split('/').length + 1) await cfs.rm(p);
      known = new Map();
      paths = (await fs.inner.readdir(root)).map((n) => `${root}/${n}`);
    } else {
      if (fs.dirty.size === 0) return;
      const sorted = [...fs.dirty].sort();
      paths = sorted.filter((p) => !sorted.some((q) => q !== p && p.startsWith(`${q}/`)));
    }
    fs.dirty.clear();
    const ops: Op[] = [];
    const ensured = new Set<string>();
    const pushPath = async (p: string): Promise<void> => {
      const had = known.get(p);
      let st;
      try {
        st = await fs.inner.lstat(p);
      } catch {
        if (had) await cfs.rm(p);
        return;
      }
      const parent = p.slice(0, p.lastIndexOf('/')) || '/';
      if (parent.startsWith(root) && !known.has(parent) && !ensured.has(parent) && parent !== root) {
        await cfs.mkdir(parent);
        ensured.add(parent);
      }
      const kind = st.type === 'dir' ? 'd' : st.type === 'file' ? 'f' : st.type === 'symlink' ? 'l' : 'o';
      if (had && had.type !== kind && kind !== 'l') await cfs.rm(p);
      if (kind === 'd') {
        await cfs.mkdir(p);
        ensured.add(p);
        ops.push({ op: 'chmod', path: p, mode: st.mode });
        for (const n of await fs.inner.readdir(p)) await pushPath(`${p}/${n}`);
        ops.push({ op: 'utimes', path: p, mtimeMs: st.mtimeMs });
      } else if (kind === 'f') {
        await cfs.writeFile(p, await fs.inner.readFile(p));
        ops.push({ op: 'chmod', path: p, mode: st.mode }, { op: 'utimes', path: p, mtimeMs: st.mtimeMs });
      } else if (kind === 'l') {
        ops.push({ op: 'symlink', path: p, target: await fs.inner.readlink(p) });
      }
    };
    for (const p of paths) if (p !== `${root}/${GUEST_DIR}`) await pushPath(p);
    baseline = await sync(ops);
  };

  /** The container's changes (after a command) into the mirror. */
  const pull = async (): Promise<void> => {
    const before = baseline ?? new Map();
    const after = await sync([]);
    const { removed, changed } = diffManifests(before, after);
    for (const p of removed) if (vol.existsSync(p) || isLink(p)) vol.rmSync(p, { recursive: true, force: true });
    for (const e of changed) {
      const cur = lstatOrNull(e.path);
      const curKind = cur ? (cur.isSymbolicLink() ? 'l' : cur.isDirectory() ? 'd' : cur.isFile() ? 'f' : 'o') : null;
      if (curKind && curKind !== e.type) vol.rmSync(e.path, { recursive: true, force: true });
      if (e.type === 'd') {
        vol.mkdirSync(e.path, { recursive: true });
        vol.chmodSync(e.path, e.mode);
      } else if (e.type === 'l') {
        if (curKind === 'l') vol.unlinkSync(e.path);
        vol.symlinkSync(e.link, e.path);
      } else if (e.type === 'f') {
        const bytes = await cfs.readFile(e.path);
        const old = curKind === 'f' ? (vol.readFileSync(e.path) as Uint8Array) : null;
        if (!old || !equalBytes(old, bytes)) await fs.inner.writeFile(e.path, bytes);
        else fs.inner.touchNow(e.path);
        vol.chmodSync(e.path, e.mode);
      }
    }
    baseline = after;
  };

  const isLink = (p: string) => lstatOrNull(p)?.isSymbolicLink() ?? false;
  const lstatOrNull = (p: string) => {
    try {
      return vol.lstatSync(p);
    } catch {
      return null;
    }
  };

  /** Which wrapper jsh runs: each is tried on `cd <GUEST_DIR>` and must record that directory. */
  const probeWrapper = async (): Promise<Wrapper | null> => {
    await installGuest();
    for (const w of WRAPPERS) {
      const f = `${guestDir}/jobs/probe.cwd`;
      await cfs.rm(f);
      const proc = await container.spawn('jsh', ['-c', w(`cd ${GUEST_DIR}`, f)], { cwd: '.' });
      // A shell that waits for more input on syntax it does not know must not hang the session.
      const timer = setTimeout(() => proc.kill(), 5000);
      const r = await finish(proc).finally(() => clearTimeout(timer));
      const got = await cfs.readFile(f).then((b) => dec.decode(b).trim(), () => '');
      await cfs.rm(f);
      if (r.code === 0 && got === guestDir) return w;
    }
    return null;
  };

  const failure = (what: string, e: unknown, cwd: string): ShellResult => ({
    stdout: '',
    stderr: `cc-playground: ${what}: ${e instanceof Error ? e.message : String(e)}\n`,
    exitCode: 1,
    interrupted: false,
    cwdAfter: cwd,
  });

  const shell: Shell = {
    run: (command, o) =>
      serial(async () => {
        try {
          await push();
        } catch (e) {
          return failure('could not copy the workspace into WebContainer', e, o.cwd);
        }
        const env = { ...o.env, PATH: [o.env.PATH, container.path].filter(Boolean).join(':') };
        const wrapper = await (state.wrapper ??= probeWrapper());
        o.onStart?.();
        const cwdFile = `${guestDir}/jobs/${++state.jobs}.cwd`;
        const proc = await container.spawn('jsh', ['-c', wrapper ? wrapper(command, cwdFile) : command], { cwd: spawnCwd(o.cwd), env });
        let interrupted = false;
        const stop = () => {
          interrupted = true;
          proc.kill();
        };
        const timer = setTimeout(stop, o.timeoutMs);
        o.signal?.addEventListener('abort', stop, { once: true });
        let r: { code: number; output: string };
        try {
          r = await finish(proc);
        } finally {
          clearTimeout(timer);
          o.signal?.removeEventListener('abort', stop);
        }
        try {
          await pull();
        } catch (e) {
          return failure('could not copy the changes back from WebContainer', e, o.cwd);
        }
        let cwdAfter = o.cwd;
        if (wrapper) {
          const recorded = await cfs.readFile(cwdFile).then((b) => dec.decode(b).replace(/\n$/, ''), () => '');
          await cfs.rm(cwdFile);
          if (recorded.startsWith('/') && !interrupted) cwdAfter = recorded;
        }
        return { stdout: terminalToText(r.output), stderr: '', exitCode: r.code, interrupted, cwdAfter };
      }),
  };

  const search: Search = {
    run: (args, o) =>
      serial(async (): Promise<SearchResult> => {
        o.signal?.throwIfAborted();
        await push();
        const preopens = Object.fromEntries(guestPreopens(memfsSyncFs(vol), o.cwd, args).map((p) => [p.name, p.path]));
        const base = await guestRun('rg.mjs', (b) => ({
          args: anchorGlobsAtCwd(args, o.cwd),
          env: o.env ?? {},
          preopens,
          stdout: `${b}.out`,
          stderr: `${b}.err`,
          code: `${b}.code`,
        }));
        const read = async (ext: string) => dec.decode(await cfs.readFile(`${base}.${ext}`));
        const [stdout, stderr, code] = [await read('out'), await read('err'), await read('code')];
        await Promise.all(['json', 'out', 'err', 'code'].map((ext) => cfs.rm(`${base}.${ext}`)));
        return { stdout, stderr: nativeOsErrors(stderr), code: Number(code) };
      }),
  };

  return {
    fs,
    vol,
    container,
    clock,
    info,
    shell,
    search,
    dispose: () => Promise.resolve(),
  };
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
