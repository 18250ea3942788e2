// The synchronous filesystem the WASI shim runs over. ripgrep calls WASI synchronously from
// inside the wasm instance, so the shim needs sync access; memfs' Volume and node:fs both have
// it. Adapters (memfs.ts, disk.ts) translate to this small, typed surface.

/** WASI filetype numbers (preview1 `filetype`). */
export const FT_UNKNOWN = 0;
export const FT_BLOCK_DEVICE = 1;
export const FT_CHARACTER_DEVICE = 2;
export const FT_DIRECTORY = 3;
export const FT_REGULAR_FILE = 4;
export const FT_SYMBOLIC_LINK = 7;

export interface SyncStat {
  /** A WASI filetype number (FT_*). */
  filetype: number;
  size: number;
  mtimeMs: number;
  ino: number;
  dev: number;
  nlink: number;
}

export interface SyncDirent {
  name: string;
  /** A WASI filetype number (FT_*). */
  filetype: number;
}

/** Errors are thrown as objects with a Node-style `code` (ENOENT, ENOTDIR, ...). */
export interface SyncFs {
  /** Opens for reading, following symlinks. */
  openRead(path: string): number;
  /** Reads into buf[off, off+len) at `pos` (null: at the fd's position). Returns bytes read. */
  read(fd: number, buf: Uint8Array, off: number, len: number, pos: number | null): number;
  close(fd: number): void;
  fstat(fd: number): SyncStat;
  stat(path: string): SyncStat;
  lstat(path: string): SyncStat;
  readdir(path: string): SyncDirent[];
  readlink(path: string): string;
  /** Optional: the open file's whole contents as a view (no copy), for a filesystem that holds
   * them in memory. The view must stay valid until close; nothing writes during a search. */
  contents?(fd: number): Uint8Array;
}

/** The subset of fs.Stats / memfs Stats both have. */
export interface NodeLikeStats {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isBlockDevice(): boolean;
  isCharacterDevice(): boolean;
  size: number | bigint;
  mtimeMs: number | bigint;
  ino: number | bigint;
  dev: number | bigint;
  nlink: number | bigint;
}

export interface NodeLikeDirent {
  name: string | { toString(): string };
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isBlockDevice(): boolean;
  isCharacterDevice(): boolean;
}

export function filetypeOf(s: Omit<NodeLikeStats, 'size' | 'mtimeMs' | 'ino' | 'dev' | 'nlink'>): number {
  if (s.isFile()) return FT_REGULAR_FILE;
  if (s.isDirectory()) return FT_DIRECTORY;
  if (s.isSymbolicLink()) return FT_SYMBOLIC_LINK;
  if (s.isBlockDevice()) return FT_BLOCK_DEVICE;
  if (s.isCharacterDevice()) return FT_CHARACTER_DEVICE;
  return FT_UNKNOWN;
}

export function fromNodeStats(s: NodeLikeStats): SyncStat {
  return {
    filetype: filetypeOf(s),
    size: Number(s.size),
    mtimeMs: Number(s.mtimeMs),
    ino: Number(s.ino),
    dev: Number(s.dev),
    nlink: Number(s.nlink),
  };
}

export function fromNodeDirents(list: readonly NodeLikeDirent[]): SyncDirent[] {
  return list.map((d) => ({ name: String(d.name), filetype: filetypeOf(d) }));
}
