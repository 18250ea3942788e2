import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { FileSnapshot } from '../../session/journal';
import { zipProject, type ZipProgress } from './projectZip';

const enc = (s: string) => new TextEncoder().encode(s);

function snapshot(): FileSnapshot {
  const big = new Uint8Array(300_000);
  for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 24;
  return new Map<string, Uint8Array | { symlink: string }>([
    ['/workspace/project/src/b.ts', enc('export const b = 2;\n')],
    ['/workspace/project/a.txt', enc('a\n')],
    ['/workspace/project/img.png', big],
    ['/workspace/project/link', { symlink: 'a.txt' }],
    ['/workspace/other/x.txt', enc('not in the project\n')],
    ['/workspace/project-two/y.txt', enc('a sibling folder, not the project\n')],
  ]);
}

describe('zipProject', () => {
  it('writes the project folder only, named from its parent, in order, with a symlink as one', async () => {
    const chunks: Uint8Array[] = [];
    const seen: ZipProgress[] = [];
    const done = await zipProject(snapshot(), '/workspace/project', '/workspace', {
      write: (c) => void chunks.push(c),
      onProgress: (p) => seen.push(p),
      sliceMs: 0,
    });
    expect(done).toEqual({ files: 4, total: 4, bytes: 2 + 20 + 300_000 + 5 });
    expect(seen.at(-1)).toEqual(done);
    expect(seen.length).toBeGreaterThan(1);
    const zip = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let off = 0;
    for (const c of chunks) {
      zip.set(c, off);
      off += c.length;
    }
    const out = unzipSync(zip);
    expect(Object.keys(out)).toEqual([
      'project/a.txt',
      'project/img.png',
      'project/link',
      'project/src/b.ts',
    ]);
    expect(new TextDecoder().decode(out['project/a.txt'])).toBe('a\n');
    expect(new TextDecoder().decode(out['project/src/b.ts'])).toBe('export const b = 2;\n');
    expect(new TextDecoder().decode(out['project/link'])).toBe('a.txt');
    const img = snapshot().get('/workspace/project/img.png') as Uint8Array;
    expect(Buffer.from(out['project/img.png']!).equals(Buffer.from(img))).toBe(true);
    // The symlink's mode (lrwxrwxrwx) in its central directory entry's external attributes.
    const name = enc('project/link');
    const z = Buffer.from(zip);
    // The last copy of the name is the central directory's, 46 bytes into its entry.
    const cd = z.lastIndexOf(Buffer.from(name)) - 46;
    expect(z.subarray(cd, cd + 4).toString('latin1')).toBe('PK\x01\x02');
    const attrs = new DataView(zip.buffer, cd + 38, 4).getUint32(0, true);
    expect((attrs >>> 16).toString(8)).toBe('120777');
    expect(zip[cd + 5]).toBe(3);
  });

  it('stops when cancelled, writing no end to the zip', async () => {
    const ac = new AbortController();
    const chunks: Uint8Array[] = [];
    const run = zipProject(snapshot(), '/workspace/project', '/workspace', {
      write: (c) => {
        chunks.push(c);
        ac.abort();
      },
      signal: ac.signal,
      sliceMs: 0,
    });
    await expect(run).rejects.toThrow(/abort/i);
    // No end-of-central-directory record (PK\x05\x06).
    expect(Buffer.concat(chunks).includes(Buffer.from('PK\x05\x06', 'latin1'))).toBe(false);
  });
});
