// The port for importing a project into a workspace (a folder, an archive, a git bundle, a
// cloned repository): the shapes the page shows and the importer it is handed. The browser entry
// loads the implementation (backends/import) on first use.
import type { Workspace } from './types';

export interface ImportEntry {
  /** Relative to the project, '/'-separated, as the source names it (checked on import). */
  path: string;
  /** Bytes, when the source knows them before reading (limits are checked early). */
  size: number;
  /** A symlink's target instead of bytes. */
  symlink?: string;
  executable?: boolean;
  /** Fresh bytes the workspace may keep (a buffer nobody else writes to). */
  read(): Promise<Uint8Array> | Uint8Array;
}

export interface ImportProgress {
  files: number;
  bytes: number;
  /** Entries left out (.gitignore, `.git`). */
  skipped: number;
  /** Entries to write in all (known once the source is listed). */
  total: number;
}

export interface ImportReport extends ImportProgress {
  /** The folder the files went to. */
  into: string;
}

export interface CloneProgress {
  /** isomorphic-git's phase ("Counting objects", "Receiving objects", "Resolving deltas"...). */
  phase: string;
  loaded: number;
  /** 0 while the server has not said. */
  total: number;
  /** Bytes received from the server so far. */
  received: number;
}

/** A picked file (a directory input's or a dropped folder's). */
export interface PickedFile {
  /** Path inside the picked folder, the folder's own name first ("proj/src/a.ts"). */
  relativePath: string;
  size: number;
  bytes(): Promise<Uint8Array>;
}

/** A file as a directory input gives it (the browser's File). */
export interface InputFile {
  webkitRelativePath: string;
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** What the page asks of the importer. */
export interface Importer {
  fromFileList(files: ArrayLike<InputFile>): PickedFile[];
  pickedEntries(files: readonly PickedFile[]): ImportEntry[];
  /** `http` is the git client's transport (isomorphic-git's HttpClient). */
  cloneEntries(opts: {
    url: string;
    corsProxy?: string;
    http: unknown;
    signal?: AbortSignal;
    onProgress?: (p: CloneProgress) => void;
  }): Promise<{ entries: ImportEntry[] }>;
  bundleEntries(bundle: Uint8Array): Promise<{ entries: ImportEntry[] }>;
  archiveEntries(name: string, bytes: Uint8Array): ImportEntry[];
  unwrapTopFolder(entries: readonly ImportEntry[]): { entries: ImportEntry[]; top?: string };
  importEntries(
    ws: Workspace,
    entries: Iterable<ImportEntry>,
    opts: { includeIgnored?: boolean; signal?: AbortSignal; onProgress?: (p: ImportProgress) => void },
  ): Promise<ImportReport>;
}
