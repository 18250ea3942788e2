import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { resizePixels, resizeTaps } from './image-resize';

/** The corpus' generated PNGs (readspecial): R = x, G = y, B = x * y (mod 256), opaque. */
function pattern(w: number, h: number): Uint8Array {
  const px = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) px.set([x & 255, y & 255, (x * y) & 255, 255], (y * w + x) * 4);
  return px;
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('the downscale of images over 2000 pixels a side', () => {
  // The sha256 of the RGBA pixels of the PNG the binary returned (2.1.273; 2.1.332 returned the
  // same bytes), decoded: readspecial 0036, 0315 and 0101.
  it.each([
    [20, 2001, 20, 2000, '9f3a4f74e4cc00b5847639f65974b5024b2ba0cf22ae12ce72c339dc0f51355a'],
    [2001, 20, 2000, 20, '334384dad2700d67edbee5fe30d0cb1963d74144c5bd3722508cd56e74c6dfa7'],
    [4000, 300, 2000, 150, 'c54d2042d5b9791be9c7fc17b896392b0bbe3203d65d0ea65140a7cd400cd5e8'],
  ])('%ix%i -> %ix%i gives the binary’s pixels', (w, h, nw, nh, expected) => {
    expect(sha(resizePixels(pattern(w, h), w, h, 4, nw, nh))).toBe(expected);
  });

  it('spreads one pixel over the taps the binary does (a 4000-wide impulse halved)', () => {
    const w = 4000;
    const px = new Uint8Array(w * 4);
    for (const x of [2001, 2100, 2101, 3000]) px.set([255, 255, 255, 255], x * 4);
    const out = resizePixels(px, w, 1, 4, 2000, 1);
    const red = (from: number) => Array.from({ length: 11 }, (_, i) => out[(from + i) * 4]);
    // Recorded (p1 probe of issue 13): the binary's output row around each impulse.
    expect([red(995), red(1045), red(1495)]).toEqual([
      [0, 0, 0, 4, 0, 114, 35, 0, 1, 0, 0],
      [0, 0, 1, 0, 18, 228, 18, 0, 1, 0, 0],
      [0, 0, 1, 0, 35, 114, 0, 4, 0, 0, 0],
    ]);
  });

  it('keeps every output pixel’s weights summing to one in 14-bit fixed point', () => {
    const sums = resizeTaps(4000, 2000).map((t) => t.weights.reduce((a, b) => a + b, 0));
    expect(new Set(sums)).toEqual(new Set([16384]));
  });
});
