// Errors from WebContainer's fs API (or a guest script) as the coded values every backend uses.
import { FsError, type FsErrorCode } from '../../workspace/types';

const KNOWN: ReadonlySet<string> = new Set<FsErrorCode>(['ENOENT', 'EISDIR', 'ENOTDIR', 'EEXIST', 'EACCES', 'EPERM', 'ELOOP', 'ENOTEMPTY', 'EINVAL', 'EIO']);

/** The container reports Node-style errors, sometimes only as text ("ENOENT: no such file ..."). */
export function containerFsError(e: unknown, syscall: string, path: string): FsError {
  if (e instanceof FsError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  const message = e instanceof Error ? e.message : String(e);
  const found = typeof code === 'string' ? code : /^(E[A-Z]+)\b/.exec(message)?.[1];
  return new FsError(found && KNOWN.has(found) ? (found as FsErrorCode) : 'EIO', syscall, path);
}
