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

// Input goes in small pieces: a stream inflates a whole written chunk at once, so one big chunk
// would expand completely (a 150 KB bomb to 150 MB) before the reader could stop it. A 1 KB
// piece inflates to at most about 1 MB.
const PIECE = 1024;

async function pipe(
  input: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  cap: number,
): Promise<Uint8Array | 'over'> {
  const writer = stream.writable.getWriter();
  let stopped = false;
  // The write side also fails when the data is corrupt or the reader cancels; the read side reports it.
  const written = (async () => {
    for (let i = 0; i < input.length && !stopped; i += PIECE) {
      await writer.ready;
      await writer.write(input.slice(i, i + PIECE));
    }
    if (!stopped) await writer.close();
  })().catch(() => undefined);
  try {
    return await collect(stream.readable, cap);
  } finally {
    stopped = true;
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
