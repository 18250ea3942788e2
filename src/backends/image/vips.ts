// Read's image codec on wasm-vips (libvips, libpng, zlib-ng and libjpeg-turbo compiled to
// WebAssembly): the same libraries as the binary's image pipeline, so the same bytes. Measured
// on the binary's outputs (issue 13: readspecial 0036, 0101, 0315, 0060 and probes of noise,
// flat, gradient, grey and alpha PNGs, JPEG, GIF and WebP inputs): pngsave with all filters is
// byte for byte the binary's PNG once libvips' pHYs chunk is dropped; jpegsave with 4:2:0
// always on is the binary's JPEG once a JFIF header (version 1.01, no units, density 1x1) is
// put back; webpsave's bytes are the binary's as they are. The module (a 5 MB wasm) is loaded on the first image that needs re-encoding.
import type { ImageCodec, RgbaImage } from '../../workspace/image';

interface VipsImage {
  width: number;
  height: number;
  bands: number;
  bandjoin(x: number[] | VipsImage[]): VipsImage;
  colourspace(space: string): VipsImage;
  interpretation: string;
  writeToMemory(): Uint8Array;
  pngsaveBuffer(o: Record<string, unknown>): Uint8Array;
  jpegsaveBuffer(o: Record<string, unknown>): Uint8Array;
  webpsaveBuffer(o: Record<string, unknown>): Uint8Array;
  cast(format: string): VipsImage;
  format: string;
  delete(): void;
}
interface Vips {
  Image: {
    newFromBuffer(b: Uint8Array, opts?: string): VipsImage;
    newFromMemory(d: Uint8Array, w: number, h: number, bands: number, format: string): VipsImage;
  };
}
type VipsFactory = (o: Record<string, unknown>) => Promise<Vips>;

export interface VipsCodecOptions {
  /** Where the page serves vips.wasm (Vite's asset URL); Node finds it beside the module. */
  wasmUrl?: string;
}

const JFIF_APP0 = new Uint8Array([
  0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
]);

/** The PNG without its pHYs chunk (libvips always writes one; the binary's has none). */
export function dropPhys(png: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [png.subarray(0, 8)];
  let i = 8;
  while (i + 8 <= png.length) {
    const len =
      (((png[i] as number) << 24) >>> 0) +
      ((png[i + 1] as number) << 16) +
      ((png[i + 2] as number) << 8) +
      (png[i + 3] as number);
    const type = String.fromCharCode(...png.subarray(i + 4, i + 8));
    if (type !== 'pHYs') parts.push(png.subarray(i, i + 12 + len));
    i += 12 + len;
  }
  return concat(parts);
}

/** The JPEG with a JFIF APP0 right after SOI, as the binary writes it. */
export function addJfif(jpeg: Uint8Array): Uint8Array {
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) return jpeg;
  return concat([jpeg.subarray(0, 2), JFIF_APP0, jpeg.subarray(2)]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function createVipsCodec(opts: VipsCodecOptions = {}): ImageCodec {
  let loading: Promise<Vips> | undefined;
  const vips = () => {
    loading ??= (import('wasm-vips') as unknown as Promise<{ default: VipsFactory }>).then((m) =>
      m.default({
        // Only the core formats: the HEIF, JPEG XL and SVG side modules are not needed.
        dynamicLibraries: [],
        ...(opts.wasmUrl
          ? {
              locateFile: (f: string, dir: string) =>
                f.endsWith('.wasm') ? (opts.wasmUrl as string) : dir + f,
            }
          : {}),
      }),
    );
    return loading;
  };
  const fromRgba = (v: Vips, img: RgbaImage) =>
    v.Image.newFromMemory(img.data, img.width, img.height, 4, 'uchar');
  return {
    async decode(bytes) {
      const v = await vips();
      let im = v.Image.newFromBuffer(bytes);
      const owned: VipsImage[] = [im];
      try {
        if (im.format !== 'uchar') owned.push((im = im.cast('uchar')));
        if (im.bands < 3) owned.push((im = im.colourspace('srgb')));
        if (im.bands === 3) owned.push((im = im.bandjoin([255])));
        return { width: im.width, height: im.height, data: new Uint8Array(im.writeToMemory()) };
      } finally {
        for (const o of owned) o.delete();
      }
    },
    async encodePng(img) {
      const v = await vips();
      const im = fromRgba(v, img);
      try {
        return dropPhys(im.pngsaveBuffer({ filter: 'all', keep: 'none' }));
      } finally {
        im.delete();
      }
    },
    async encodeJpeg(img, quality) {
      const v = await vips();
      const im = fromRgba(v, img);
      try {
        return addJfif(im.jpegsaveBuffer({ Q: quality, keep: 'none', subsample_mode: 'on' }));
      } finally {
        im.delete();
      }
    },
    async encodeWebp(img, quality) {
      const v = await vips();
      const im = fromRgba(v, img);
      try {
        return im.webpsaveBuffer({ Q: quality, keep: 'none' });
      } finally {
        im.delete();
      }
    },
  };
}
