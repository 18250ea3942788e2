// The image-codec port: what Read needs to re-encode an image the way Claude Code does (decode,
// then PNG or JPEG or WebP at a given quality). The entry that builds the workspace (the page, the
// CLI, the unit tests) chooses the implementation (Workspace.images; src/backends/image).
// Without one, Read sends an image's bytes unchanged, which matches the binary only for images
// it sends unchanged too (see imagePlan in src/text/image.ts).

/** 8-bit RGBA pixels, row after row. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface ImageCodec {
  /** PNG, JPEG, GIF (first frame) or WebP bytes as RGBA; throws on damaged data. */
  decode(bytes: Uint8Array): Promise<RgbaImage>;
  /** The binary's PNG: RGBA, libpng's adaptive filters, deflate level 6, no ancillary chunks. */
  encodePng(image: RgbaImage): Promise<Uint8Array>;
  /** The binary's JPEG: baseline, 4:2:0, standard Huffman tables, a JFIF header. */
  encodeJpeg(image: RgbaImage, quality: number): Promise<Uint8Array>;
  /** The binary's WebP: lossy, at the given quality. */
  encodeWebp(image: RgbaImage, quality: number): Promise<Uint8Array>;
}
