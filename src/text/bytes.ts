/** A byte count as the import's messages word it (binary units). */
export const formatBytes = (n: number): string =>
  n >= 2 ** 30
    ? `${(n / 2 ** 30).toFixed(1)} GiB`
    : n >= 2 ** 20
      ? `${(n / 2 ** 20).toFixed(1)} MiB`
      : n >= 1024
        ? `${(n / 1024).toFixed(1)} KiB`
        : `${n} B`;

/** Bytes as a string of one character per byte (latin1), in chunks: the spread of a whole large
 * array overflows the stack, and adding a character at a time builds a string per byte. */
export function bytesToLatin1(b: Uint8Array): string {
  let s = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < b.length; i += CHUNK) s += String.fromCharCode(...b.subarray(i, i + CHUNK));
  return s;
}
