// A WASI preview1 shim with just the 23 functions ripgrep's wasm imports, over a SyncFs.
// Read-only: ripgrep never writes files, so creation and writes are refused with EROFS.
// No node:* imports: the same code runs in the browser over memfs.

import {
  FT_CHARACTER_DEVICE,
  FT_DIRECTORY,
  FT_REGULAR_FILE,
  type SyncDirent,
  type SyncFs,
  type SyncStat,
} from './syncfs';

// WASI errno values (preview1).
const E_SUCCESS = 0;
const E_ACCES = 2;
const E_BADF = 8;
const E_EXIST = 20;
const E_INVAL = 28;
const E_IO = 29;
const E_ISDIR = 31;
const E_LOOP = 32;
const E_NAMETOOLONG = 37;
const E_NOENT = 44;
const E_NOTDIR = 54;
const E_NOTEMPTY = 55;
const E_NOTSUP = 58;
const E_PERM = 63;
const E_ROFS = 69;

const ERRNO_BY_CODE: Record<string, number> = {
  ENOENT: E_NOENT,
  EBADF: E_BADF,
  EACCES: E_ACCES,
  EPERM: E_PERM,
  EISDIR: E_ISDIR,
  ENOTDIR: E_NOTDIR,
  EEXIST: E_EXIST,
  EINVAL: E_INVAL,
  ELOOP: E_LOOP,
  ENAMETOOLONG: E_NAMETOOLONG,
  ENOTEMPTY: E_NOTEMPTY,
};

/** WASI errno -> Linux errno, so `(os error N)` in ripgrep's messages reads as native rg's. */
const LINUX_ERRNO: Record<number, number> = {
  [E_ACCES]: 13,
  [E_BADF]: 9,
  [E_EXIST]: 17,
  [E_INVAL]: 22,
  [E_IO]: 5,
  [E_ISDIR]: 21,
  [E_LOOP]: 40,
  [E_NAMETOOLONG]: 36,
  [E_NOENT]: 2,
  [E_NOTDIR]: 20,
  [E_NOTEMPTY]: 39,
  [E_PERM]: 1,
  [E_ROFS]: 30,
};

export function nativeOsErrors(text: string): string {
  return text.replace(/\(os error (\d+)\)/g, (m, n: string) => {
    const linux = LINUX_ERRNO[Number(n)];
    return linux === undefined ? m : `(os error ${linux})`;
  });
}

const OFLAGS_CREAT = 1;
const OFLAGS_DIRECTORY = 2;
const OFLAGS_TRUNC = 8;
const RIGHTS_FD_WRITE = 1n << 6n;
const DIRENT_HEADER = 24;

function errnoOf(err: unknown): number {
  if (err instanceof WasiExit || err instanceof WasiAbort) throw err;
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
  return (Object.hasOwn(ERRNO_BY_CODE, code) && ERRNO_BY_CODE[code]) || E_IO;
}

/** Thrown by proc_exit to unwind the wasm stack. */
export class WasiExit {
  constructor(readonly code: number) {}
}

/** Thrown from a host call when the run's AbortSignal fires. */
export class WasiAbort {}

interface DirEntry {
  kind: 'dir';
  path: string;
  /** Maps a guest path relative to this directory to a host path (default: join). */
  resolve: ((rel: string) => string) | null;
  preopen: Uint8Array | null;
  dirents: SyncDirent[] | null;
}
interface FileEntry {
  kind: 'file';
  hostFd: number;
  pos: number;
  /** Taken at open: ripgrep asks for it right after, and files do not change during a run. */
  stat: SyncStat;
  /** The whole file, where the filesystem holds it in memory: reads copy straight from it. */
  data: Uint8Array | null;
}
interface StdioEntry {
  kind: 'stdio';
  which: 0 | 1 | 2;
}
type FdEntry = DirEntry | FileEntry | StdioEntry;

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

const NEEDS_NORMALISING = /(^|\/)\.{1,2}(\/|$)|\/\/|\/$/;

/** Joins and normalises POSIX paths; `rel` may be absolute. Never climbs above "/". */
export function resolvePosix(base: string, rel: string): string {
  if (rel !== '' && !rel.startsWith('/') && !NEEDS_NORMALISING.test(rel)) {
    return base === '/' ? `/${rel}` : `${base}/${rel}`;
  }
  const parts: string[] = [];
  const full = rel.startsWith('/') ? rel : `${base}/${rel}`;
  for (const seg of full.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return `/${parts.join('/')}`;
}

export interface Preopen {
  name: string;
  path: string;
  resolve?: (rel: string) => string;
}

export interface WasiOptions {
  fs: SyncFs;
  /** argv[0] included. */
  args: string[];
  env: Record<string, string>;
  /** Preopened directories, in order (fd 3, 4, ...): the guest name, the absolute path in `fs`,
   * and optionally a custom mapping of relative guest paths to host paths. */
  preopens: Preopen[];
  /** Each gets a view of guest memory, valid only during the call: copy what is kept. */
  stdout: (bytes: Uint8Array) => void;
  stderr: (bytes: Uint8Array) => void;
  signal?: AbortSignal;
}

export interface WasiInstanceExports {
  memory: WebAssembly.Memory;
  _start: () => void;
}

const enc = new TextEncoder();
const dec = new TextDecoder();

/**
 * One instance serves many runs of the same wasm instance (`configure` before each): its imports
 * are bound once, so the guest calls them directly, with no lookup per call.
 */
export class Wasi {
  private fs!: SyncFs;
  private readonly fds: (FdEntry | undefined)[] = [];
  private readonly freeFds: number[] = [];
  private argBytes: Uint8Array[] = [];
  private envBytes: Uint8Array[] = [];
  private opts!: WasiOptions;
  private memory: WebAssembly.Memory | null = null;
  private readonly ahead = new Uint8Array(65536);
  private aheadFd = -1;
  private aheadStart = 0;
  private aheadLen = 0;
  /** Views of guest memory, made again only when it grows (growing detaches the old buffer,
   * whose views then read 0 bytes long): the `buffer` getter costs more than the call it served. */
  private u8 = new Uint8Array(0);
  private dv = new DataView(new ArrayBuffer(0));
  readonly imports: { wasi_snapshot_preview1: Record<string, (...a: never[]) => number | void> };

  constructor(opts?: WasiOptions) {
    if (opts) this.configure(opts);
    this.imports = { wasi_snapshot_preview1: this.makeImports() };
  }

  /** Sets up the next run: its filesystem, argv, environment, preopens and output. */
  configure(opts: WasiOptions): void {
    this.opts = opts;
    this.fs = opts.fs;
    this.argBytes = opts.args.map((a) => enc.encode(`${a}\0`));
    this.envBytes = Object.entries(opts.env).map(([k, v]) => enc.encode(`${k}=${v}\0`));
    this.fds.length = 0;
    this.freeFds.length = 0;
    this.aheadFd = -1;
    this.fds.push({ kind: 'stdio', which: 0 }, { kind: 'stdio', which: 1 }, { kind: 'stdio', which: 2 });
    for (const p of opts.preopens) {
      this.fds.push({
        kind: 'dir',
        path: p.path,
        resolve: p.resolve ?? null,
        preopen: enc.encode(p.name),
        dirents: null,
      });
    }
  }

  /** Runs `_start`; returns the exit code. */
  start(exports: WasiInstanceExports): number {
    if (exports.memory !== this.memory) {
      this.memory = exports.memory;
      this.u8 = new Uint8Array(0);
    }
    try {
      exports._start();
      return 0;
    } catch (e) {
      if (e instanceof WasiExit) return e.code;
      throw e;
    } finally {
      this.closeAll();
    }
  }

  private closeAll(): void {
    for (const e of this.fds) {
      if (e?.kind === 'file') {
        try {
          this.fs.close(e.hostFd);
        } catch {
          // Closing is best-effort cleanup after the run.
        }
      }
    }
    this.fds.length = 0;
  }

  private refresh(): void {
    if (this.u8.byteLength !== 0) return;
    const b = this.memory!.buffer;
    this.u8 = new Uint8Array(b);
    this.dv = new DataView(b);
  }

  private addFd(e: FdEntry): number {
    const fd = this.freeFds.pop();
    if (fd !== undefined) {
      this.fds[fd] = e;
      return fd;
    }
    this.fds.push(e);
    return this.fds.length - 1;
  }

  /**
   * ripgrep reads each file as 3 bytes (BOM sniffing), then the rest, then until 0 bytes. With
   * the size from open and one read-ahead buffer, that is one host read per small file.
   */
  private readFile(fd: number, e: FileEntry, ptr: number, len: number): number {
    const regular = e.stat.filetype === FT_REGULAR_FILE;
    if (regular && e.pos >= e.stat.size) return 0;
    let n: number;
    const data = e.data;
    if (data) {
      n = Math.min(len, data.length - e.pos);
      if (n <= 0) return 0;
      const u8 = this.u8;
      // ripgrep's first read of a file is 3 bytes (BOM sniffing): copied by hand, as a view for
      // so few bytes costs more than the copy. Larger reads copy through a plain Uint8Array view:
      // a Buffer's subarray (memfs holds Buffers) is several times slower to make.
      if (n <= 16) for (let k = 0; k < n; k++) u8[ptr + k] = data[e.pos + k]!;
      else if (n === data.length) u8.set(data, ptr);
      else u8.set(new Uint8Array(data.buffer, data.byteOffset + e.pos, n), ptr);
      e.pos += n;
      return n;
    }
    if (this.aheadFd === fd && e.pos >= this.aheadStart && e.pos < this.aheadStart + this.aheadLen) {
      const off = e.pos - this.aheadStart;
      n = Math.min(len, this.aheadLen - off);
      this.u8.set(this.ahead.subarray(off, off + n), ptr);
    } else if (regular && len < 4096) {
      const got = this.fs.read(
        e.hostFd,
        this.ahead,
        0,
        Math.min(this.ahead.length, e.stat.size - e.pos),
        e.pos,
      );
      this.aheadFd = fd;
      this.aheadStart = e.pos;
      this.aheadLen = got;
      n = Math.min(len, got);
      this.u8.set(this.ahead.subarray(0, n), ptr);
    } else {
      n = this.fs.read(e.hostFd, this.u8, ptr, len, e.pos);
    }
    e.pos += n;
    return n;
  }

  private checkAbort(): void {
    if (this.opts.signal?.aborted) throw new WasiAbort();
  }

  private hostPath(d: DirEntry, ptr: number, len: number): string {
    // TextDecoder's fixed cost per call was most of a content Grep's JS time (one path per
    // file opened); ASCII paths, the usual, become char codes.
    const u8 = this.u8;
    let ascii = true;
    for (let i = ptr; i < ptr + len; i++) {
      if (u8[i]! >= 0x80) {
        ascii = false;
        break;
      }
    }
    const bytes = u8.subarray(ptr, ptr + len);
    // In one call, one flat string (one built a character at a time is a rope, flattened again
    // by every lookup that hashes it); apply's arguments are bounded, hence the length.
    const rel =
      ascii && len <= 8192
        ? String.fromCharCode.apply(null, bytes as unknown as number[])
        : dec.decode(bytes);
    return d.resolve ? d.resolve(rel) : resolvePosix(d.path, rel);
  }

  private writeFilestat(ptr: number, s: SyncStat): void {
    const v = this.dv;
    const mtim = BigInt(Math.round(s.mtimeMs * 1e6));
    v.setBigUint64(ptr, BigInt(s.dev), true);
    v.setBigUint64(ptr + 8, BigInt(s.ino), true);
    v.setUint8(ptr + 16, s.filetype);
    v.setBigUint64(ptr + 24, BigInt(s.nlink), true);
    v.setBigUint64(ptr + 32, BigInt(s.size), true);
    v.setBigUint64(ptr + 40, mtim, true);
    v.setBigUint64(ptr + 48, mtim, true);
    v.setBigUint64(ptr + 56, mtim, true);
  }

  private makeImports(): Record<string, (...a: never[]) => number | void> {
    const putList = (list: Uint8Array[], ptrsPtr: number, bufPtr: number): number => {
      this.refresh();
      for (const b of list) {
        this.dv.setUint32(ptrsPtr, bufPtr, true);
        ptrsPtr += 4;
        this.u8.set(b, bufPtr);
        bufPtr += b.length;
      }
      return E_SUCCESS;
    };
    const putSizes = (list: Uint8Array[], countPtr: number, sizePtr: number): number => {
      this.refresh();
      this.dv.setUint32(countPtr, list.length, true);
      this.dv.setUint32(
        sizePtr,
        list.reduce((s, b) => s + b.length, 0),
        true,
      );
      return E_SUCCESS;
    };
    const dirOf = (fd: number): DirEntry | null => {
      const e = this.fds[fd];
      return e?.kind === 'dir' ? e : null;
    };

    return {
      args_sizes_get: (countPtr: number, sizePtr: number) => putSizes(this.argBytes, countPtr, sizePtr),
      args_get: (argv: number, buf: number) => putList(this.argBytes, argv, buf),
      environ_sizes_get: (countPtr: number, sizePtr: number) => putSizes(this.envBytes, countPtr, sizePtr),
      environ_get: (environ: number, buf: number) => putList(this.envBytes, environ, buf),

      proc_exit: (code: number): never => {
        throw new WasiExit(code);
      },
      sched_yield: () => E_SUCCESS,
      poll_oneoff: () => E_NOTSUP,

      clock_time_get: (id: number, _precision: bigint, timePtr: number): number => {
        this.refresh();
        // ripgrep asks twice per file searched: two 32-bit halves, no BigInt arithmetic.
        let ms: number;
        if (id === 0) ms = Date.now();
        else if (id === 1) ms = performance.now();
        else return E_INVAL;
        const ns = Math.round(ms * 1e6);
        const hi = Math.floor(ns / 2 ** 32);
        this.dv.setUint32(timePtr, ns - hi * 2 ** 32, true);
        this.dv.setUint32(timePtr + 4, hi, true);
        return E_SUCCESS;
      },
      random_get: (ptr: number, len: number): number => {
        this.refresh();
        // getRandomValues fills at most 65536 bytes per call.
        for (let off = 0; off < len; off += 65536) {
          crypto.getRandomValues(this.u8.subarray(ptr + off, ptr + Math.min(len, off + 65536)));
        }
        return E_SUCCESS;
      },

      fd_read: (fd: number, iovs: number, iovsLen: number, nreadPtr: number): number => {
        const e = this.fds[fd];
        if (!e) return E_BADF;
        this.refresh();
        if (e.kind === 'stdio') {
          // No stdin: ripgrep under WASI never decides to read it.
          if (e.which !== 0) return E_BADF;
          this.dv.setUint32(nreadPtr, 0, true);
          return E_SUCCESS;
        }
        if (e.kind !== 'file') return E_ISDIR;
        try {
          let total = 0;
          for (let i = 0; i < iovsLen; i++) {
            const ptr = this.dv.getUint32(iovs + i * 8, true);
            const len = this.dv.getUint32(iovs + i * 8 + 4, true);
            const n = this.readFile(fd, e, ptr, len);
            total += n;
            if (n < len) break;
          }
          this.dv.setUint32(nreadPtr, total, true);
          return E_SUCCESS;
        } catch (err) {
          return errnoOf(err);
        }
      },
      fd_write: (fd: number, iovs: number, iovsLen: number, nwrittenPtr: number): number => {
        const e = this.fds[fd];
        if (!e) return E_BADF;
        if (e.kind !== 'stdio' || e.which === 0) return E_BADF;
        this.refresh();
        let total = 0;
        for (let i = 0; i < iovsLen; i++) {
          const ptr = this.dv.getUint32(iovs + i * 8, true);
          const len = this.dv.getUint32(iovs + i * 8 + 4, true);
          if (len === 0) continue;
          const view = this.u8.subarray(ptr, ptr + len);
          if (e.which === 1) this.opts.stdout(view);
          else this.opts.stderr(view);
          total += len;
        }
        this.dv.setUint32(nwrittenPtr, total, true);
        return E_SUCCESS;
      },
      fd_close: (fd: number): number => {
        const e = this.fds[fd];
        if (!e) return E_BADF;
        this.fds[fd] = undefined;
        this.freeFds.push(fd);
        if (this.aheadFd === fd) this.aheadFd = -1;
        if (e.kind === 'file') {
          try {
            this.fs.close(e.hostFd);
          } catch (err) {
            return errnoOf(err);
          }
        }
        return E_SUCCESS;
      },
      fd_seek: (fd: number, offset: bigint, whence: number, newOffsetPtr: number): number => {
        const e = this.fds[fd];
        if (!e) return E_BADF;
        if (e.kind !== 'file') return E_BADF;
        let base: number;
        try {
          if (whence === 0) base = 0;
          else if (whence === 1) base = e.pos;
          else if (whence === 2) base = e.stat.size;
          else return E_INVAL;
        } catch (err) {
          return errnoOf(err);
        }
        const next = base + Number(offset);
        if (next < 0) return E_INVAL;
        e.pos = next;
        this.refresh();
        this.dv.setBigUint64(newOffsetPtr, BigInt(next), true);
        return E_SUCCESS;
      },
      fd_fdstat_get: (fd: number, ptr: number): number => {
        const e = this.fds[fd];
        if (!e) return E_BADF;
        this.refresh();
        const ft =
          e.kind === 'stdio' ? FT_CHARACTER_DEVICE : e.kind === 'dir' ? FT_DIRECTORY : FT_REGULAR_FILE;
        this.dv.setUint8(ptr, ft);
        this.dv.setUint16(ptr + 2, 0, true);
        // All rights: a character device with seek rights is "not a tty" to wasi-libc, which is
        // what native rg sees when its output is piped.
        this.dv.setBigUint64(ptr + 8, 0xffffffffffffffffn, true);
        this.dv.setBigUint64(ptr + 16, 0xffffffffffffffffn, true);
        return E_SUCCESS;
      },
      fd_fdstat_set_flags: () => E_SUCCESS,
      fd_filestat_get: (fd: number, ptr: number): number => {
        const e = this.fds[fd];
        if (!e) return E_BADF;
        try {
          let s: SyncStat;
          if (e.kind === 'stdio')
            s = { filetype: FT_CHARACTER_DEVICE, size: 0, mtimeMs: 0, ino: 0, dev: 0, nlink: 1 };
          else if (e.kind === 'file') s = e.stat;
          else s = this.fs.stat(e.path);
          this.refresh();
          this.writeFilestat(ptr, s);
          return E_SUCCESS;
        } catch (err) {
          return errnoOf(err);
        }
      },
      fd_prestat_get: (fd: number, ptr: number): number => {
        const d = dirOf(fd);
        if (!d?.preopen) return E_BADF;
        this.refresh();
        this.dv.setUint8(ptr, 0);
        this.dv.setUint32(ptr + 4, d.preopen.length, true);
        return E_SUCCESS;
      },
      fd_prestat_dir_name: (fd: number, ptr: number, len: number): number => {
        const d = dirOf(fd);
        if (!d?.preopen) return E_BADF;
        if (d.preopen.length > len) return E_NAMETOOLONG;
        this.refresh();
        this.u8.set(d.preopen, ptr);
        return E_SUCCESS;
      },
      fd_readdir: (fd: number, bufPtr: number, bufLen: number, cookie: bigint, usedPtr: number): number => {
        const d = dirOf(fd);
        if (!d) return this.fds[fd] ? E_NOTDIR : E_BADF;
        this.checkAbort();
        try {
          if (!d.dirents || cookie === 0n) d.dirents = this.fs.readdir(d.path);
        } catch (err) {
          return errnoOf(err);
        }
        this.refresh();
        const dirents = d.dirents;
        let used = 0;
        const u8 = this.u8;
        const dv = this.dv;
        for (let i = Number(cookie); i < dirents.length; i++) {
          const text = dirents[i]!.name;
          // Names are written straight into guest memory: encoding each one to a buffer of
          // its own was a sixth of a Glob's CPU time. Most names are ASCII (one byte a char).
          const ascii = isAscii(text);
          const name = ascii ? null : enc.encode(text);
          const nameLen = name ? name.length : text.length;
          const size = DIRENT_HEADER + nameLen;
          const room = bufLen - used;
          if (room >= size) {
            const at = bufPtr + used;
            // Cookie and inode as two 32-bit halves: a BigInt each was an allocation per entry.
            dv.setUint32(at, i + 1, true);
            dv.setUint32(at + 4, 0, true);
            dv.setUint32(at + 8, i + 1, true);
            dv.setUint32(at + 12, 0, true);
            dv.setUint32(at + 16, nameLen, true);
            dv.setUint32(at + 20, dirents[i]!.filetype, true);
            if (name) u8.set(name, at + DIRENT_HEADER);
            else for (let k = 0; k < nameLen; k++) u8[at + DIRENT_HEADER + k] = text.charCodeAt(k);
            used += size;
            continue;
          }
          // The last entry that does not fit is written truncated, as WASI asks: the guest
          // reads its real header and asks again from its cookie. Leaving the rest of the buffer
          // as it was lets the guest parse stale bytes of an earlier call as an entry, whose
          // cookie sends it back to the start of the directory, for ever.
          const entry = new Uint8Array(size);
          const ev = new DataView(entry.buffer);
          ev.setBigUint64(0, BigInt(i + 1), true);
          ev.setBigUint64(8, BigInt(i + 1), true);
          ev.setUint32(16, nameLen, true);
          ev.setUint8(20, dirents[i]!.filetype);
          entry.set(name ?? enc.encode(text), DIRENT_HEADER);
          u8.set(entry.subarray(0, room), bufPtr + used);
          used = bufLen;
          break;
        }
        this.dv.setUint32(usedPtr, used, true);
        return E_SUCCESS;
      },

      path_open: (
        dirfd: number,
        _dirflags: number,
        pathPtr: number,
        pathLen: number,
        oflags: number,
        rightsBase: bigint,
        _rightsInheriting: bigint,
        _fdflags: number,
        openedPtr: number,
      ): number => {
        const d = dirOf(dirfd);
        if (!d) return E_BADF;
        this.checkAbort();
        this.refresh();
        const full = this.hostPath(d, pathPtr, pathLen);
        if (oflags & (OFLAGS_CREAT | OFLAGS_TRUNC) || (rightsBase & RIGHTS_FD_WRITE) !== 0n) return E_ROFS;
        try {
          let fd: number;
          if (oflags & OFLAGS_DIRECTORY) {
            // read_dir opens with O_DIRECTORY: one stat, no host handle.
            if (this.fs.stat(full).filetype !== FT_DIRECTORY) return E_NOTDIR;
            fd = this.addFd({ kind: 'dir', path: full, resolve: null, preopen: null, dirents: null });
          } else {
            // One lookup: open, then fstat the handle (directories open read-only too).
            const hostFd = this.fs.openRead(full);
            const st = this.fs.fstat(hostFd);
            if (st.filetype === FT_DIRECTORY) {
              this.fs.close(hostFd);
              fd = this.addFd({ kind: 'dir', path: full, resolve: null, preopen: null, dirents: null });
            } else {
              const data =
                this.fs.contents && st.filetype === FT_REGULAR_FILE ? this.fs.contents(hostFd) : null;
              fd = this.addFd({ kind: 'file', hostFd, pos: 0, stat: st, data });
            }
          }
          this.refresh();
          this.dv.setUint32(openedPtr, fd, true);
          return E_SUCCESS;
        } catch (err) {
          return errnoOf(err);
        }
      },
      path_filestat_get: (
        dirfd: number,
        flags: number,
        pathPtr: number,
        pathLen: number,
        ptr: number,
      ): number => {
        const d = dirOf(dirfd);
        if (!d) return E_BADF;
        this.refresh();
        const full = this.hostPath(d, pathPtr, pathLen);
        try {
          const s = flags & 1 ? this.fs.stat(full) : this.fs.lstat(full);
          this.refresh();
          this.writeFilestat(ptr, s);
          return E_SUCCESS;
        } catch (err) {
          return errnoOf(err);
        }
      },
      path_readlink: (
        dirfd: number,
        pathPtr: number,
        pathLen: number,
        bufPtr: number,
        bufLen: number,
        usedPtr: number,
      ): number => {
        const d = dirOf(dirfd);
        if (!d) return E_BADF;
        this.refresh();
        const full = this.hostPath(d, pathPtr, pathLen);
        try {
          const target = enc.encode(this.fs.readlink(full));
          const n = Math.min(target.length, bufLen);
          this.refresh();
          this.u8.set(target.subarray(0, n), bufPtr);
          this.dv.setUint32(usedPtr, n, true);
          return E_SUCCESS;
        } catch (err) {
          return errnoOf(err);
        }
      },
    };
  }
}
