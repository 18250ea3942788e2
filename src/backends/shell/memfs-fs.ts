// just-bash's IFileSystem over the workspace's memfs Volume: the shell reads and writes the very
// files the other tools see (never a copy). Writes get mtimes from the workspace clock, as the
// Vfs does, so replays stay deterministic. No node:* imports: this runs in the browser.
import type { Volume } from 'memfs';
import type {
  BufferEncoding,
  CpOptions,
  FileContent,
  FsStat,
  IFileSystem,
  MkdirOptions,
  RmOptions,
} from 'just-bash';
import type { Clock } from '../../workspace/types';
import { normalizePath, resolveAgainst } from '../../text/paths';
import { bytesToLatin1 } from '../../text/bytes';
import { withDirTimes } from '../memfs/dir-times';
import { DIR_MODE, FILE_MODE } from '../memfs/vfs';
import { ENDLESS_BYTES, ENDLESS_DEVICES, endlessDeviceBytes } from './endless';

const DEVICES: ReadonlySet<string> = new Set([
  '/dev/null',
  '/dev/zero',
  '/dev/random',
  '/dev/urandom',
  '/dev/stdin',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/tty',
]);

type ReadFileOptions = Exclude<Parameters<IFileSystem['readFile']>[1], BufferEncoding | undefined>;
type WriteFileOptions = Exclude<Parameters<IFileSystem['writeFile']>[2], BufferEncoding | undefined>;
type DirentEntry = Awaited<ReturnType<NonNullable<IFileSystem['readdirWithFileTypes']>>>[number];

interface StatsLike {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  size: number | bigint;
  mtimeMs: number | bigint;
  mode: number | bigint;
  ino: number | bigint;
  dev: number | bigint;
}

function toFsStat(s: StatsLike): FsStat {
  return {
    isFile: s.isFile(),
    isDirectory: s.isDirectory(),
    isSymbolicLink: s.isSymbolicLink(),
    mode: Number(s.mode) & 0o7777,
    size: Number(s.size),
    mtime: new Date(Number(s.mtimeMs)),
    ino: s.ino,
    dev: s.dev,
  };
}

function deviceStat(path: string, mtime: Date): FsStat {
  const dir = path === '/dev';
  return { isFile: !dir, isDirectory: dir, isSymbolicLink: false, mode: dir ? 0o755 : 0o666, size: 0, mtime };
}

function encodingOf(
  options: ReadFileOptions | WriteFileOptions | BufferEncoding | undefined | null,
): BufferEncoding | null {
  if (options === undefined || options === null) return null;
  if (typeof options === 'string') return options;
  return options.encoding ?? null;
}

function latin1ToBytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

function base64ToBytes(s: string): Uint8Array {
  return latin1ToBytes(atob(s.replace(/[^A-Za-z0-9+/]/g, '')));
}

function hexToBytes(s: string): Uint8Array {
  const out = new Uint8Array(Math.floor(s.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const utf8Decoder = new TextDecoder();
const utf8Encoder = new TextEncoder();

function encode(content: FileContent, enc: BufferEncoding | null): Uint8Array {
  if (typeof content !== 'string') return content;
  switch (enc) {
    case 'binary':
    case 'latin1':
      return latin1ToBytes(content);
    case 'base64':
      return base64ToBytes(content);
    case 'hex':
      return hexToBytes(content);
    default:
      return utf8Encoder.encode(content);
  }
}

function decode(bytes: Uint8Array, enc: BufferEncoding | null): string {
  switch (enc) {
    case 'binary':
    case 'latin1':
      return bytesToLatin1(bytes);
    case 'base64':
      return btoa(bytesToLatin1(bytes));
    case 'hex':
      return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    default:
      return utf8Decoder.decode(bytes);
  }
}

function asBytes(b: unknown): Uint8Array {
  if (b instanceof Uint8Array) return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  return utf8Encoder.encode(String(b));
}

function nodeError(code: string, text: string, syscall: string, path: string): Error {
  const e = new Error(`${code}: ${text}, ${syscall} '${path}'`) as Error & {
    code: string;
    syscall: string;
    path: string;
  };
  e.code = code;
  e.syscall = syscall;
  e.path = path;
  return e;
}

/** Real time within this window of a utimes call means "now" (plain `touch`): use the clock. */
const NOW_WINDOW_MS = 2000;

const BIN_PATH = /^\/(?:usr\/)?bin\/([^/]+)$/;

export class MemfsShellFs implements IFileSystem {
  constructor(
    readonly vol: Volume,
    private readonly clock: Clock,
    /** Commands the shell has built in: `/bin/<name>` and `/usr/bin/<name>` exist for them (as
     * the stubs of just-bash's own layout do), so `/bin/rm x` works on a workspace without /bin. */
    private readonly commandNames: ReadonlySet<string> = new Set(),
    /** Source of real time, only to recognise `touch` meaning "now". */
    private readonly wallNow: () => number = () => Date.now(),
  ) {}

  /** A built-in command's stub path, when the volume has nothing there. */
  private isCommandStub(p: string): boolean {
    const m = BIN_PATH.exec(p);
    return m !== null && this.commandNames.has(m[1] ?? '') && !this.vol.existsSync(p);
  }

  /** The workspace's "now", for commands that print or compare with it (date, ls -l). */
  workspaceNow(): number {
    return this.clock.now();
  }

  /** Runs a change to the entries of the paths' directories, stamping those with the clock. */
  private entries<T>(paths: string[], f: () => T): T {
    return withDirTimes(this.vol, this.clock, paths, f);
  }

  private stampLink(path: string): void {
    const t = this.clock.now() / 1000;
    this.vol.lutimesSync(path, t, t);
  }

  private stampNow(path: string): void {
    const t = this.clock.now() / 1000;
    this.vol.utimesSync(path, t, t);
  }

  /** A device's content: an endless one's least bound (a run's own reads get its script's
   * bound from run.ts), nothing for /dev/null. */
  private deviceBytes(path: string): Uint8Array {
    return ENDLESS_DEVICES.has(path) ? endlessDeviceBytes(path, ENDLESS_BYTES.least) : new Uint8Array(0);
  }

  private isDevice(path: string): boolean {
    return DEVICES.has(normalizePath(path));
  }

  private readBytes(path: string): Uint8Array {
    const p = normalizePath(path);
    if (DEVICES.has(p)) return this.deviceBytes(p);
    if (this.vol.statSync(p).isDirectory())
      throw nodeError('EISDIR', 'illegal operation on a directory', 'read', p);
    return asBytes(this.vol.readFileSync(p));
  }

  readFile(path: string, options?: ReadFileOptions | BufferEncoding): Promise<string> {
    return this.run(() => decode(this.readBytes(path), encodingOf(options)));
  }

  readFileBytes(path: string): Promise<never> {
    // The ByteString brand is nominal; a latin1 string is exactly its runtime shape.
    return this.run(() => bytesToLatin1(this.readBytes(path)) as never);
  }

  readFileBuffer(path: string): Promise<Uint8Array> {
    return this.run(() => this.readBytes(path));
  }

  writeFile(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding): Promise<void> {
    return this.run(() => {
      if (this.isDevice(path)) return;
      const p = normalizePath(path);
      const data = encode(content, encodingOf(options));
      if (this.vol.existsSync(p)) this.vol.writeFileSync(p, data);
      else this.entries([p], () => this.vol.writeFileSync(p, data, { mode: FILE_MODE }));
      this.stampNow(p);
    });
  }

  appendFile(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding): Promise<void> {
    return this.run(() => {
      if (this.isDevice(path)) return;
      const p = normalizePath(path);
      const data = encode(content, encodingOf(options));
      if (this.vol.existsSync(p)) this.vol.appendFileSync(p, data);
      else this.entries([p], () => this.vol.appendFileSync(p, data, { mode: FILE_MODE }));
      this.stampNow(p);
    });
  }

  exists(path: string): Promise<boolean> {
    const p = normalizePath(path);
    return Promise.resolve(p === '/dev' || DEVICES.has(p) || this.isCommandStub(p) || this.vol.existsSync(p));
  }

  private statOf(path: string, follow: boolean): FsStat {
    const p = normalizePath(path);
    if (DEVICES.has(p) || (p === '/dev' && !this.vol.existsSync(p)))
      return deviceStat(p, new Date(this.clock.now()));
    if (this.isCommandStub(p))
      return {
        isFile: true,
        isDirectory: false,
        isSymbolicLink: false,
        mode: 0o755,
        size: 0,
        mtime: new Date(0),
      };
    return toFsStat(follow ? this.vol.statSync(p) : this.vol.lstatSync(p));
  }

  stat(path: string): Promise<FsStat> {
    return this.run(() => this.statOf(path, true));
  }

  lstat(path: string): Promise<FsStat> {
    return this.run(() => this.statOf(path, false));
  }

  mkdir(path: string, options?: MkdirOptions): Promise<void> {
    return this.run(() => {
      const p = normalizePath(path);
      const existed = this.vol.existsSync(p);
      if (existed) this.vol.mkdirSync(p, { recursive: options?.recursive ?? false });
      else
        this.entries([p], () =>
          this.vol.mkdirSync(p, { recursive: options?.recursive ?? false, mode: DIR_MODE }),
        );
    });
  }

  private names(path: string): string[] {
    const p = normalizePath(path);
    if (p === '/dev' && !this.vol.existsSync(p)) return [...DEVICES].map((d) => d.slice(5)).sort();
    return (this.vol.readdirSync(p) as unknown[]).map(String).sort();
  }

  readdir(path: string): Promise<string[]> {
    return this.run(() => this.names(path));
  }

  readdirWithFileTypes(path: string): Promise<DirentEntry[]> {
    return this.run(() => {
      const p = normalizePath(path);
      return this.names(p).map((name) => {
        const full = p === '/' ? `/${name}` : `${p}/${name}`;
        const s = this.statOf(full, false);
        return { name, isFile: s.isFile, isDirectory: s.isDirectory, isSymbolicLink: s.isSymbolicLink };
      });
    });
  }

  rm(path: string, options?: RmOptions): Promise<void> {
    return this.run(() => {
      const p = normalizePath(path);
      if (DEVICES.has(p)) return;
      this.entries([p], () =>
        this.vol.rmSync(p, { recursive: options?.recursive ?? false, force: options?.force ?? false }),
      );
    });
  }

  private copy(src: string, dest: string, recursive: boolean): void {
    const s = this.vol.lstatSync(src);
    if (s.isSymbolicLink()) {
      this.vol.symlinkSync(String(this.vol.readlinkSync(src)), dest);
      this.stampLink(dest);
      return;
    }
    if (s.isDirectory()) {
      if (!recursive) throw nodeError('EISDIR', 'illegal operation on a directory', 'cp', src);
      if (!this.vol.existsSync(dest)) this.vol.mkdirSync(dest);
      for (const name of this.names(src)) this.copy(`${src}/${name}`, `${dest}/${name}`, true);
      this.stampNow(dest);
      return;
    }
    this.vol.writeFileSync(dest, asBytes(this.vol.readFileSync(src)));
    this.vol.chmodSync(dest, Number(s.mode) & 0o7777);
    this.stampNow(dest);
  }

  cp(src: string, dest: string, options?: CpOptions): Promise<void> {
    return this.run(() => {
      const s = normalizePath(src);
      const d = normalizePath(dest);
      if (this.isDevice(d)) return;
      if (DEVICES.has(s)) {
        this.vol.writeFileSync(d, this.deviceBytes(s));
        this.stampNow(d);
        return;
      }
      this.entries([d], () => this.copy(s, d, options?.recursive ?? false));
    });
  }

  mv(src: string, dest: string): Promise<void> {
    return this.run(() => {
      const s = normalizePath(src);
      const d = normalizePath(dest);
      this.entries([s, d], () => this.vol.renameSync(s, d));
    });
  }

  resolvePath(base: string, path: string): string {
    return resolveAgainst(base, path);
  }

  getAllPaths(): string[] {
    return Object.keys(this.vol.toJSON());
  }

  chmod(path: string, mode: number): Promise<void> {
    return this.run(() => {
      if (!this.isDevice(path)) this.vol.chmodSync(normalizePath(path), mode);
    });
  }

  symlink(target: string, linkPath: string): Promise<void> {
    return this.run(() => {
      const p = normalizePath(linkPath);
      this.entries([p], () => {
        this.vol.symlinkSync(target, p);
        this.stampLink(p);
      });
    });
  }

  link(existingPath: string, newPath: string): Promise<void> {
    return this.run(() => {
      const p = normalizePath(newPath);
      this.entries([p], () => this.vol.linkSync(normalizePath(existingPath), p));
    });
  }

  readlink(path: string): Promise<string> {
    return this.run(() => String(this.vol.readlinkSync(normalizePath(path))));
  }

  realpath(path: string): Promise<string> {
    return this.run(() => {
      const p = normalizePath(path);
      if (DEVICES.has(p)) return p;
      return String(this.vol.realpathSync(p));
    });
  }

  utimes(path: string, atime: Date, mtime: Date): Promise<void> {
    return this.run(() => {
      if (this.isDevice(path)) return;
      const p = normalizePath(path);
      const ms = mtime.getTime();
      // just-bash stamps plain `touch` with the real time; the workspace's clock owns "now".
      const t = Math.abs(ms - this.wallNow()) < NOW_WINDOW_MS ? this.clock.now() / 1000 : ms / 1000;
      this.vol.utimesSync(
        p,
        Math.abs(atime.getTime() - this.wallNow()) < NOW_WINDOW_MS ? t : atime.getTime() / 1000,
        t,
      );
    });
  }

  private run<T>(f: () => T): Promise<T> {
    try {
      return Promise.resolve(f());
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }
}
