// Messages between the page and its shell worker. The worker runs just-bash; the files stay in
// the page's memfs Volume, so every filesystem call (and git, which works on the Volume) is a
// request back to the page. Everything here survives structured clone.
import type { ExecResult } from 'just-bash';
import type { ShellBudget, ShellResult } from '../../../workspace/types';

/** The IFileSystem methods the worker forwards to the page (all asynchronous ones). */
export const FS_METHODS = [
  // The worker has no clock of its own: "now" is the workspace clock's, asked when needed.
  'workspaceNow',
  'readFile',
  'readFileBytes',
  'readFileBuffer',
  'writeFile',
  'appendFile',
  'exists',
  'stat',
  'lstat',
  'mkdir',
  'readdir',
  'readdirWithFileTypes',
  'rm',
  'cp',
  'mv',
  'chmod',
  'symlink',
  'link',
  'readlink',
  'realpath',
  'utimes',
] as const;
export type FsMethod = (typeof FS_METHODS)[number];

/** An Error as just-bash reads it: its message and Node's code/syscall/path. */
export interface WireError {
  message: string;
  code?: string;
  syscall?: string;
  path?: string;
}

export interface RunRequest {
  t: 'run';
  id: number;
  command: string;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  mergeStderr?: boolean;
  budget?: ShellBudget;
  /** Every path of the volume, for the one just-bash call that wants them all at once
   * (`ls` with an unexpanded pattern); sent only when the command could need it. */
  allPaths?: string[];
}

export type ToWorker =
  | RunRequest
  | { t: 'abort'; id: number }
  | { t: 'reply'; call: number; ok: true; value: unknown }
  | { t: 'reply'; call: number; ok: false; error: WireError };

export type FromWorker =
  | { t: 'ready'; commandNames: string[] }
  /** A wait on the page's workspace clock (the worker has none of its own): `idle` for the
   * command's `sleep` (a replay's clock may skip it), busy for a timer (the command's timeout,
   * `timeout`'s limit). Answered with an empty reply when it is over. */
  | { t: 'wait'; call: number; ms: number; idle: boolean }
  /** The command no longer needs the wait `call` (it was stopped, or the timer cancelled). */
  | { t: 'cancel'; call: number }
  /** Sent every TICK_MS while a command runs: a gap means the worker's thread is busy. */
  | { t: 'tick' }
  | { t: 'fs'; call: number; method: FsMethod; args: unknown[] }
  | { t: 'git'; call: number; args: string[]; cwd: string; env: Record<string, string>; hooksDone: string[] }
  | { t: 'done'; id: number; result: ShellResult }
  | { t: 'failed'; id: number; error: WireError };

export type GitReply = ExecResult;

/** How often a worker running a command says its thread is free. */
export const TICK_MS = 100;

export function toWire(e: unknown): WireError {
  if (!(e instanceof Error)) return { message: String(e) };
  const { code, syscall, path } = e as Error & { code?: unknown; syscall?: unknown; path?: unknown };
  const w: WireError = { message: e.message };
  if (typeof code === 'string') w.code = code;
  if (typeof syscall === 'string') w.syscall = syscall;
  if (typeof path === 'string') w.path = path;
  return w;
}

export function fromWire(w: WireError): Error {
  return Object.assign(new Error(w.message), w);
}

/** The part of a Worker (or a MessagePort) both sides use. */
export interface Port {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}
