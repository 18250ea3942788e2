// Read's re-encoding of images, against what the binary sent for the same files (probes of
// issue 13, recorded with 2.1.332; 2.1.273 sent the same bytes for every probe tried on both).
// Image data is compared as the oracle stores it: base64 length and the start of its sha256.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { createNodeServices } from '../../backends/node-services';
import { withServices } from '../../workspace/types';
import { Ledger } from '../../ledger/ledger';
import { getProfile } from '../../profiles';
import { Session } from '../../session/engine';
import { allowAll } from '../../session/permissions';
import { readTool } from '.';
import { createVipsCodec } from '../../backends/image/vips';

/** The ports the entries add to every workspace (the image codec, the PDF engine). */
const services = createNodeServices();

const CWD = '/workspace/project';

function crc32(b: Uint8Array): number {
  let c = ~0;
  for (const x of b) {
    c ^= x;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** The probes' PNGs: RGB noise from a xorshift generator or one flat colour, an RGBA colour
 * whose alpha runs diagonally, a grey gradient; `padTo` adds a text chunk so the file has
 * exactly that many bytes. */
function png(kind: 'noise' | 'flat' | 'alpha' | 'grey', w: number, h: number, padTo?: number): Uint8Array {
  const ch = kind === 'alpha' ? 4 : kind === 'grey' ? 1 : 3;
  let s = 12345;
  const rnd = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s & 255;
  };
  const pixel = (x: number, y: number, c: number): number => {
    if (kind === 'noise') return rnd();
    if (kind === 'flat') return [200, 100, 50][c] as number;
    if (kind === 'alpha') return c === 3 ? (x + y) & 255 : ([20, 120, 220][c] as number);
    return ((x * 255) / w + (y * 255) / h) & 255;
  };
  const raw = Buffer.alloc((w * ch + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < ch; c++) raw[y * (w * ch + 1) + 1 + x * ch + c] = pixel(x, y, c);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = { 1: 0, 3: 2, 4: 6 }[ch] as number;
  const sig = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const rest = [chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', new Uint8Array(0))];
  const head = Buffer.concat([sig, chunk('IHDR', ihdr)]);
  const size = head.length + rest.reduce((n, c) => n + c.length, 0);
  const pad =
    padTo === undefined
      ? []
      : [chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(padTo - size - 12 - 8, 65)]))];
  return new Uint8Array(Buffer.concat([head, ...pad, ...rest]));
}

const stored = (b64: string) =>
  `<base64 len=${b64.length} sha256=${createHash('sha256').update(b64).digest('hex').slice(0, 16)}>`;

async function readImage(name: string, bytes: Uint8Array, version = '2.1.332') {
  const ws = withServices(createMemfsWorkspace(), services);
  ws.vol.mkdirSync(CWD, { recursive: true });
  ws.vol.writeFileSync(`${CWD}/${name}`, bytes);
  const s = new Session({
    ws,
    profile: getProfile(version),
    model: 'claude-opus-5[1m]',
    tools: [readTool],
    offered: new Set(['Read']),
    withheld: {},
    permissions: allowAll,
    ledger: new Ledger(),
    env: { HOME: '/workspace/home' },
  });
  const rec = await s.runModelCall([{ id: 'toolu_0', name: 'Read', input: { file_path: `${CWD}/${name}` } }]);
  const r = (rec.calls[0] as (typeof rec.calls)[number]).rendered;
  return JSON.parse(
    JSON.stringify({ content: r.content, structured: r.structured, attachments: r.attachments }),
    (k, v: unknown) => ((k === 'data' || k === 'base64') && typeof v === 'string' ? stored(v) : v),
  ) as unknown;
}

const image = (data: string, mediaType: string, originalSize: number, w: number, h: number) => ({
  content: [{ type: 'image', source: { type: 'base64', data, media_type: mediaType } }],
  structured: {
    type: 'image',
    file: {
      base64: data,
      type: mediaType,
      originalSize,
      dimensions: { originalWidth: w, originalHeight: h, displayWidth: w, displayHeight: h },
    },
  },
});

const scaled = (
  data: string,
  mediaType: string,
  originalSize: number,
  [w, h]: number[],
  [dw, dh]: number[],
) => ({
  content: [{ type: 'image', source: { type: 'base64', data, media_type: mediaType } }],
  structured: {
    type: 'image',
    file: {
      base64: data,
      type: mediaType,
      originalSize,
      dimensions: { originalWidth: w, originalHeight: h, displayWidth: dw, displayHeight: dh },
    },
  },
});

describe('Read re-encodes an image as the binary does', () => {
  it('sends an image of 512,000 bytes as it is', async () => {
    const bytes = png('flat', 100, 100, 512_000);
    expect(await readImage('pad.png', bytes)).toEqual(
      image(stored(Buffer.from(bytes).toString('base64')), 'image/png', 512_000, 100, 100),
    );
  });

  it('makes one of 512,001 bytes a JPEG of quality 90', async () => {
    expect(await readImage('pad.png', png('flat', 100, 100, 512_001))).toEqual(
      image('<base64 len=1100 sha256=8de1215d03820d02>', 'image/jpeg', 512_001, 100, 100),
    );
  });

  it('lowers the quality by its binary search until the JPEG fits (800x800 noise: 84, though 86 fits)', async () => {
    expect(await readImage('n.png', png('noise', 800, 800))).toEqual(
      image('<base64 len=629888 sha256=33871030cd3fa12f>', 'image/jpeg', 1_921_453, 800, 800),
    );
  });

  it('scales a PNG over 2000 pixels and sends the binary PNG bytes (readspecial 0036: 20x2001)', async () => {
    const corpus = readFileSync(
      join(import.meta.dirname, '../../../conformance/generated/readspecial.scenarios.jsonl'),
      'utf8',
    );
    const line = corpus.split('\n').find((l) => l.includes('"id":"gen-readspecial-0036"')) as string;
    const file = (JSON.parse(line) as { files: Record<string, { base64: string }> }).files['pic.jpg'] as {
      base64: string;
    };
    expect(await readImage('pic.jpg', new Uint8Array(Buffer.from(file.base64, 'base64')))).toEqual({
      ...scaled('<base64 len=30036 sha256=20d6284f8f59590f>', 'image/png', 15_530, [20, 2001], [20, 2000]),
      attachments: [
        {
          role: 'user',
          type: 'text',
          text: '[Image: original 20x2001, displayed at 20x2000. Multiply coordinates by 1.00 to map to original image.]',
        },
      ],
    });
  });

  it('turns a grey or a translucent PNG into an RGBA PNG when it scales it', async () => {
    const note = {
      role: 'user',
      type: 'text',
      text: '[Image: original 3000x100, displayed at 2000x67. Multiply coordinates by 1.50 to map to original image.]',
    };
    expect([
      await readImage('a.png', png('alpha', 3000, 100)),
      await readImage('g.png', png('grey', 3000, 100)),
    ]).toEqual([
      {
        ...scaled('<base64 len=8752 sha256=1aec3d9cd5222829>', 'image/png', 7_124, [3000, 100], [2000, 67]),
        attachments: [note],
      },
      {
        ...scaled('<base64 len=12076 sha256=ec08e4ede69c6c0e>', 'image/png', 3_384, [3000, 100], [2000, 67]),
        attachments: [note],
      },
    ]);
  });
  it("scales a WebP and sends libwebp's bytes at quality 80", async () => {
    const [w, h] = [3000, 1000];
    const data = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        for (let c = 0; c < 4; c++)
          data[(y * w + x) * 4 + c] = c === 3 ? 255 : ((x * 255) / w + (y * 255) / h + c * 40) & 255;
    const webp = await createVipsCodec().encodeWebp({ width: w, height: h, data }, 80);
    expect(await readImage('g.webp', webp)).toEqual({
      ...scaled(
        '<base64 len=33584 sha256=c1416d714950d2e1>',
        'image/webp',
        webp.length,
        [3000, 1000],
        [2000, 667],
      ),
      attachments: [
        {
          role: 'user',
          type: 'text',
          text: '[Image: original 3000x1000, displayed at 2000x667. Multiply coordinates by 1.50 to map to original image.]',
        },
      ],
    });
  });
  it('scales a near-square image onto the patch grid in 2.1.332 only (3000x2900: reported 1960x1894, a 1959x1894 PNG)', async () => {
    const bytes = png('flat', 3000, 2900);
    const b273 = png('flat', 2000, 1900);
    expect([await readImage('f.png', bytes), await readImage('g.png', b273, '2.1.273')]).toEqual([
      {
        ...scaled(
          '<base64 len=24928 sha256=5113637f70249976>',
          'image/png',
          bytes.length,
          [3000, 2900],
          [1960, 1894],
        ),
        attachments: [
          {
            role: 'user',
            type: 'text',
            text: '[Image: original 3000x2900, displayed at 1960x1894. Multiply coordinates by 1.53 to map to original image.]',
          },
        ],
      },
      {
        ...image(stored(Buffer.from(b273).toString('base64')), 'image/png', b273.length, 2000, 1900),
        attachments: undefined,
      },
    ]);
  });
});
