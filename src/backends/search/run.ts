// Runs ripgrep's wasm once per call over a SyncFs. The compiled module is shared. ripgrep's
// `_start` is a whole process and cannot be re-entered, but an instance's whole state is its
// memory, its globals and its table (fixed in size; ripgrep never writes it): put the first two
// back as they were right after instantiation and the instance is as good as new. That saves a
// 1.75 MiB memory allocation per run and the garbage collections the dropped memories caused
// (profiled: instantiation was a quarter of a Glob's CPU time, and dropped memories brought
// major collections of the whole workspace tree every few runs).

import type { SearchResult } from '../../workspace/types';
import { mapGlobValues, parseRgArgv } from './argv';
import type { SyncFs } from './syncfs';
import { globalExportName } from './wasm-globals';
import {
  Wasi,
  WasiAbort,
  nativeOsErrors,
  resolvePosix,
  type Preopen,
  type WasiInstanceExports,
} from './wasi';

export type RipgrepModuleLoader = () => Promise<WebAssembly.Module>;

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
  signal?: AbortSignal;
  /** Defaults to SEARCH_OUTPUT_CAP_BYTES. */
  outputCapBytes?: number;
}

const dec = new TextDecoder();

/**
 * wasi-libc has no working directory here: it strips the leading "/" of absolute paths and
 * resolves both kinds against the preopen with the longest matching name prefix, so a relative
 * "src/a.js" and an absolute "/src/a.js" reach us identically. We map them as follows:
 * - search roots all absolute: one preopen "/" (name prefix "") maps everything to the root;
 * - otherwise "." (prefix "") maps to the cwd, and one preopen per top-level entry of "/"
 *   ("/tmp", "/home", ...) takes absolute paths by their longer prefix. Where the cwd has an
 *   entry of the same name as the root, we descend a level on both sides, so only an exact
 *   same-path clash stays ambiguous. Parents of absolute roots are probed up to "/": its probes
 *   ("/.git", "/.gitignore", ...) arrive bare, and go to the root unless the argv names them.
 */
export function guestPreopens(fs: SyncFs, cwd: string, args: string[]): Preopen[] {
  const { paths, fileFlagValues } = parseRgArgv(args);
  const relative = paths.length === 0 || paths.some((p) => !p.startsWith('/'));
  if (!relative) return [{ name: '/', path: '/' }];
  const out: Preopen[] = [{ name: '.', path: cwd, resolve: cwdResolver(cwd, [...paths, ...fileFlagValues]) }];
  const walk = (hostDir: string, relInCwd: string, depth: number): void => {
    let names: string[];
    try {
      names = fs.readdir(hostDir).map((d) => d.name);
    } catch {
      return;
    }
    for (const name of names) {
      const host = hostDir === '/' ? `/${name}` : `${hostDir}/${name}`;
      const clash = exists(fs, `${cwd === '/' ? '' : cwd}/${relInCwd}${name}`);
      if (clash && depth < 8) walk(host, `${relInCwd}${name}/`, depth + 1);
      else out.push({ name: host, path: host });
    }
  };
  walk('/', '', 0);
  return out;
}

/**
 * Native rg matches a --glob containing a slash against the path relative to its cwd
 * ("src/**" means <cwd>/src/**). Under WASI its cwd is "/", so for absolute search roots such a
 * glob is rewritten to carry the cwd ("src/**" -> "<cwd without the leading slash>/src/**").
 * With relative roots as well, the original is kept beside it.
 */
export function anchorGlobsAtCwd(args: string[], cwd: string): string[] {
  const { paths } = parseRgArgv(args);
  const absolute = paths.some((p) => p.startsWith('/'));
  if (!absolute || cwd === '/') return args;
  const relative = paths.some((p) => !p.startsWith('/'));
  const base = cwd.slice(1);
  return mapGlobValues(args, (g) => {
    const neg = g.startsWith('!');
    const body = neg ? g.slice(1) : g;
    // A leading **/ is anchored too: "**/x/a.ts" searched in lib/x does not match lib/x/a.ts
    // (grep-x-glob-doublestar-slash-under-path).
    if (!body.replace(/\/+$/, '').includes('/')) return [g];
    const anchored = `${neg ? '!' : ''}${body.startsWith('/') ? `/${base}${body}` : `${base}/${body}`}`;
    return relative ? [g, anchored] : [anchored];
  });
}

/** A refused glob is quoted as the caller gave it, not as anchorGlobsAtCwd rewrote it
 * (glob-x-bad-class-with-slash). */
export function unanchorGlobErrors(stderr: string, cwd: string): string {
  if (cwd === '/' || !stderr.includes('error parsing glob')) return stderr;
  const base = cwd.slice(1);
  return stderr
    .split(`error parsing glob '${base}/`)
    .join("error parsing glob '")
    .split(`error parsing glob '/${base}/`)
    .join("error parsing glob '/");
}

/** What ripgrep probes in every directory it treats as a root or a parent of one. */
const PROBE_NAMES = new Set(['.git', '.jj', '.rgignore', '.ignore', '.gitignore']);

function cwdResolver(cwd: string, mentioned: string[]): (rel: string) => string {
  const hasAbsolute = mentioned.some((p) => p.startsWith('/'));
  if (!hasAbsolute) return (rel) => resolvePosix(cwd, rel);
  return (rel) => {
    const first = rel.split('/', 1)[0]!;
    if (PROBE_NAMES.has(first) && !mentioned.some((a) => a === first || a.startsWith(`${first}/`))) {
      return resolvePosix('/', rel);
    }
    return resolvePosix(cwd, rel);
  };
}

function exists(fs: SyncFs, path: string): boolean {
  try {
    fs.lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** The wasm build runs on the caller's thread, where nothing can stop it: `[\s\S]{65536}` compiled
 * for over 90 s into 1.2 GB under ripgrep's default limit (100 MiB), and takes 2.5 s to refuse
 * under this one. Native rg finds no match for it (after 12 s): a divergence for such patterns
 * only. A later --regex-size-limit in the argv wins. */
export const REGEX_SIZE_LIMIT = '--regex-size-limit=10M';

/** Bytes of each stream kept of one run; the rest is dropped (a search of a huge tree must not
 * fill memory; the tools show the first few hundred results anyway). */
export const SEARCH_OUTPUT_CAP_BYTES = 32 * 2 ** 20;

/** Output buffers of this size or less are kept for the next run: a fresh buffer's pages cost
 * more to touch the first time than the copy into them (measured: 15 MiB of a content Grep,
 * 60 ms of CPU in fresh memory, 2 ms in memory used before). */
const KEEP_SINK_BYTES = 16 * 2 ** 20;

/** A sink that keeps the first `cap` bytes written to it, in one buffer grown as needed. */
class CappedSink {
  private buf: Uint8Array;
  private n = 0;
  constructor(
    private readonly cap: number,
    kept: Uint8Array | undefined,
  ) {
    this.buf = kept ?? new Uint8Array(65536);
  }
  readonly write = (c: Uint8Array): void => {
    const take = Math.min(c.length, this.cap - this.n);
    if (take <= 0) return;
    if (this.n + take > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < this.n + take) size *= 2;
      const grown = new Uint8Array(Math.min(size, Math.max(this.cap, this.n + take)));
      grown.set(this.buf.subarray(0, this.n));
      this.buf = grown;
    }
    this.buf.set(take === c.length ? c : c.subarray(0, take), this.n);
    this.n += take;
  };
  /** The text written, and the buffer if it is worth keeping for the next run. */
  finish(): { text: string; keep: Uint8Array | undefined } {
    const text = dec.decode(this.buf.subarray(0, this.n));
    return { text, keep: this.buf.length <= KEEP_SINK_BYTES ? this.buf : undefined };
  }
}

/** One instance kept for reuse, with what it looked like before its first run. */
interface Reusable {
  instance: WebAssembly.Instance;
  memory: WebAssembly.Memory;
  /** Bound to the instance's imports; configured anew for each run. */
  wasi: Wasi;
  globals: { global: WebAssembly.Global; initial: unknown }[];
  snapshot: Uint8Array;
  /** The output buffers of its last run, reused by the next. */
  sinks: { out: Uint8Array | undefined; err: Uint8Array | undefined };
}

/** An instance whose memory grew this much past its initial size is dropped. wasi-libc's
 * allocator takes memory only through memory.grow, so each run's heap lies past the end the
 * run found (measured: about 200 KiB more per Glob); what earlier runs grew is never handed out
 * again, and memory cannot shrink. */
export const REUSE_MAX_GROWTH_BYTES = 16 * 2 ** 20;

const idle = new WeakMap<WebAssembly.Module, Reusable[]>();

async function acquire(module: WebAssembly.Module): Promise<Reusable> {
  const kept = idle.get(module)?.pop();
  if (kept) return kept;
  const wasi = new Wasi();
  const instance = await WebAssembly.instantiate(module, wasi.imports);
  const memory = instance.exports.memory as WebAssembly.Memory;
  const globals: Reusable['globals'] = [];
  for (let i = 0; ; i++) {
    const g = instance.exports[globalExportName(i)];
    if (!(g instanceof WebAssembly.Global)) break;
    globals.push({ global: g, initial: g.value });
  }
  return {
    instance,
    memory,
    wasi,
    globals,
    snapshot: new Uint8Array(memory.buffer).slice(),
    sinks: { out: undefined, err: undefined },
  };
}

/** Puts the instance back as it was before its first run, and keeps it, when it can be. */
function release(module: WebAssembly.Module, r: Reusable): void {
  const size = r.memory.buffer.byteLength;
  // A module whose globals are not exported (not loaded through exportGlobals) cannot be reset.
  if (size - r.snapshot.length > REUSE_MAX_GROWTH_BYTES || r.globals.length === 0) return;
  // The pages past the initial size are left as they are: nothing reaches them (see above).
  new Uint8Array(r.memory.buffer).set(r.snapshot, 0);
  for (const g of r.globals) if (g.global.value !== g.initial) g.global.value = g.initial;
  let list = idle.get(module);
  if (!list) idle.set(module, (list = []));
  if (list.length < 2) list.push(r);
}

export async function runRipgrep(
  module: WebAssembly.Module,
  fs: SyncFs,
  args: string[],
  opts: RunOptions,
): Promise<SearchResult> {
  opts.signal?.throwIfAborted();
  const cap = opts.outputCapBytes ?? SEARCH_OUTPUT_CAP_BYTES;
  const wasiOpts = {
    fs,
    args: ['rg', REGEX_SIZE_LIMIT, ...anchorGlobsAtCwd(args, opts.cwd)],
    env: { ...(opts.env ?? {}) },
    preopens: guestPreopens(fs, opts.cwd, args),
    signal: opts.signal,
  };
  const r = await acquire(module);
  const out = new CappedSink(cap, r.sinks.out);
  const err = new CappedSink(cap, r.sinks.err);
  r.sinks.out = r.sinks.err = undefined;
  r.wasi.configure({ ...wasiOpts, stdout: out.write, stderr: err.write });
  let code: number;
  try {
    code = r.wasi.start(r.instance.exports as unknown as WasiInstanceExports);
  } catch (e) {
    if (e instanceof WasiAbort) opts.signal!.throwIfAborted();
    throw e;
  } finally {
    release(module, r);
  }
  const o = out.finish();
  const e = err.finish();
  r.sinks.out = o.keep;
  r.sinks.err = e.keep;
  return {
    stdout: o.text,
    stderr: unanchorGlobErrors(nativeOsErrors(e.text), opts.cwd),
    code,
  };
}
