// The workspace side: the file tree and an editor, showing the files as they were after the
// selected model call (time travel) with the changes against the call before. On the latest
// state the files can be edited: saving is an outside edit (the user or a linter changed the
// file; its mtime moves on), which the next model call sees.
import { useEffect, useMemo, useState } from 'react';
import type { FileSnapshot } from '../session/engine';
import { CodeEditor, Diff } from './LazyEditors';
import { FileTree } from './FileTree';
import { changedFiles, decodeFile, isBinary } from './text';

export interface WorkspaceProps {
  /** Files to show (absolute paths). */
  files: FileSnapshot;
  /** The files after the call before, for the change marks and the diff. */
  previous?: FileSnapshot;
  /** Paths are shown relative to this directory (the workspace root). */
  root: string;
  cwd: string;
  /** What `files` is: "after model call 2", "now". */
  label: string;
  /** Set when the files may be edited (the latest state). */
  onSave?: (path: string, text: string) => void;
}

export function Workspace({ files, previous, root, cwd, label, onSave }: WorkspaceProps) {
  const changes = useMemo(() => changedFiles(previous, files), [previous, files]);
  const paths = useMemo(
    () =>
      [
        ...new Set([...files.keys(), ...[...changes].filter(([, c]) => c === 'deleted').map(([p]) => p)]),
      ].sort(),
    [files, changes],
  );
  const [selected, setSelected] = useState<string>();
  const [showDiff, setShowDiff] = useState(true);
  const [text, setText] = useState('');
  const [newPath, setNewPath] = useState('');
  // A file just created is selected before the save has reached `files`; until then it is not
  // in `paths`, and must not be replaced by the first file.
  const [created, setCreated] = useState<string>();
  const current = selected !== undefined ? files.get(selected) : undefined;
  const shown = decodeFile(current) ?? '';

  useEffect(() => setText(shown), [shown, selected]);
  useEffect(() => {
    if (selected === undefined || (!paths.includes(selected) && selected !== created))
      setSelected(paths.find((p) => p.startsWith(cwd + '/')) ?? paths[0]);
  }, [paths, selected, cwd, created]);

  const rel = (p: string) => (p.startsWith(root + '/') ? p.slice(root.length + 1) : p);
  const change = selected ? changes.get(selected) : undefined;
  const editable = onSave !== undefined && current instanceof Uint8Array && !isBinary(current);

  return (
    <section aria-label="Workspace" className="workspace">
      <h2>
        Files <span className="muted">{label}</span>
      </h2>
      <FileTree paths={paths} changes={changes} selected={selected} onSelect={setSelected} label={rel} />
      {selected ? (
        <div className="file-view">
          <div className="file-head">
            <code>{rel(selected)}</code>
            {change && change !== 'added' ? (
              <label className="inline">
                <input type="checkbox" checked={showDiff} onChange={(e) => setShowDiff(e.target.checked)} />{' '}
                diff with the call before
              </label>
            ) : null}
          </div>
          {isBinary(current) ? (
            <p className="muted">Binary file, {(current as Uint8Array).length} bytes.</p>
          ) : change && change !== 'added' && showDiff ? (
            <Diff original={decodeFile(previous?.get(selected)) ?? ''} modified={shown} height={240} />
          ) : (
            <CodeEditor path={selected} value={shown} readOnly={!editable} onChange={setText} height={240} />
          )}
          {editable && !(change && change !== 'added' && showDiff) ? (
            <button type="button" disabled={text === shown} onClick={() => onSave?.(selected, text)}>
              Save as an outside edit
            </button>
          ) : null}
        </div>
      ) : null}
      {onSave ? (
        <form
          className="new-file"
          onSubmit={(e) => {
            e.preventDefault();
            if (newPath.trim()) {
              const path = newPath.startsWith('/') ? newPath : `${cwd}/${newPath}`;
              setCreated(path);
              setSelected(path);
              onSave(path, '');
            }
            setNewPath('');
          }}
        >
          <input
            aria-label="New file path"
            placeholder="new file (relative to the project)"
            value={newPath}
            onChange={(e) => setNewPath(e.target.value)}
          />
          <button type="submit">Create</button>
        </form>
      ) : null}
    </section>
  );
}
