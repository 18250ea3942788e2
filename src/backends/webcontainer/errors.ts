// Errors from WebContainer's fs API (or a guest script) as the coded values every backend uses.
import { toFsError, type FsError } from '../../workspace/types';

/** The container reports Node-style errors, sometimes only as text ("ENOENT: no such file ..."),
 * which the shared mapping reads too. */
export function containerFsError(e: unknown, syscall: string, path: string): FsError {
  return toFsError(e, syscall, path);
}
