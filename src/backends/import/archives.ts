// Archives as import entries: .zip (fflate) and .tar / .tar.gz (fflate's gunzip and the small
// ustar reader below: regular files, symlinks, folders, pax and GNU long names).
import { gunzipSync, unzipSync } from 'fflate';
import { ImportError, type ImportEntry } from './import';

/** Bytes decompressed per unzip pass: the zip is inflated in batches, not all at once. */
const ZIP_BATCH_BYTES = 64 * 2 ** 20;

export function zipEntries(zip: Uint8Array): ImportEntry[] {
  const listed: { name: string; size: number }[] = [];
  try {
    unzipSync(zip, {
      filter: (f) => {
        if (!f.name.endsWith('/')) listed.push({ name: f.name, size: f.originalSize });
        return false;
      },
    });
  } catch (e) {
    throw new ImportError(
      'bad-archive',
      `Not a readable .zip: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  // Inflated on first read, a batch of neighbours at a time.
  const cache = new Map<string, Uint8Array>();
  const batchOf = (i: number): Set<string> => {
    const names = new Set<string>();
    let bytes = 0;
    for (let k = i; k < listed.length && (names.size === 0 || bytes < ZIP_BATCH_BYTES); k++) {
      const l = listed[k] as { name: string; size: number };
      names.add(l.name);
      bytes += l.size;
    }
    return names;
  };
  return listed.map((l, i) => ({
    path: l.name,
    size: l.size,
    read: () => {
      let bytes = cache.get(l.name);
      if (!bytes) {
        cache.clear();
        const want = batchOf(i);
        const out = unzipSync(zip, { filter: (f) => want.has(f.name) });
        for (const [k, v] of Object.entries(out)) cache.set(k, v);
        bytes = cache.get(l.name) ?? new Uint8Array();
      }
      cache.delete(l.name);
      return bytes;
    },
  }));
}

const dec = new TextDecoder();
const field = (b: Uint8Array, off: number, len: number): string => {
  const s = b.subarray(off, off + len);
  const nul = s.indexOf(0);
  return dec.decode(nul < 0 ? s : s.subarray(0, nul));
};
const octal = (b: Uint8Array, off: number, len: number): number => {
  // GNU base-256 for sizes past 8 GiB: the first byte's high bit.
  if (((b[off] ?? 0) & 0x80) !== 0) {
    let n = 0;
    for (let i = off + 1; i < off + len; i++) n = n * 256 + (b[i] ?? 0);
    return n;
  }
  const t = field(b, off, len).trim();
  return t === '' ? 0 : parseInt(t, 8);
};

/** pax records "len key=value\n" -> key/value. */
function paxRecords(b: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  const text = dec.decode(b);
  let i = 0;
  while (i < text.length) {
    const sp = text.indexOf(' ', i);
    if (sp < 0) break;
    const len = parseInt(text.slice(i, sp), 10);
    if (!(len > 0)) break;
    const rec = text.slice(sp + 1, i + len - 1);
    const eq = rec.indexOf('=');
    if (eq > 0) out.set(rec.slice(0, eq), rec.slice(eq + 1));
    i += len;
  }
  return out;
}

export function tarEntries(tar: Uint8Array): ImportEntry[] {
  const out: ImportEntry[] = [];
  let off = 0;
  let longName: string | undefined;
  let longLink: string | undefined;
  let pax = new Map<string, string>();
  while (off + 512 <= tar.length) {
    const h = tar.subarray(off, off + 512);
    if (h.every((x) => x === 0)) break;
    const size = octal(h, 124, 12);
    const type = String.fromCharCode(h[156] ?? 0);
    const magic = field(h, 257, 6);
    const prefix = magic.startsWith('ustar') ? field(h, 345, 155) : '';
    const body = off + 512;
    const end = body + size;
    if (end > tar.length) throw new ImportError('bad-archive', 'The tar archive ends inside a file.');
    const data = tar.subarray(body, end);
    off = body + Math.ceil(size / 512) * 512;
    if (type === 'L') {
      longName = field(data, 0, data.length);
      continue;
    }
    if (type === 'K') {
      longLink = field(data, 0, data.length);
      continue;
    }
    if (type === 'x') {
      pax = paxRecords(data);
      continue;
    }
    if (type === 'g') continue;
    const name = pax.get('path') ?? longName ?? (prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100));
    const link = pax.get('linkpath') ?? longLink ?? field(h, 157, 100);
    longName = longLink = undefined;
    pax = new Map();
    const mode = octal(h, 100, 8);
    if (type === '0' || type === '\0' || type === '7')
      out.push({ path: name, size, executable: (mode & 0o111) !== 0, read: () => data });
    else if (type === '2') out.push({ path: name, size: 0, symlink: link, read: () => new Uint8Array() });
    // Folders come from their files; hard links, devices and FIFOs are left out.
  }
  return out;
}

export function tarGzEntries(gz: Uint8Array): ImportEntry[] {
  let tar: Uint8Array;
  try {
    tar = gunzipSync(gz);
  } catch (e) {
    throw new ImportError(
      'bad-archive',
      `Not a readable .tar.gz: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  return tarEntries(tar);
}

/** The archive kind by name: `.zip`, `.tar.gz`/`.tgz`, `.tar`. */
export function archiveEntries(name: string, bytes: Uint8Array): ImportEntry[] {
  const n = name.toLowerCase();
  if (n.endsWith('.zip')) return zipEntries(bytes);
  if (n.endsWith('.tar.gz') || n.endsWith('.tgz')) return tarGzEntries(bytes);
  if (n.endsWith('.tar')) return tarEntries(bytes);
  throw new ImportError('bad-archive', `${name}: not a .zip, .tar.gz or .tar archive.`);
}

/** An archive whose entries all sit in one folder (GitHub's "Download ZIP" holds `repo-main/`)
 * is that folder's project: the folder is dropped from every path, and named for the report. */
export function unwrapTopFolder(entries: readonly ImportEntry[]): { entries: ImportEntry[]; top?: string } {
  const clean = (p: string) => p.replace(/^(\.\/)+/, '');
  let top: string | undefined;
  for (const e of entries) {
    const p = clean(e.path);
    if (p === '') continue;
    const i = p.indexOf('/');
    // A file at the top, or a second folder: the archive is the project as it stands.
    if (i <= 0 || (top !== undefined && p.slice(0, i) !== top)) return { entries: [...entries] };
    top = p.slice(0, i);
  }
  if (top === undefined) return { entries: [...entries] };
  const cut = top.length + 1;
  return {
    top,
    entries: entries
      .filter((e) => clean(e.path).length > cut)
      .map((e) => ({
        path: clean(e.path).slice(cut),
        size: e.size,
        ...(e.symlink !== undefined ? { symlink: e.symlink } : {}),
        ...(e.executable !== undefined ? { executable: e.executable } : {}),
        read: () => e.read(),
      })),
  };
}
