// Import a project into a new in-memory workspace: a folder (directory input or drag and drop),
// a .zip / .tar.gz / .tar, a git bundle, or a git repository cloned through a CORS proxy the
// person names (browsers cannot reach git hosts directly). The import code (fflate, isomorphic-git) loads on
// first use. File names come from the person's disk or an archive: they are only ever rendered
// as text.
import { useEffect, useRef, useState } from 'react';
import { formatBytes } from '../../text/bytes';
import type {
  CloneProgress,
  Importer,
  ImportEntry,
  ImportProgress,
  ImportReport,
  PickedFile,
} from '../../workspace/importer';
import type { Workspace } from '../../workspace/types';
import type { PlaygroundHandle } from '../App';
import { MenuItem, MenuItems } from '../header/Menu';
import './import.css';

type Source =
  | { kind: 'picked'; files: PickedFile[] }
  | { kind: 'archive'; name: string; file: Blob }
  | { kind: 'git'; url: string; corsProxy: string };

type Phase =
  | { kind: 'idle' }
  | { kind: 'importing'; name: string; progress?: ImportProgress; clone?: CloneProgress }
  | { kind: 'done'; name: string; report: ImportReport; top?: string }
  | { kind: 'error'; message: string };

const n = (x: number) => x.toLocaleString('en-US');

/** A dropped folder's files, walked with the entries API (drag and drop gives no FileList). */
async function droppedFiles(items: DataTransferItemList): Promise<PickedFile[]> {
  const out: PickedFile[] = [];
  const fileOf = (e: FileSystemFileEntry) => new Promise<File>((res, rej) => e.file(res, rej));
  const readAll = async (dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> => {
    const reader = dir.createReader();
    const all: FileSystemEntry[] = [];
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
      if (batch.length === 0) return all;
      all.push(...batch);
    }
  };
  const walk = async (e: FileSystemEntry): Promise<void> => {
    if (e.isDirectory) for (const c of await readAll(e as FileSystemDirectoryEntry)) await walk(c);
    else if (e.isFile) {
      const f = await fileOf(e as FileSystemFileEntry);
      out.push({
        relativePath: e.fullPath.replace(/^\//, ''),
        size: f.size,
        bytes: async () => new Uint8Array(await f.arrayBuffer()),
      });
    }
  };
  const roots = Array.from(items)
    .map((i) => i.webkitGetAsEntry())
    .filter((e): e is FileSystemEntry => e !== null);
  for (const r of roots) await walk(r);
  return out;
}

/** The import code (fflate, isomorphic-git), loaded on first use: the entry chooses it. */
export type LoadImport = () => Promise<Importer>;

export function ImportPanel({
  handle,
  busy,
  load,
}: {
  handle: PlaygroundHandle;
  busy?: boolean;
  load: LoadImport;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [includeIgnored, setIncludeIgnored] = useState(false);
  const [gitUrl, setGitUrl] = useState('');
  const [corsProxy, setCorsProxy] = useState('');
  const [gitOpen, setGitOpen] = useState(false);
  const cancel = useRef<AbortController | undefined>(undefined);

  const run = (name: string, source: Source) => {
    const op = new AbortController();
    cancel.current = op;
    setPhase({ kind: 'importing', name });
    handle.openFilled(name, async (ws: Workspace, signal: AbortSignal) => {
      const m = await load();
      const both = AbortSignal.any([signal, op.signal]);
      try {
        const { entries, top } = await sourceEntries(m, name, source, both, (clone) =>
          setPhase({ kind: 'importing', name, clone }),
        );
        const report = await m.importEntries(ws, entries, {
          includeIgnored,
          signal: both,
          onProgress: (progress) => setPhase({ kind: 'importing', name, progress }),
        });
        setPhase({ kind: 'done', name, report, top });
      } catch (e) {
        setPhase({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
        throw e;
      } finally {
        if (cancel.current === op) cancel.current = undefined;
      }
    });
  };

  const onFolder = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    // The list is live: clearing the input (so the same folder can be picked again) empties it.
    const list = Array.from(files);
    void load().then((m) => {
      const picked = m.fromFileList(list);
      run(picked[0]?.relativePath.split('/')[0] ?? 'folder', { kind: 'picked', files: picked });
    });
  };
  const onArchive = (file: File | undefined) => {
    if (file) run(file.name, { kind: 'archive', name: file.name, file });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    if (!e.dataTransfer) return;
    const items = e.dataTransfer.items;
    const first = items[0]?.webkitGetAsEntry();
    if (items.length === 1 && first?.isFile) {
      onArchive(e.dataTransfer.files[0]);
      return;
    }
    void droppedFiles(items).then(
      (files) => run(first?.name ?? 'dropped folder', { kind: 'picked', files }),
      (err: unknown) =>
        setPhase({ kind: 'error', message: `Could not read the dropped folder: ${String(err)}` }),
    );
  };

  useWindowDrop(onDrop);

  const importing = phase.kind === 'importing';
  const disabled = busy || importing;
  return (
    <>
      <ImportMenu
        disabled={disabled}
        includeIgnored={includeIgnored}
        onToggleIgnored={() => setIncludeIgnored((v) => !v)}
        onFolder={onFolder}
        onArchive={onArchive}
        onGit={() => setGitOpen(true)}
      />
      <MenuItems menu="notices">
        {gitOpen ? (
          <GitForm
            gitUrl={gitUrl}
            setGitUrl={setGitUrl}
            corsProxy={corsProxy}
            setCorsProxy={setCorsProxy}
            disabled={disabled}
            onImport={(url) => {
              setGitOpen(false);
              run(url.replace(/\/+$/, '').split('/').pop() ?? url, { kind: 'git', url, corsProxy });
            }}
            onCancel={() => setGitOpen(false)}
          />
        ) : null}
        <ImportStatus
          phase={phase}
          onCancel={() => cancel.current?.abort()}
          onClose={() => setPhase({ kind: 'idle' })}
        />
      </MenuItems>
    </>
  );
}

/** The entries of what the person chose to import: picked files, a clone, a bundle or an archive
 * (with the one folder that holds all of an archive, when there is one). */
async function sourceEntries(
  m: Importer,
  name: string,
  source: Source,
  signal: AbortSignal,
  onClone: (clone: CloneProgress) => void,
): Promise<{ entries: ImportEntry[]; top?: string }> {
  if (source.kind === 'picked') return { entries: m.pickedEntries(source.files) };
  if (source.kind === 'git') {
    const { default: http } = await import('isomorphic-git/http/web');
    const cloned = await m.cloneEntries({
      url: source.url,
      corsProxy: source.corsProxy,
      http,
      signal,
      onProgress: onClone,
    });
    return { entries: cloned.entries };
  }
  const bytes = new Uint8Array(await source.file.arrayBuffer());
  if (/\.(bundle|pack)$/i.test(name)) return { entries: (await m.bundleEntries(bytes)).entries };
  return m.unwrapTopFolder(m.archiveEntries(name, bytes));
}

/** A folder or an archive dropped anywhere on the page goes to `onDrop` (the editor keeps its
 * own drops). */
function useWindowDrop(onDrop: (e: DragEvent) => void): void {
  const dropRef = useRef(onDrop);
  dropRef.current = onDrop;
  useEffect(() => {
    const files = (e: DragEvent) =>
      !!e.dataTransfer?.types.includes('Files') &&
      !(e.target instanceof Element && e.target.closest('.monaco-editor'));
    const over = (e: DragEvent) => {
      if (files(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (files(e)) dropRef.current(e);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
}

/** The repository URL and CORS proxy of a git import (kept by the panel while the form is shut). */
function GitForm({
  gitUrl,
  setGitUrl,
  corsProxy,
  setCorsProxy,
  disabled,
  onImport,
  onCancel,
}: {
  gitUrl: string;
  setGitUrl: (url: string) => void;
  corsProxy: string;
  setCorsProxy: (url: string) => void;
  disabled: boolean | undefined;
  onImport: (url: string) => void;
  onCancel: () => void;
}) {
  return (
    <form
      className="import-git"
      aria-label="Import git repository"
      onSubmit={(e) => {
        e.preventDefault();
        const url = gitUrl.trim();
        if (!url) return;
        onImport(url);
      }}
    >
      <input
        type="url"
        aria-label="Repository URL"
        placeholder="https://github.com/owner/repo.git"
        value={gitUrl}
        autoFocus
        onChange={(e) => setGitUrl(e.target.value)}
      />
      <input
        type="url"
        aria-label="CORS proxy"
        placeholder="CORS proxy, e.g. https://cors.isomorphic-git.org"
        value={corsProxy}
        onChange={(e) => setCorsProxy(e.target.value)}
      />
      <div className="row">
        <button type="submit" disabled={disabled || gitUrl.trim() === ''}>
          Import git repository
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Where an import stands: its progress and Cancel, what it imported, or why it failed. */
function ImportStatus({
  phase,
  onCancel,
  onClose,
}: {
  phase: Phase;
  onCancel: () => void;
  onClose: () => void;
}) {
  return (
    <>
      {phase.kind === 'importing' ? (
        <div className="import-progress">
          <span role="status" className="import-status">
            Importing {phase.name}
            {phase.progress
              ? `: ${n(phase.progress.files)} of ${n(phase.progress.total)} files, ${formatBytes(phase.progress.bytes)}`
              : phase.clone
                ? `: ${phase.clone.phase} ${n(phase.clone.loaded)}${phase.clone.total ? ` of ${n(phase.clone.total)}` : ''}, ${formatBytes(phase.clone.received)} received`
                : '…'}
          </span>
          <button type="button" onClick={onCancel}>
            Cancel import
          </button>
        </div>
      ) : null}
      {phase.kind === 'done' ? (
        <div className="import-done">
          <span role="status" className="import-status" aria-label="Import result">
            Imported {n(phase.report.files)} files ({formatBytes(phase.report.bytes)}) from {phase.name}
            {phase.top ? `; the archive holds one folder, ${phase.top}/, whose files are the project` : ''}
            {phase.report.skipped > 0 ? `; ${n(phase.report.skipped)} left out by .gitignore` : ''}
          </span>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      ) : null}
      {phase.kind === 'error' ? (
        <div className="import-failed">
          <span role="alert" className="error import-status">
            {phase.message}
          </span>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The Import menu's items, and the file inputs they open. */
function ImportMenu({
  disabled,
  includeIgnored,
  onToggleIgnored,
  onFolder,
  onArchive,
  onGit,
}: {
  disabled: boolean | undefined;
  includeIgnored: boolean;
  onToggleIgnored: () => void;
  onFolder: (files: FileList | null) => void;
  onArchive: (file: File | undefined) => void;
  onGit: () => void;
}) {
  const folderInput = useRef<HTMLInputElement>(null);
  const archiveInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <MenuItems menu="import">
        <MenuItem onSelect={() => folderInput.current?.click()} disabled={disabled}>
          Import folder…
        </MenuItem>
        <MenuItem onSelect={() => archiveInput.current?.click()} disabled={disabled}>
          Import archive…
        </MenuItem>
        <MenuItem onSelect={onGit} disabled={disabled}>
          Import git repository…
        </MenuItem>
        <button
          type="button"
          role="menuitemcheckbox"
          tabIndex={-1}
          aria-checked={includeIgnored}
          onClick={onToggleIgnored}
        >
          Include .gitignored files
        </button>
      </MenuItems>
      {/* Out of sight: the menu items open them (tests set their files by these names). */}
      <input
        ref={folderInput}
        className="import-input"
        type="file"
        aria-label="Import folder"
        disabled={disabled}
        // Chromium, Firefox and Safari all take the prefixed attribute.
        {...{ webkitdirectory: '', directory: '' }}
        multiple
        onChange={(e) => {
          onFolder(e.target.files);
          e.target.value = '';
        }}
      />
      <input
        ref={archiveInput}
        className="import-input"
        type="file"
        aria-label="Import archive"
        accept=".zip,.tar.gz,.tgz,.tar,.bundle"
        disabled={disabled}
        onChange={(e) => {
          onArchive(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
