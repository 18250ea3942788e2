// Byte -> text the way Claude Code's readers see it: UTF-8 with U+FFFD for bad bytes, BOM
// stripped, CRLF normalised to LF for matching.
const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });

export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

export function normaliseNewlines(s: string): string {
  return s.replace(/\r\n/g, '\n');
}

export const encodeUtf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
