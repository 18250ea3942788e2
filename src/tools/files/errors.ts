// Filesystem errors as the binary (Bun) words them: a failed read of an open file has no path
// (`EISDIR: illegal operation on a directory, read`), a path call has it (`ENOTDIR: not a
// directory, stat '<path>'`).
import type { EncodingRefusal } from '../../text/encoding';
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

const KEEP_ENCODING =
  "These tools write UTF-8 (or UTF-16LE behind its byte-order mark) and never convert a file's encoding on their own, so nothing was written. If the file is text, make the change with a shell command that reads and writes it in its own encoding (iconv, or PowerShell Get-Content/Set-Content -Encoding), or ask the user whether to convert it to UTF-8 first. To replace the whole file with new UTF-8 text anyway, delete it first, then Write it.";

/** Edit's and Write's refusal of a file whose encoding they would not keep (2.1.332). */
export const ENCODING_REFUSAL_TEXT: Readonly<Record<EncodingRefusal, string>> = {
  utf16be: `File is UTF-16 big-endian (it starts FE FF), which these tools cannot write. ${KEEP_ENCODING}`,
  'nul-bytes': `File has NUL bytes in its first 8 KB: binary data, UTF-16/UTF-32 without a byte-order mark, or text with embedded NULs. ${KEEP_ENCODING}`,
  'legacy-encoding': `File is not valid UTF-8: it uses a legacy encoding such as Windows-1252, Shift-JIS or GBK, or it is binary. ${KEEP_ENCODING}`,
};

export const ENCODING_REFUSAL_EXPLAIN: Readonly<Record<EncodingRefusal, string>> = {
  utf16be: 'The file starts with the UTF-16 big-endian byte-order mark (FE FF), which this version cannot write, so it refuses rather than convert it.',
  'nul-bytes': 'The file has NUL bytes in its first 8 KB, so this version refuses to rewrite it rather than risk changing its encoding.',
  'legacy-encoding':
    'The file holds bytes that are not UTF-8 (a legacy encoding or binary data), so this version refuses to rewrite it rather than convert its encoding; it checks this before whether the file was read.',
};
