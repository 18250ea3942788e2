// What Claude Code sends for an image file, found by probing the binary (issue 13; both
// versions answered alike on every probe):
// - an image within the size limits (displaySize) and of at most 512,000 bytes is sent as it is
//   (probes: 512,000 bytes padded with a PNG text chunk sent unchanged, 512,001 re-encoded);
// - an image over the size limits is scaled (src/text/image-resize.ts) and re-encoded in its own
//   kind: a PNG or a GIF becomes an RGBA PNG, a JPEG a JPEG of quality 80, a WebP a WebP; if that
//   is at most 512,000 bytes, it is sent;
// - otherwise (too many bytes, scaled or not) the pixels become a JPEG whose quality is searched
//   (jpegQualitySearch).
import { displaySize, scaledPixels, type ImageMediaType } from '../../text/image';
import { resizePixels } from '../../text/image-resize';
import type { ImageCodec, RgbaImage } from '../../workspace/image';

export const MAX_IMAGE_BYTES = 512_000;
/** The quality a scaled JPEG is re-encoded with (probe: 3000x1000 JPEG -> 2000x667, quality 80
 * by its tables; the bytes differ from ours by a little: the binary's scaled pixels of a JPEG
 * source are not those of src/text/image-resize.ts, unlike a PNG's, GIF's or WebP's). */
const SCALED_JPEG_QUALITY = 80;
/** The quality a scaled WebP is re-encoded with (probe: 3000x1000 lossy WebP -> 2000x667, the
 * binary's bytes are libwebp's at 80). */
const SCALED_WEBP_QUALITY = 80;
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
export function sentAsIs(byteLength: number, width: number, height: number, patchBudget?: number): boolean {
  const d = displaySize(width, height, patchBudget);
  return byteLength <= MAX_IMAGE_BYTES && d.width === width && d.height === height;
}

/** How many qualities the binary tries between 1 and the first quality before it settles. */
const SEARCH_STEPS = 5;

/**
 * The JPEG sent when one is needed. Found from probes (noise PNGs of 420 to 2000 pixels a
 * side, a half-noise PNG, a noise JPEG; the sizes at every quality measured with the codec):
 * a non-JPEG source is tried at quality 90 first; then five steps of a binary search over
 * 1..89 (midpoint rounded down), keeping the highest quality whose JPEG is at most 512,000
 * bytes. The recorded choices 84, 64, 30, 75, 81, 50, 39, 22, 16, 13 all follow from it and are
 * not the highest quality that fits (n800: 86 fits, 84 was sent). A JPEG source skips the
 * first try and searches 1..90 (one probe: 88 sent where 90 fitted). When no tried quality
 * fits, the lowest tried is sent (not recorded: even quality 13 of a 1932x1932 noise fits).
 */
async function jpegQualitySearch(codec: ImageCodec, img: RgbaImage, fromJpeg: boolean): Promise<Uint8Array> {
  let hi = FIRST_JPEG_QUALITY;
  if (!fromJpeg) {
    const first = await codec.encodeJpeg(img, FIRST_JPEG_QUALITY);
    if (first.length <= MAX_IMAGE_BYTES) return first;
    hi = FIRST_JPEG_QUALITY - 1;
  }
  let lo = 1;
  let best: Uint8Array | undefined;
  let lowest: Uint8Array | undefined;
  for (let step = 0; step < SEARCH_STEPS && lo <= hi; step++) {
    const q = Math.floor((lo + hi) / 2);
    const out = await codec.encodeJpeg(img, q);
    if (out.length <= MAX_IMAGE_BYTES) {
      best = out;
      lo = q + 1;
    } else {
      lowest = out;
      hi = q - 1;
    }
  }
  return best ?? (lowest as Uint8Array);
}

export async function imageForModel(
  bytes: Uint8Array,
  mediaType: ImageMediaType,
  width: number,
  height: number,
  codec: ImageCodec,
  patchBudget?: number,
): Promise<ModelImage> {
  const d = displaySize(width, height, patchBudget);
  const scaled = d.width !== width || d.height !== height;
  const decoded = await codec.decode(bytes);
  const px = scaledPixels(width, height, d);
  const img: RgbaImage = scaled
    ? {
        width: px.width,
        height: px.height,
        data: resizePixels(decoded.data, decoded.width, decoded.height, 4, px.width, px.height),
      }
    : decoded;
  const done = (b: Uint8Array, m: ImageMediaType): ModelImage => ({
    bytes: b,
    mediaType: m,
    width: img.width,
    height: img.height,
  });
  if (scaled) {
    if (mediaType === 'image/png' || mediaType === 'image/gif') {
      const png = await codec.encodePng(img);
      if (png.length <= MAX_IMAGE_BYTES) return done(png, 'image/png');
    } else if (mediaType === 'image/jpeg') {
      const jpeg = await codec.encodeJpeg(img, SCALED_JPEG_QUALITY);
      if (jpeg.length <= MAX_IMAGE_BYTES) return done(jpeg, 'image/jpeg');
    } else {
      const webp = await codec.encodeWebp(img, SCALED_WEBP_QUALITY);
      if (webp.length <= MAX_IMAGE_BYTES) return done(webp, 'image/webp');
    }
  }
  return done(await jpegQualitySearch(codec, img, mediaType === 'image/jpeg'), 'image/jpeg');
}
