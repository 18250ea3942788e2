// What Claude Code sends for an image file, found by probing the binary (issue 13; both
// versions answered alike on every probe):
// - an image within the size limits (displaySize) and of at most 512,000 bytes is sent as it is
//   (probes: 512,000 bytes padded with a PNG text chunk sent unchanged, 512,001 re-encoded);
// - an image over the size limits is scaled (src/text/image-resize.ts) and re-encoded in its own
//   kind: a PNG or a GIF becomes an RGBA PNG, a JPEG a JPEG of quality 80, a WebP a WebP; if that
//   is at most 512,000 bytes, it is sent;
// - otherwise (too many bytes, scaled or not) the pixels become a JPEG: quality 90 first, lower
//   ones while the JPEG is over 512,000 bytes (jpegQualitySearch).
import { displaySize, type ImageMediaType } from '../../text/image';
import { resizePixels } from '../../text/image-resize';
import type { ImageCodec, RgbaImage } from './image-codec';

export const MAX_IMAGE_BYTES = 512_000;
/** The quality a scaled JPEG is re-encoded with (probe: 3000x1000 JPEG -> 2000x667, quality 80). */
const SCALED_JPEG_QUALITY = 80;
/** The first quality tried when the image must become a JPEG (probes: every PNG whose JPEG at
 * 90 was at most 512,000 bytes was sent at 90). */
const FIRST_JPEG_QUALITY = 90;

export interface ModelImage {
  bytes: Uint8Array;
  mediaType: ImageMediaType;
  width: number;
  height: number;
}

/** Whether the bytes go to the model unchanged: no codec is needed for them. */
export function sentAsIs(byteLength: number, width: number, height: number): boolean {
  const d = displaySize(width, height);
  return byteLength <= MAX_IMAGE_BYTES && d.width === width && d.height === height;
}

/**
 * The qualities tried, in order, until a JPEG fits. Recorded choices (noise PNGs of 800 to 1932
 * pixels a side: 84, 75, 64, 50, 39, 30, 22, 16, 13) are not the highest quality that fits,
 * so the binary's search is not an exhaustive one; until its steps are known the emulation
 * takes the highest quality that fits (a binary search), which is at most a few steps above it.
 */
async function jpegQualitySearch(codec: ImageCodec, img: RgbaImage): Promise<Uint8Array> {
  const first = await codec.encodeJpeg(img, FIRST_JPEG_QUALITY);
  if (first.length <= MAX_IMAGE_BYTES) return first;
  let lo = 1;
  let hi = FIRST_JPEG_QUALITY - 1;
  let best: Uint8Array | undefined;
  while (lo <= hi) {
    const q = (lo + hi) >> 1;
    const out = await codec.encodeJpeg(img, q);
    if (out.length <= MAX_IMAGE_BYTES) {
      best = out;
      lo = q + 1;
    } else hi = q - 1;
  }
  return best ?? (await codec.encodeJpeg(img, 1));
}

export async function imageForModel(bytes: Uint8Array, mediaType: ImageMediaType, width: number, height: number, codec: ImageCodec): Promise<ModelImage> {
  const d = displaySize(width, height);
  const scaled = d.width !== width || d.height !== height;
  const decoded = await codec.decode(bytes);
  const img: RgbaImage = scaled
    ? { width: d.width, height: d.height, data: resizePixels(decoded.data, decoded.width, decoded.height, 4, d.width, d.height) }
    : decoded;
  const done = (b: Uint8Array, m: ImageMediaType): ModelImage => ({ bytes: b, mediaType: m, width: img.width, height: img.height });
  if (scaled) {
    // A WebP is re-encoded as a WebP by the binary; there is no WebP encoder here whose bytes
    // were compared with it, so a scaled WebP goes the JPEG way (not recorded as such).
    if (mediaType === 'image/png' || mediaType === 'image/gif') {
      const png = await codec.encodePng(img);
      if (png.length <= MAX_IMAGE_BYTES) return done(png, 'image/png');
    } else if (mediaType === 'image/jpeg') {
      const jpeg = await codec.encodeJpeg(img, SCALED_JPEG_QUALITY);
      if (jpeg.length <= MAX_IMAGE_BYTES) return done(jpeg, 'image/jpeg');
    }
  }
  return done(await jpegQualitySearch(codec, img), 'image/jpeg');
}
