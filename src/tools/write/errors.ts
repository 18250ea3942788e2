// Filesystem errors as the binary (Bun) words them: a failed read of an open file has no path
// (`EISDIR: illegal operation on a directory, read`), a path call has it (`ENOTDIR: not a
// directory, stat '<path>'`).
import { FS_ERROR_TEXT, isFsError, type FsError } from '../../workspace/types';

export function fsErrorText(e: FsError): string {
  // Node refuses a path with a NUL byte in its own words (nulPathMessage).
  if (e.path.includes('\0')) return e.message;
  const head = `${e.code}: ${FS_ERROR_TEXT[e.code]}, ${e.syscall}`;
  return e.syscall === 'read' ? head : `${head} '${e.path}'`;
}

/** Runs f; a filesystem error becomes its text, anything else is rethrown (a crash of ours). */
export async function catchFs<T>(f: () => Promise<T>): Promise<{ ok: T } | { error: FsError }> {
  try {
    return { ok: await f() };
  } catch (e) {
    if (isFsError(e)) return { error: e };
    throw e;
  }
}
