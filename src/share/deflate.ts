// Raw DEFLATE (RFC 1951) through the platform's CompressionStream, the same API in the browser
// and in Node 20. Inflating is bounded: the stream is cancelled as soon as the output passes the
// cap, so a decompression bomb costs at most `cap` bytes of work.

async function collect(readable: ReadableStream<Uint8Array>, cap: number): Promise<Uint8Array | 'over'> {
  const reader = readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      return 'over';
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

async function pipe(input: Uint8Array, stream: CompressionStream | DecompressionStream, cap: number): Promise<Uint8Array | 'over'> {
  const writer = stream.writable.getWriter();
  // The write side fails too when the data is corrupt or the reader cancels; the read side reports it.
  const written = writer
    .write(new Uint8Array(input))
    .then(() => writer.close())
    .catch(() => undefined);
  try {
    return await collect(stream.readable, cap);
  } finally {
    await written;
  }
}

export async function deflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const r = await pipe(data, new CompressionStream('deflate-raw'), Number.MAX_SAFE_INTEGER);
  if (r === 'over') throw new Error('unreachable: no cap on deflate');
  return r;
}

export type InflateOutcome = { ok: true; bytes: Uint8Array } | { ok: false; code: 'over-cap' | 'corrupt' };

export async function inflateRawBounded(data: Uint8Array, cap: number): Promise<InflateOutcome> {
  try {
    const r = await pipe(data, new DecompressionStream('deflate-raw'), cap);
    return r === 'over' ? { ok: false, code: 'over-cap' } : { ok: true, bytes: r };
  } catch {
    return { ok: false, code: 'corrupt' };
  }
}
