// Import a Claude Code session transcript (JSONL): a summary of what was rebuilt, a box for each
// file the transcript never showed, then a replay that is compared with the recorded results.
import { useMemo, useState } from 'react';
import type { ImportedSession } from '../../drivers/import/claude-session';
import type { FileSpec, Scenario } from '../../scenario/schema';
import { readTextFile } from './files';
import { RedactionPreview } from '../redact/RedactionPreview';
import { useRedaction } from '../redact/useRedaction';

type WithSupplied = (s: Scenario, supplied: Record<string, FileSpec>) => Scenario;

const MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024;

/** A path's entry; a file named `constructor` has none until the person gives it one. */
const own = <T,>(rec: Record<string, T>, path: string): T | undefined =>
  Object.hasOwn(rec, path) ? rec[path] : undefined;

export function ImportSessionDialog({
  onClose,
  onReplay,
}: {
  onClose: () => void;
  onReplay: (s: Scenario, id: string) => void;
}) {
  // The importer (loaded on first use) comes with its session, so the dialog can fill files in.
  const [imported, setImported] = useState<ImportedSession & { withSuppliedFiles: WithSupplied }>();
  const [error, setError] = useState<string>();
  const [supplied, setSupplied] = useState<Record<string, string>>({});
  // Files picked from disk, byte for byte (binary, BOM, CRLF kept); they win over pasted text.
  const [picked, setPicked] = useState<Record<string, FileSpec>>({});

  const load = async (f: File) => {
    setError(undefined);
    const r = await readTextFile(f, MAX_TRANSCRIPT_BYTES);
    if (!r.ok) return setError(r.message);
    const { describeImportError, importClaudeSession, withSuppliedFiles } = await import('./core');
    const imp = importClaudeSession(r.text);
    if (!imp.ok) return setError(`${f.name}: ${describeImportError(imp.error)}`);
    setImported({ ...imp.value, withSuppliedFiles });
    setSupplied({});
    setPicked({});
  };

  // The session as it would open, pasted and picked files in: secrets are looked for in all of it.
  const candidate = useMemo(() => {
    if (!imported) return undefined;
    const files: Record<string, FileSpec> = Object.fromEntries([
      ...Object.entries(supplied).filter(([, text]) => text !== ''),
      ...Object.entries(picked),
    ]);
    return imported.withSuppliedFiles(imported.scenario, files);
  }, [imported, supplied, picked]);
  const redaction = useRedaction(candidate);

  const replay = () => {
    if (!imported || !candidate) return;
    onReplay(redaction.apply(candidate), imported.scenario.id ?? 'session');
  };

  const calls = imported?.scenario.turns.reduce((n, t) => n + t.length, 0) ?? 0;
  return (
    <div role="dialog" aria-label="Import a Claude Code session" className="share-card">
      <h3>Import a Claude Code session</h3>
      <p className="muted">
        A transcript from <code>~/.claude/projects/&lt;project&gt;/&lt;session&gt;.jsonl</code>. Its tool
        calls replay here and are compared with what Claude Code returned.
      </p>
      <input
        type="file"
        accept=".jsonl,.json,.txt"
        aria-label="Session transcript"
        onChange={(e) => e.target.files?.[0] && void load(e.target.files[0])}
      />
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {imported ? (
        <>
          <p>
            {calls} tool calls in {imported.scenario.turns.length} model calls, recorded with Claude Code{' '}
            {imported.session.version ?? '(unknown version)'}
            {imported.session.model ? ` (${imported.session.model})` : ''} in{' '}
            <code>{imported.session.cwd}</code>.
          </p>
          {imported.reconstructed.length ? (
            <>
              <div>Files rebuilt from the transcript:</div>
              <ul>
                {imported.reconstructed.map((r) => (
                  <li key={r.path}>
                    <code>{r.path}</code> from {r.from}
                    {r.caveat ? <span className="muted"> — {r.caveat}</span> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {imported.unknown.length ? (
            <>
              <div>
                Files the transcript never showed (paste their content or pick the file; leave empty to leave
                them out):
              </div>
              {imported.unknown.map((u) => (
                <label key={u.path} style={{ display: 'block' }}>
                  <code>{u.path}</code> <span className="muted">— {u.reason}</span>
                  <textarea
                    rows={3}
                    aria-label={`Content of ${u.path}`}
                    value={own(supplied, u.path) ?? ''}
                    onChange={(e) => setSupplied({ ...supplied, [u.path]: e.target.value })}
                  />
                  <input
                    type="file"
                    aria-label={`File for ${u.path}`}
                    onChange={(e) => {
                      const f = e.target.files?.[0];
                      if (!f) return;
                      void f.arrayBuffer().then(async (buf) => {
                        const { bytesToFileSpec } = await import('./core');
                        setPicked((p) => ({ ...p, [u.path]: bytesToFileSpec(new Uint8Array(buf)) }));
                      });
                    }}
                  />
                  {own(picked, u.path) !== undefined ? (
                    <span className="muted">
                      {' '}
                      picked ({typeof own(picked, u.path) === 'string' ? 'text' : 'exact bytes'})
                    </span>
                  ) : null}
                </label>
              ))}
            </>
          ) : null}
          <RedactionPreview redaction={redaction} />
          {imported.notes.length ? (
            <ul>
              {imported.notes.map((n) => (
                <li key={n} className="muted">
                  {n}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      <div className="row">
        <button type="button" onClick={replay} disabled={!imported}>
          Replay session
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}
