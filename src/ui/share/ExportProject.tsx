// Export: the whole project as a .zip, with progress and Cancel. Where the browser can write a
// file as it goes (the File System Access API), the zip streams to disk and the page holds only
// a chunk at a time; elsewhere the compressed chunks gather in a Blob (one compressed copy, never
// a second uncompressed one) that downloads at the end.
import { useRef, useState } from 'react';
import type { FileSnapshot } from '../../session/journal';
import { formatBytes } from '../../text/bytes';
import { MenuItem, MenuItems } from '../header/Menu';

export interface ProjectFiles {
  files: FileSnapshot;
  /** The project folder (absolute) and the folder its zip names entries from. */
  dir: string;
  base: string;
}

interface Writable {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}
type SavePicker = (o: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<Writable> }>;

const fmt = (n: number) => n.toLocaleString('en-US');

export function ExportProject({ project }: { project: () => Promise<ProjectFiles> }) {
  const [state, setState] = useState<{ kind: 'idle' | 'running' | 'done' | 'error'; text: string }>({
    kind: 'idle',
    text: '',
  });
  const abort = useRef<AbortController>(undefined);

  const run = async () => {
    const ac = new AbortController();
    abort.current = ac;
    const p = await project();
    const name = `${p.dir.slice(p.dir.lastIndexOf('/') + 1) || 'project'}.zip`;
    const picker = (window as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
    let out: Writable | undefined;
    if (picker) {
      try {
        const handle = await picker({
          suggestedName: name,
          types: [{ description: 'Zip archive', accept: { 'application/zip': ['.zip'] } }],
        });
        out = await handle.createWritable();
      } catch {
        // The person closed the dialog: nothing to export.
        return;
      }
    }
    const parts: Uint8Array[] = [];
    setState({ kind: 'running', text: 'Zipping the project…' });
    try {
      const { zipProject } = await import('./projectZip');
      const done = await zipProject(p.files, p.dir, p.base, {
        write: out ? (c) => out.write(c) : (c) => void parts.push(c),
        signal: ac.signal,
        onProgress: (g) =>
          setState({
            kind: 'running',
            text: `Zipping: ${fmt(g.files)} of ${fmt(g.total)} files (${formatBytes(g.bytes)})`,
          }),
      });
      if (out) await out.close();
      else {
        const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'application/zip' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = name;
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 0);
      }
      setState({
        kind: 'done',
        text: `Saved ${name}: ${fmt(done.files)} files (${formatBytes(done.bytes)}).`,
      });
    } catch (e) {
      await out?.abort().catch(() => undefined);
      setState(
        ac.signal.aborted
          ? { kind: 'idle', text: 'Export cancelled.' }
          : { kind: 'error', text: `The zip failed: ${e instanceof Error ? e.message : String(e)}` },
      );
    } finally {
      abort.current = undefined;
    }
  };

  return (
    <>
      {state.kind === 'running' ? (
        <MenuItem onSelect={() => abort.current?.abort()}>Cancel export</MenuItem>
      ) : (
        <MenuItem onSelect={() => void run()}>Export project (.zip)</MenuItem>
      )}
      {state.text ? (
        <MenuItems menu="notices">
          <span role="status" aria-label="Project export" className={`muted export-status ${state.kind}`}>
            {state.text}
          </span>
        </MenuItems>
      ) : null}
    </>
  );
}
