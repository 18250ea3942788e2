// Bytes <-> text the way Claude Code's Edit and Write see a file: UTF-16LE when the file starts
// with an FF FE BOM, UTF-8 otherwise; the BOM stays in the text as U+FEFF (2.1.273 keeps it
// through Edit and its structured originalFile); CRLF is folded to LF for matching and put back
// on write when the file used it.

export type TextEncoding = 'utf8' | 'utf16le';
export type LineEnding = 'LF' | 'CRLF';

export interface TextFile {
  /** Decoded text with CRLF folded to LF (a BOM stays as U+FEFF). */
  content: string;
  encoding: TextEncoding;
  lineEnding: LineEnding;
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const utf16 = new TextDecoder('utf-16le', { ignoreBOM: true });
const encoder = new TextEncoder();

export function detectEncoding(bytes: Uint8Array): TextEncoding {
  return bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf16le' : 'utf8';
}

export function decodeText(bytes: Uint8Array, encoding: TextEncoding): string {
  return encoding === 'utf16le' ? utf16.decode(bytes) : utf8.decode(bytes);
}

export function encodeText(text: string, encoding: TextEncoding): Uint8Array {
  if (encoding === 'utf8') return encoder.encode(text);
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 * i] = c & 0xff;
    out[2 * i + 1] = c >> 8;
  }
  return out;
}

/** Claude Code looks at the start of the file only (4096 characters): CRLF wins when it is the
 * more common ending there. */
export function detectLineEnding(raw: string): LineEnding {
  let crlf = 0;
  let lf = 0;
  const end = Math.min(raw.length, 4096);
  for (let i = 0; i < end; i++) {
    if (raw.charCodeAt(i) === 10) {
      if (i > 0 && raw.charCodeAt(i - 1) === 13) crlf++;
      else lf++;
    }
  }
  return crlf > lf ? 'CRLF' : 'LF';
}

export function foldCrlf(s: string): string {
  return s.includes('\r\n') ? s.replaceAll('\r\n', '\n') : s;
}

/** A CRLF already in the text stays one (an Edit's new_string may carry its own). */
export function applyLineEnding(s: string, le: LineEnding): string {
  return le === 'CRLF' ? s.replace(/\r?\n/g, '\r\n') : s;
}

export function readTextFile(bytes: Uint8Array): TextFile {
  const encoding = detectEncoding(bytes);
  const raw = decodeText(bytes, encoding);
  return { content: foldCrlf(raw), encoding, lineEnding: detectLineEnding(raw) };
}

export type EncodingRefusal = 'utf16be' | 'nul-bytes' | 'legacy-encoding';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Why a version that keeps files' encodings refuses to rewrite these bytes (issue 13 probes on
 * 2.1.332): NUL bytes in the first 8 KB, or else any byte sequence that is not UTF-8, wherever
 * it is (a UTF-8 BOM does not help). UTF-16LE behind its byte-order mark is written as such. */
export function encodingRefusal(bytes: Uint8Array): EncodingRefusal | undefined {
  if (detectEncoding(bytes) === 'utf16le') return undefined;
  // An FE FF start is named as UTF-16BE before any other check, whether or not NULs or
  // undecodable bytes follow (edit-x-utf16be-refused, write-x-utf16be-refused).
  if (startsUtf16beBom(bytes)) return 'utf16be';
  if (bytes.subarray(0, 8192).includes(0)) return 'nul-bytes';
  try {
    strictUtf8.decode(bytes);
    return undefined;
  } catch {
    return 'legacy-encoding';
  }
}

export function startsUtf16beBom(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff;
}

export function stripBom(s: string): string {
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}
