// Workspace bytes -> scenario file specs, exactly: plain UTF-8 text becomes a string (a BOM
// becomes `bom: true`, CRLF stays in the string), anything else `{base64}`. Laying the specs out
// again (scenario/materialise) gives the same bytes.
import type { FileSpec } from '../scenario/schema';
import { isFsError, type Vfs } from '../workspace/types';
import { bytesToBase64 } from './base64';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export interface SpecOptions {
  /** Seconds since the epoch, written as `mtime`. */
  mtimeSec?: number;
  /** Permission bits, written as `mode` unless a plain file's 0644 or 0666 (memfs's default). */
  mode?: number;
}

export function bytesToFileSpec(bytes: Uint8Array, opts: SpecOptions = {}): FileSpec {
  const meta: { mtime?: number; mode?: string } = {};
  if (opts.mtimeSec !== undefined) meta.mtime = opts.mtimeSec;
  if (opts.mode !== undefined && opts.mode !== 0o644 && opts.mode !== 0o666)
    meta.mode = `0${(opts.mode & 0o7777).toString(8).padStart(3, '0')}`;
  let text: string | null = null;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    text = null;
  }
  if (text === null) return { base64: bytesToBase64(bytes), ...meta };
  const bom = text.startsWith('\ufeff');
  if (bom) return { text: text.slice(1), bom: true, ...meta };
  return Object.keys(meta).length ? { text, ...meta } : text;
}

export interface SnapshotOptions {
  /** Record mtimes and modes (persistence needs them; a shared scenario reads better without). */
  meta?: boolean;
  /** Relative paths to leave out. */
  skip?: (rel: string) => boolean;
}

/** Every file, symlink and empty directory under `dir`, by path relative to it, sorted. */
export async function snapshotTree(
  fs: Vfs,
  dir: string,
  opts: SnapshotOptions = {},
): Promise<Record<string, FileSpec>> {
  // Null prototype: a file named `__proto__` is a key like any other.
  const out: Record<string, FileSpec> = Object.create(null) as Record<string, FileSpec>;
  const walk = async (abs: string, rel: string): Promise<void> => {
    let names: string[];
    try {
      names = await fs.readdir(abs);
    } catch (e) {
      if (isFsError(e)) return;
      throw e;
    }
    if (names.length === 0 && rel) out[`${rel}/`] = { dir: true };
    for (const name of names) {
      const a = `${abs}/${name}`;
      const r = rel ? `${rel}/${name}` : name;
      if (opts.skip?.(r)) continue;
      const st = await fs.lstat(a);
      if (st.type === 'dir') await walk(a, r);
      else if (st.type === 'symlink') out[r] = { symlink: await fs.readlink(a) };
      else if (st.type === 'file')
        out[r] = bytesToFileSpec(
          await fs.readFile(a),
          opts.meta ? { mtimeSec: st.mtimeMs / 1000, mode: st.mode } : {},
        );
      else if (st.type === 'fifo') out[r] = { fifo: true };
    }
  };
  await walk(dir, '');
  return out;
}
