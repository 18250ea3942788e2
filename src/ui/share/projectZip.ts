// The whole project as a .zip (Export), streamed: fflate's Zip hands out compressed chunks as
// each file is added, so the page holds the zip being written (or nothing, where the browser
// can write to a file as it goes) and never a second copy of the project. The work yields to
// the page between slices of files, so progress shows and Cancel is heard.
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FileSnapshot } from '../../session/journal';

export interface ZipProgress {
  files: number;
  total: number;
  bytes: number;
}

export interface ZipProjectOptions {
  /** Receives the zip's bytes in order; awaited, so a slow file writer holds the pace. */
  write: (chunk: Uint8Array) => void | Promise<void>;
  onProgress?: (p: ZipProgress) => void;
  signal?: AbortSignal;
  /** Milliseconds of work between yields to the page. */
  sliceMs?: number;
}

/** Unix mode bits in the high half of the external attributes (os 3: Unix). */
const S_IFREG = 0o100644;
const S_IFLNK = 0o120777;
/** Already compressed: deflating them again costs time and saves nothing. */
const STORED = /\.(zip|gz|tgz|bz2|xz|zst|7z|jar|png|jpe?g|gif|webp|pdf|woff2?|mp[34]|wasm)$/i;

/**
 * Writes every file under `dir` (an absolute folder) into a zip, named relative to `base`
 * (its parent, so the zip opens to one folder). Paths are sorted: the same project gives the
 * same zip. Returns the counts written.
 */
export async function zipProject(
  files: FileSnapshot,
  dir: string,
  base: string,
  opts: ZipProjectOptions,
): Promise<ZipProgress> {
  const paths = [...files.keys()].filter((p) => p.startsWith(`${dir}/`)).sort();
  const progress: ZipProgress = { files: 0, total: paths.length, bytes: 0 };
  const pending: Uint8Array[] = [];
  let failed: Error | undefined;
  let ended = false;
  const zip = new Zip((err, chunk, final) => {
    if (err) failed = err;
    else pending.push(chunk);
    if (final) ended = true;
  });
  const flush = async () => {
    if (failed) throw failed;
    while (pending.length) await opts.write(pending.shift()!);
  };
  const sliceMs = opts.sliceMs ?? 30;
  let sliceStart = performance.now();
  const prefix = base === '/' ? 1 : base.length + 1;
  try {
    for (const path of paths) {
      const entry = files.get(path);
      if (entry === undefined) continue;
      const name = path.slice(prefix);
      const link = !(entry instanceof Uint8Array);
      const data = link ? new TextEncoder().encode(entry.symlink) : entry;
      const file = link || STORED.test(name) ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      file.os = 3;
      file.attrs = (link ? S_IFLNK : S_IFREG) << 16;
      zip.add(file);
      file.push(data, true);
      progress.files++;
      progress.bytes += data.length;
      await flush();
      if (performance.now() - sliceStart >= sliceMs) {
        opts.onProgress?.({ ...progress });
        await new Promise((r) => setTimeout(r, 0));
        sliceStart = performance.now();
      }
      opts.signal?.throwIfAborted();
    }
    zip.end();
    await flush();
    if (!ended) throw new Error('the zip did not end');
  } catch (e) {
    zip.terminate();
    throw e;
  }
  opts.onProgress?.({ ...progress });
  return progress;
}
