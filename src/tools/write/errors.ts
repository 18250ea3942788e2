// Filesystem errors as the binary (Bun) words them: `EISDIR: illegal operation on a directory,
// read`, without the path Node would append.
import { FS_ERROR_TEXT, isFsError, type FsError } from '../../workspace/types';

export function fsErrorText(e: FsError): string {
  return `${e.code}: ${FS_ERROR_TEXT[e.code]}, ${e.syscall}`;
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
