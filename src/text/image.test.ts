import { describe, expect, it } from 'vitest';
import { displaySize, scaledPixels } from './image';

// Sizes the binary reported (and sent) for flat PNGs (issue 13 probes; 2.1.332 has the patch
// budget 4761, 2.1.273 none).
describe('displaySize', () => {
  it('keeps the 2000-pixel side limit and, with a patch budget, scales onto the 28-pixel grid', () => {
    const sizes: [number, number][] = [
      [1932, 1932],
      [1933, 1933],
      [4000, 4000],
      [1960, 1932],
      [1988, 1932],
      [1990, 1940],
      [1990, 1980],
      [2000, 1905],
      [2000, 1933],
      [2000, 1950],
      [2500, 2400],
      [3000, 2900],
      [2000, 1876],
      [1988, 1904],
      [2000, 1900],
      [1940, 1930],
      [4000, 3000],
      [800, 2400],
      [20, 2001],
      [1000, 3900],
    ];
    const show = (d: { width: number; height: number }) => `${d.width}x${d.height}`;
    expect(sizes.map(([w, h]) => [show(displaySize(w, h, 4761)), show(displaySize(w, h))].join(' '))).toEqual(
      [
        '1932x1932 1932x1932',
        '1932x1932 1933x1933',
        '1932x1932 2000x2000',
        '1932x1904 1960x1932',
        '1959x1904 1988x1932',
        '1953x1904 1990x1940',
        '1932x1922 1990x1980',
        '1970x1876 2000x1905',
        '1960x1894 2000x1933',
        '1953x1904 2000x1950',
        '1960x1882 2000x1920',
        '1960x1894 2000x1933',
        '1988x1865 2000x1876',
        '1960x1877 1988x1904',
        '1975x1876 2000x1900',
        '1932x1922 1940x1930',
        '2000x1500 2000x1500',
        '667x2000 667x2000',
        '20x2000 20x2000',
        '513x2000 513x2000',
      ],
    );
  });

  it('scales the pixels to the largest size of the aspect ratio inside the reported size', () => {
    expect([
      scaledPixels(3000, 2900, { width: 1960, height: 1894 }),
      scaledPixels(1988, 1932, { width: 1959, height: 1904 }),
    ]).toEqual([
      { width: 1959, height: 1894 },
      { width: 1959, height: 1904 },
    ]);
  });
});
