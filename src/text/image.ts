// Image bytes: which format the magic number says, the pixel size from the header, and, when
// the bytes are not an image at all, the short description Claude Code's Read error gives.

export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export interface ImageInfo {
  mediaType: ImageMediaType;
  /** Undefined when the header is too short or damaged to say. */
  width?: number;
  height?: number;
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

function jpegSize(b: Uint8Array): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i++;
      continue;
    }
    // Start-of-frame markers carry the size; DHT (c4), JPG (c8) and DAC (cc) do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    i += 2 + u16be(b, i + 2);
  }
  return undefined;
}

function webpSize(b: Uint8Array): { width: number; height: number } | undefined {
  const kind = ascii(b, 12, 4);
  if (kind === 'VP8 ' && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (kind === 'VP8L' && b.length >= 25) {
    const bits = (b[21] as number) | ((b[22] as number) << 8) | ((b[23] as number) << 16) | ((b[24] as number) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (kind === 'VP8X' && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return undefined;
}

export function sniffImage(b: Uint8Array): ImageInfo | undefined {
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) {
    return b.length >= 24 ? { mediaType: 'image/png', width: u32be(b, 16), height: u32be(b, 20) } : { mediaType: 'image/png' };
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { mediaType: 'image/jpeg', ...jpegSize(b) };
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) {
    return b.length >= 10 ? { mediaType: 'image/gif', width: u16le(b, 6), height: u16le(b, 8) } : { mediaType: 'image/gif' };
  }
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return { mediaType: 'image/webp', ...webpSize(b) };
  return undefined;
}

/** The first 24 bytes, printable ASCII kept and everything else shown as `.`. */
function preview(b: Uint8Array): string {
  let s = '';
  for (const c of b.subarray(0, 24)) s += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '.';
  return s;
}

/** What a file with an image extension holds instead (read-image-bad-magic and its probes:
 * HTML and XML pages and JSON bodies are named, anything else is shown as its first 8 bytes). */
export function describeNonImage(b: Uint8Array): string {
  const head = preview(b);
  if (/^(<!doctype html|<html)/i.test(head)) return `HTML document (starts with "${head}")`;
  if (/^(<\?xml|<svg)/i.test(head)) return `XML/SVG document (starts with "${head}")`;
  if (/^[{[]/.test(head)) return `JSON/text (starts with "${head}")`;
  const hex = [...b.subarray(0, 8)].map((c) => c.toString(16).padStart(2, '0')).join(' ');
  return `unrecognized bytes (hex: ${hex})`;
}

/** Claude Code sends images of at most 2000 pixels a side; larger ones are scaled down with
 * their aspect ratio kept (read-probe-image-wide-png: 3000x40 -> 2000x27). */
export const IMAGE_MAX_SIDE = 2000;
/** The side of the square patches a patch budget counts. */
const PATCH = 28;

const patches = (w: number, h: number) => Math.ceil(w / PATCH) * Math.ceil(h / PATCH);

/**
 * The size Claude Code reports (and scales towards). First the 2000-pixel side limit; then,
 * where the version has one, the patch budget: an image whose 28-pixel patches (each side
 * rounded up) are more than the budget is scaled by the largest factor that brings them
 * within it, which puts one side on a multiple of 28 (2.1.332 probes: 1933x1933 -> 1932x1932,
 * 1988x1932 -> 1959x1904, 2000x1905 -> 1970x1876, 2000x1876 -> 1988x1865, 1990x1980 ->
 * 1932x1922; 2.1.273 sent 2000x1900 and 1940x1930 unchanged).
 */
export function displaySize(width: number, height: number, patchBudget?: number): { width: number; height: number } {
  let w = width;
  let h = height;
  if (w > IMAGE_MAX_SIDE) {
    h = Math.round((h * IMAGE_MAX_SIDE) / w);
    w = IMAGE_MAX_SIDE;
  }
  if (h > IMAGE_MAX_SIDE) {
    w = Math.round((w * IMAGE_MAX_SIDE) / h);
    h = IMAGE_MAX_SIDE;
  }
  if (patchBudget === undefined || patches(w, h) <= patchBudget) return { width: w, height: h };
  // The factors at which a side leaves a patch: that side exactly k patches long, the other
  // ceil(other * k / side) patches.
  const steps: { scale: number; width: number; height: number; count: number }[] = [];
  for (let k = Math.ceil(w / PATCH) - 1; k >= 1; k--)
    steps.push({ scale: (k * PATCH) / w, width: k * PATCH, height: Math.round((h * k * PATCH) / w), count: k * Math.ceil((h * k) / w) });
  for (let k = Math.ceil(h / PATCH) - 1; k >= 1; k--)
    steps.push({ scale: (k * PATCH) / h, width: Math.round((w * k * PATCH) / h), height: k * PATCH, count: k * Math.ceil((w * k) / h) });
  steps.sort((a, b) => b.scale - a.scale);
  for (const s of steps) if (s.count <= patchBudget) return { width: s.width, height: s.height };
  return { width: 1, height: 1 };
}

/** The pixels the image is actually scaled to: the largest size of its aspect ratio inside the
 * reported one (probe 3000x2900: reported 1960x1894, a 1959x1894 PNG sent). */
export function scaledPixels(width: number, height: number, box: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 without Buffer or btoa of a huge string (both backends, browser and Node). */
export function toBase64(b: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  let i = 0;
  for (; i + 2 < b.length; i += 3) {
    const n = ((b[i] as number) << 16) | ((b[i + 1] as number) << 8) | (b[i + 2] as number);
    chunk += B64.charAt(n >> 18) + B64.charAt((n >> 12) & 63) + B64.charAt((n >> 6) & 63) + B64.charAt(n & 63);
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  if (i < b.length) {
    const n = ((b[i] as number) << 16) | ((b[i + 1] ?? 0) << 8);
    chunk += B64.charAt(n >> 18) + B64.charAt((n >> 12) & 63) + (i + 1 < b.length ? B64.charAt((n >> 6) & 63) : '=') + '=';
  }
  parts.push(chunk);
  return parts.join('');
}
