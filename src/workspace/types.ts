// The ports the tools run on (DESIGN §3.1): the files, shell, search and clock every backend
// implements, and the language server, image codec and PDF engine the entry adds (the same on
// every backend). Types only: the core imports this folder and nothing from backends/, so tools
// run unchanged on memfs, disk and WebContainer.
import type { ImageCodec } from './image';
import type { LanguageBackend } from './language';
import type { PdfEngine } from './pdf';

export type FsErrorCode =
  'ENOENT' | 'EISDIR' | 'ENOTDIR' | 'EEXIST' | 'EACCES' | 'EPERM' | 'ELOOP' | 'ENOTEMPTY' | 'EINVAL' | 'EIO';

/** A filesystem error as Node reports it, so model-facing texts such as
 * `EISDIR: illegal operation on a directory, read '/x'` come out byte for byte. */
export class FsError extends Error {
  readonly code: FsErrorCode;
  readonly syscall: string;
  readonly path: string;
  constructor(code: FsErrorCode, syscall: string, path: string, message?: string) {
    super(message ?? `${code}: ${FS_ERROR_TEXT[code]}, ${syscall} '${path}'`);
    this.name = 'FsError';
    this.code = code;
    this.syscall = syscall;
    this.path = path;
  }
}

export const FS_ERROR_TEXT: Record<FsErrorCode, string> = {
  ENOENT: 'no such file or directory',
  EISDIR: 'illegal operation on a directory',
  ENOTDIR: 'not a directory',
  EEXIST: 'file already exists',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ELOOP: 'too many symbolic links encountered',
  ENOTEMPTY: 'directory not empty',
  EINVAL: 'invalid argument',
  EIO: 'i/o error',
};

/** An error thrown by a Node-style fs (it carries `code`, or names it at the start of its message)
 * as a coded value; a code this port does not know becomes EIO. Every backend maps errors here. */
export function toFsError(e: unknown, syscall: string, path: string): FsError {
  if (e instanceof FsError) return e;
  if (path.includes('\0')) return new FsError('EINVAL', syscall, path, nulPathMessage(path));
  const code = (e as { code?: unknown } | null)?.code;
  const found =
    typeof code === 'string' ? code : /^(E[A-Z]+)\b/.exec(e instanceof Error ? e.message : String(e))?.[1];
  return new FsError(
    found !== undefined && found in FS_ERROR_TEXT ? (found as FsErrorCode) : 'EIO',
    syscall,
    path,
  );
}

/** Node's refusal of a path with a NUL byte (ERR_INVALID_ARG_VALUE), before any system call:
 * the path as util.inspect quotes it, so the text never carries a raw NUL. */
export function nulPathMessage(path: string): string {
  const quote = !path.includes("'") ? "'" : !path.includes('"') ? '"' : !path.includes('`') ? '`' : "'";
  const named: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' };
  let shown = '';
  for (const c of path) {
    const code = c.charCodeAt(0);
    if (c === '\\' || c === quote) shown += `\\${c}`;
    else if (Object.hasOwn(named, c)) shown += named[c] as string;
    else if (code < 0x20 || code === 0x7f) shown += `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`;
    else shown += c;
  }
  const inspected = `${quote}${shown}${quote}`;
  const cut = inspected.length > 128 ? `${inspected.slice(0, 128)}...` : inspected;
  return `The argument 'path' must be a string, Uint8Array, or URL without null bytes. Received ${cut}`;
}

export function isFsError(e: unknown, code?: FsErrorCode): e is FsError {
  return e instanceof FsError && (code === undefined || e.code === code);
}

export type FileType = 'file' | 'dir' | 'symlink' | 'fifo' | 'other';

export interface Stat {
  type: FileType;
  size: number;
  /** Milliseconds since the epoch; whole milliseconds. */
  mtimeMs: number;
  /** Permission bits only (e.g. 0o644). */
  mode: number;
}

/** All paths are absolute POSIX paths. Errors are thrown as FsError. */
export interface Vfs {
  /** Follows symlinks. */
  stat(path: string): Promise<Stat>;
  /** Does not follow a final symlink. */
  lstat(path: string): Promise<Stat>;
  exists(path: string): Promise<boolean>;
  readFile(path: string): Promise<Uint8Array>;
  /** Creates or truncates; the file's mtime becomes the workspace clock's now().
   * An existing file keeps its mode unless `mode` is given. */
  writeFile(path: string, data: Uint8Array, opts?: { mode?: number }): Promise<void>;
  mkdir(path: string, opts?: { recursive?: boolean }): Promise<void>;
  /** Entry names, sorted by code unit. */
  readdir(path: string): Promise<string[]>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  rm(path: string, opts?: { recursive?: boolean }): Promise<void>;
  realpath(path: string): Promise<string>;
  symlink(target: string, path: string): Promise<void>;
  readlink(path: string): Promise<string>;
  chmod(path: string, mode: number): Promise<void>;
  /** Sets the modification time (ms). */
  utimes(path: string, mtimeMs: number): Promise<void>;
  /** Creates a named pipe where the backend can (disk); others throw EPERM. */
  mkfifo(path: string): Promise<void>;
}

export interface ShellRunOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
  /** stderr goes to stdout as the command writes it (stderr stays empty), as Claude Code runs a
   * Bash command: one stream, so `cmd-that-fails; echo after` shows the error first. */
  mergeStderr?: boolean;
  /** Bounds for work nobody waits on (a background command): past them it is stopped. */
  budget?: ShellBudget;
  /** Nobody waits on it and it may spin (a background task with a loop): a shell that runs
   * commands on the caller's thread may run it on a thread of its own, so a busy loop can be
   * stopped and cannot hold up the conversation. */
  detached?: true;
  /** Called when the command begins to run: at once by a shell that runs it at once, later by
   * one that waits for a thread to load first (the shell worker). */
  onStart?: () => void;
}

export interface ShellBudget {
  /** Time the command may keep its thread busy (waiting on files or timers is not counted). */
  cpuMs: number;
  /** Live bytes the interpreter may hold at once (just-bash's maxLiveBytes). */
  liveBytes: number;
}

export interface ShellResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** True when the command was stopped by the timeout or the signal. */
  interrupted: boolean;
  /** Stopped because it went past its budget (ShellRunOptions.budget). */
  overBudget?: true;
  /** The shell's working directory after the command (for `cd`). */
  cwdAfter: string;
  /** Bytes the command wrote to stdout and stderr, when the shell kept less of them
   * (SHELL_OUTPUT_CAP_BYTES). */
  outputBytes?: number;
  /** The signal the command's own shell ended by (`kill $$`, a crash), when neither its
   * timeout nor a stop ended it; exitCode is then bash's 128+n, which Claude Code reports
   * otherwise (Profile.bashShellSignalExit). */
  signal?: string;
  /** Where this result may part from bash's on this backend, in sentences for people (the page
   * shows them under the result); never sent to the model. */
  notes?: string[];
}

/** Bytes of each output stream a Shell keeps of one command; the rest is only counted
 * (ShellResult.outputBytes). Claude Code saves at most 64 MiB of a long output to its
 * tool-results file and names the whole size in its notice (bash-x-output-huge); `yes` must not
 * be buffered until memory runs out. */
export const SHELL_OUTPUT_CAP_BYTES = 64 * 2 ** 20;

export interface Shell {
  run(command: string, opts: ShellRunOptions): Promise<ShellResult>;
  /** Ends what the shell keeps running (workers, background commands). */
  dispose?(): void;
}

export interface SearchResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** ripgrep: the same argv native `rg` takes. */
export interface Search {
  run(
    args: string[],
    opts: { cwd: string; env?: Record<string, string>; signal?: AbortSignal },
  ): Promise<SearchResult>;
}

export interface Clock {
  /** Milliseconds since the epoch. Deterministic in replays. */
  now(): number;
  /** Milliseconds on the clock's steady timeline, what its timers count: real time, plus (a
   * replay's clock) the stretches it skipped because nothing but timers was left to run. */
  elapsed(): number;
  /** Calls `fn` once `ms` have passed on the timeline; returns what cancels it. Every wait of
   * the engine, the tools and the in-memory shell goes through here, never a global timer. */
  timer(fn: () => void, ms: number): () => void;
  /** Real work in flight (a command, a search, a file on disk): the timeline never skips while
   * any is, so a real process keeps real time. Settles as `work` does. */
  busy<T>(work: Promise<T>): Promise<T>;
  /** Waits `ms` on the timeline from inside busy work (an in-memory shell's `sleep`): the work
   * is idle meanwhile. `signal` ends the wait early (the command was stopped). */
  idle(ms: number, signal?: AbortSignal): Promise<void>;
  /** The playground's own overhead (starting a shell worker thread): the timeline stands still
   * until `work` settles, so a slow start on a loaded machine is not the command's time and a
   * scenario's `sleep` still outlasts the work it waits for. Absent: the overhead is real time. */
  hold?<T>(work: Promise<T>): Promise<T>;
}

/** Resolves after `ms` on the clock's timeline. */
/** Where a replay's deterministic clock starts (2027-01-15 08:00:00Z): a file written in a
 * session is stamped from here on, apart from the scenario's seeded times. */
export const CLOCK_START_MS = 1_800_000_000_000;

export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((r) => clock.timer(r, ms));
}

/** Calls `fn` every `ms` on the clock's timeline until the returned function is called. */
export function every(clock: Clock, ms: number, fn: () => void): () => void {
  let cancel = clock.timer(tick, ms);
  function tick() {
    cancel = clock.timer(tick, ms);
    fn();
  }
  return () => cancel();
}

/** Waits for `p`, or `ms` on the clock's timeline, whichever comes first. */
export async function within(clock: Clock, p: Promise<unknown>, ms: number): Promise<void> {
  let cancel: (() => void) | undefined;
  try {
    await Promise.race([p, new Promise<void>((r) => (cancel = clock.timer(r, ms)))]);
  } finally {
    cancel?.();
  }
}

export type BackendName = 'memfs' | 'disk' | 'webcontainer';

export interface WorkspaceInfo {
  /** $ROOT/project: the working directory. */
  cwd: string;
  /** $ROOT/home: HOME. */
  home: string;
  /** $ROOT/tmp: TMPDIR. */
  tmp: string;
  /** $ROOT. */
  root: string;
  platform: 'linux';
  backend: BackendName;
  /** What this backend does differently, for explanations (e.g. WebContainer merges a command's
   * stdout and stderr). */
  notes?: { shell?: string; search?: string };
}

/** A file's state as history keeps it: its bytes, or where a symlink points. */
export type FileEntry = Uint8Array | { symlink: string };

/** A backend that sees every change to its files before it happens (memfs: every mutation goes
 * through one Volume) offers this, so history keeps only what changed; one that cannot (a real
 * bash on disk, a WebContainer) leaves it out and history copies the tree. */
export interface ChangeFeed {
  /** `listener` is called with each absolute path a change is about to touch (a directory's
   * removal or rename names every file and symlink under it, and where they land); returns
   * the unsubscribe function. */
  subscribe(listener: (path: string) => void): () => void;
  /** The path's state now: undefined when it is absent or not a file or symlink. Fresh bytes. */
  readSync(path: string): FileEntry | undefined;
  /** Files and symlinks under dir (absolute paths), `.git` folders left out. */
  listSync(dir: string): string[];
}

/** The ports that do not depend on the backend: the entry that builds a workspace (src/main.tsx,
 * src/cli/backends.ts, a test) adds them. */
export interface WorkspaceServices {
  /** The LSP tool's language server; without one, a call answers that none is loaded. */
  language?: LanguageBackend;
  /** Read's image re-encoding; without one, Read sends an image's bytes unchanged. */
  images?: ImageCodec;
  /** Read's PDF page counts and renders; without one, Read cannot read a PDF. */
  pdf?: PdfEngine;
}

export interface Workspace extends WorkspaceServices {
  fs: Vfs;
  /** See ChangeFeed; absent where the backend cannot see every change. */
  changes?: ChangeFeed;
  shell: Shell;
  search: Search;
  clock: Clock;
  info: WorkspaceInfo;
  /** Frees temp directories, workers. */
  dispose(): Promise<void>;
}

/** The workspace with the entry's services added (the same object: a backend's workspace may be
 * an instance whose methods need it). */
export function withServices<W extends Workspace>(ws: W, services: WorkspaceServices): W {
  return Object.assign(ws, services);
}
