// Importing a project into a workspace: entries from a folder, an archive or a git bundle are
// checked (paths stay inside the project, limits), filtered (.gitignore) and written. Sources
// only list entries; this file decides what lands and reports progress.
import type { ImportEntry, ImportProgress, ImportReport } from '../../workspace/importer';
import type { Workspace } from '../../workspace/types';
import { formatBytes } from '../../text/bytes';
import { GitignoreRules } from './gitignore';

export { formatBytes };

export type { ImportEntry, ImportProgress, ImportReport };

export interface ImportLimits {
  maxFiles: number;
  maxBytes: number;
}

export const DEFAULT_LIMITS: ImportLimits = { maxFiles: 100_000, maxBytes: 2 ** 30 };

export interface ImportOptions {
  /** Also import what .gitignore leaves out (and `.git`). */
  includeIgnored?: boolean;
  limits?: Partial<ImportLimits>;
  signal?: AbortSignal;
  onProgress?: (p: ImportProgress) => void;
  /** The folder to import into; the workspace's project folder by default. */
  into?: string;
}

export type ImportErrorCode = 'unsafe-path' | 'too-many-files' | 'too-large' | 'aborted' | 'bad-archive';

export class ImportError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');
/** The entry's path as project-relative segments; refuses what would land outside it. */
export function safePath(raw: string): string {
  if (raw.includes('\0'))
    throw new ImportError('unsafe-path', `Refused ${JSON.stringify(raw)}: a NUL byte in a path.`);
  if (raw.startsWith('/') || /^[A-Za-z]:[\\/]/.test(raw))
    throw new ImportError('unsafe-path', `Refused ${JSON.stringify(raw)}: an absolute path.`);
  const segs = raw.split('/').filter((s) => s !== '' && s !== '.');
  if (segs.includes('..'))
    throw new ImportError(
      'unsafe-path',
      `Refused ${JSON.stringify(raw)}: a path that leaves the project (..).`,
    );
  if (segs.length === 0)
    throw new ImportError('unsafe-path', `Refused ${JSON.stringify(raw)}: an empty path.`);
  return segs.join('/');
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ImportError('aborted', 'The import was cancelled.');
}

/** A source that applied .gitignore itself while it listed (a folder walk prunes ignored
 * folders instead of listing node_modules). */
export interface FilteredSource {
  filtered: true;
  entries: Iterable<ImportEntry> | AsyncIterable<ImportEntry>;
  skipped: number;
}

/** A backend's fast path for new files (memfs: backends/memfs/bulk.ts); false: not taken. */
export interface NewFileWriter {
  write(abs: string, bytes: Uint8Array, mode: number): boolean;
  finish(): void;
}

/** Files per progress report: often enough to move a bar, rarely enough to cost nothing. */
const REPORT_EVERY = 500;

/** Checks, filters and writes the entries (listed in full first, so limits and .gitignore are
 * known before a byte is written). */
export async function importEntries(
  ws: Workspace,
  source: Iterable<ImportEntry> | AsyncIterable<ImportEntry> | FilteredSource,
  opts: ImportOptions = {},
): Promise<ImportReport> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const into = opts.into ?? ws.info.cwd;
  const filtered = 'filtered' in source;
  const all: ImportEntry[] = [];
  for await (const e of filtered ? source.entries : source) {
    checkAborted(opts.signal);
    all.push({ ...e, path: safePath(e.path), read: e.read });
  }
  const rules = new GitignoreRules();
  if (!opts.includeIgnored && !filtered)
    for (const e of all)
      if (e.path === '.gitignore' || e.path.endsWith('/.gitignore')) {
        const dir = e.path.slice(0, Math.max(0, e.path.length - '/.gitignore'.length));
        rules.add(e.path === '.gitignore' ? '' : dir, new TextDecoder().decode(await e.read()));
      }
  const kept = opts.includeIgnored || filtered ? all : all.filter((e) => !rules.fileIgnored(e.path));
  const skipped = filtered ? source.skipped : all.length - kept.length;
  let total = 0;
  for (const e of kept) total += e.size;
  if (kept.length > limits.maxFiles)
    throw new ImportError(
      'too-many-files',
      `The import has ${fmt(kept.length)} files after .gitignore; the limit is ${fmt(limits.maxFiles)}. Import a smaller folder or raise the limit.`,
    );
  if (total > limits.maxBytes)
    throw new ImportError(
      'too-large',
      `The import holds ${formatBytes(total)} after .gitignore; the limit is ${formatBytes(limits.maxBytes)}. Import a smaller folder or raise the limit.`,
    );
  const progress: ImportProgress = { files: 0, bytes: 0, skipped, total: kept.length };
  opts.onProgress?.({ ...progress });
  const made = new Set<string>();
  const mkdirs = async (dir: string) => {
    if (made.has(dir)) return;
    await ws.fs.mkdir(dir, { recursive: true });
    made.add(dir);
  };
  const fast = (ws as Workspace & { newFileWriter?: () => NewFileWriter }).newFileWriter?.();
  for (const e of kept) {
    checkAborted(opts.signal);
    const abs = `${into}/${e.path}`;
    await mkdirs(abs.slice(0, abs.lastIndexOf('/')));
    if (e.symlink !== undefined) await ws.fs.symlink(e.symlink, abs);
    else {
      const bytes = await e.read();
      if (progress.bytes + bytes.byteLength > limits.maxBytes)
        throw new ImportError('too-large', `The import passed ${formatBytes(limits.maxBytes)}, the limit.`);
      if (!fast?.write(abs, bytes, e.executable ? 0o755 : 0o644))
        await ws.fs.writeFile(abs, bytes, e.executable ? { mode: 0o755 } : undefined);
      progress.bytes += bytes.byteLength;
    }
    progress.files++;
    if (progress.files % REPORT_EVERY === 0) {
      opts.onProgress?.({ ...progress });
      // Lets the page paint and a Cancel click land.
      await new Promise((r) => setTimeout(r, 0));
    }
  }
  fast?.finish();
  opts.onProgress?.({ ...progress });
  return { ...progress, into };
}
