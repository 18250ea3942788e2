// Tool results rendered for people, from each tool's typed outcome: a diff for Write, Edit and
// NotebookEdit, notebook cells, Grep matches, Bash output. One renderer per tool, chosen from a
// table; a tool without one (or an outcome kind a renderer does not draw) shows nothing extra.
// Everything untrusted goes through React text nodes.
import type { ReactNode } from 'react';
import type { CallRecord } from '../session/engine';
import type { BashOutcome } from '../tools/bash/bash';
import type { EditOutcome } from '../tools/edit/edit';
import type { GlobOutcome } from '../tools/glob/glob';
import type { GrepOutcome } from '../tools/grep/grep';
import type { NotebookOutcome } from '../tools/notebook-edit/notebook-edit';
import type { ReadOutcome } from '../tools/read/read';
import type { ReportFindingsOutcome } from '../tools/report-findings';
import type { WebFetchOutcome } from '../tools/web-fetch/web-fetch';
import type { WriteOutcome } from '../tools/write/write';
import { Diff, Pdf } from './LazyEditors';

function editedText(o: Extract<EditOutcome, { kind: 'edited' }>): string {
  if (o.oldString === '') return o.appliedNewString;
  return o.replaceAll
    ? o.originalFile.split(o.oldString).join(o.appliedNewString)
    : o.originalFile.replace(o.oldString, () => o.appliedNewString);
}

const MATCH_LINE = /^(.+?)([:-])(\d+)\2(.*)$/;

/** Grep content lines as a table (file, line, text) when they carry line numbers; rg's own
 * "--" separators and lines without numbers stay as they are. */
function MatchLines({ lines }: { lines: string[] }) {
  const rows = lines.map((l) => MATCH_LINE.exec(l));
  if (!rows.some((r) => r)) return <List items={lines} label="Matching lines" />;
  return (
    <table className="matches" aria-label="Matching lines">
      <tbody>
        {rows.map((m, i) =>
          m ? (
            <tr key={i} className={m[2] === '-' ? 'context' : ''}>
              <td>{m[1]}</td>
              <td>{m[3]}</td>
              <td>
                <code>{m[4]}</code>
              </td>
            </tr>
          ) : (
            <tr key={i}>
              <td colSpan={3}>
                <code>{lines[i]}</code>
              </td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

function List({ items, label }: { items: string[]; label: string }) {
  return (
    <ul className="people-list" aria-label={label}>
      {items.map((f, i) => (
        <li key={i}>
          <code>{f}</code>
        </li>
      ))}
    </ul>
  );
}

const renderers: Record<string, (outcome: unknown) => ReactNode> = {
  Edit: (u) => {
    const o = u as EditOutcome;
    if (o.kind !== 'edited') return null;
    return (
      <>
        <p className="people-head">
          {o.path}: {o.occurrences} occurrence{o.occurrences === 1 ? '' : 's'} replaced, matched by{' '}
          <strong>{o.stage}</strong>
          {o.lineEnding === 'CRLF' ? ', CRLF line endings kept' : ''}
        </p>
        <Diff original={o.originalFile} modified={editedText(o)} />
      </>
    );
  },
  Write: (u) => {
    const o = u as WriteOutcome;
    if (o.kind !== 'written') return null;
    return (
      <>
        <p className="people-head">
          {o.path}: {o.type === 'create' ? 'created' : 'overwritten'}
        </p>
        <Diff original={o.originalFile ?? ''} modified={o.content} />
      </>
    );
  },
  NotebookEdit: (u) => {
    const o = u as NotebookOutcome;
    if (o.kind !== 'edited') return null;
    return (
      <>
        <p className="people-head">
          {o.path}: cell {o.cellId ?? `#${o.index}`} ({o.cellType}) {o.editMode}
        </p>
        <Diff original={o.oldSource ?? ''} modified={o.newSource} height={120} />
        <details>
          <summary>whole notebook JSON</summary>
          <Diff original={o.originalFile} modified={o.updatedFile} />
        </details>
      </>
    );
  },
  Read: (u) => {
    const o = u as ReadOutcome;
    if (o.kind === 'text')
      return (
        <p className="people-head">
          {o.path}: lines {o.startLine}–{o.startLine + o.lines.length - 1} of {o.totalLines}
          {o.truncation ? ` (cut at the ${o.truncation.cap}-token cap)` : ''}
        </p>
      );
    if (o.kind === 'notebook')
      return (
        <ol className="cells" aria-label="Notebook cells">
          {o.cells.map((c) => (
            <li key={c.cell_id}>
              <div className="block-head">
                {c.cell_id} · {c.cellType}
                {c.execution_count !== undefined ? ` · [${c.execution_count}]` : ''}
              </div>
              <pre tabIndex={0} className="model-text">{c.source}</pre>
              {(c.outputs ?? []).map((out, i) =>
                out.image ? (
                  <img
                    key={i}
                    alt={`output ${i} of ${c.cell_id}`}
                    src={`data:${out.image.media_type};base64,${out.image.image_data}`}
                  />
                ) : (
                  <pre key={i} className="model-text output">
                    {out.text ?? ''}
                  </pre>
                ),
              )}
            </li>
          ))}
        </ol>
      );
    if (o.kind === 'pdf') return <Pdf base64={o.base64} />;
    if (o.kind === 'image' && o.dimensions)
      return (
        <p className="people-head">
          {o.dimensions.originalWidth}×{o.dimensions.originalHeight} shown at {o.dimensions.displayWidth}×
          {o.dimensions.displayHeight}, {o.originalSize} bytes
        </p>
      );
    return null;
  },
  Grep: (u) => {
    const o = u as GrepOutcome;
    if (o.kind === 'files') return <List items={o.filenames} label="Matching files" />;
    if (o.kind === 'content') return <MatchLines lines={o.lines} />;
    if (o.kind === 'count') return <List items={o.lines} label="Match counts" />;
    if (o.kind === 'rejected')
      return <pre tabIndex={0} className="model-text">{`rg ${o.args.join(' ')}\n${o.diagnostic}`}</pre>;
    return null;
  },
  Glob: (u) => {
    const o = u as GlobOutcome;
    return o.kind === 'files' ? <List items={o.filenames} label="Matching files" /> : null;
  },
  // The scripted page as the small model was given it (HTML turned to Markdown); the answer is
  // the model text above.
  WebFetch: (u) => {
    const o = u as WebFetchOutcome;
    if (o.kind !== 'fetched') return null;
    return (
      <div aria-label="Fetched page">
        <p className="people-head">
          <code>{o.url}</code>: {o.code} {o.codeText}, {o.bytes} bytes
          {o.redirect !== undefined ? <> · redirect to <code>{o.redirect}</code> not followed</> : null}
          {o.saved !== undefined ? <> · saved to <code>{o.saved}</code></> : null}
        </p>
        {o.content !== undefined ? <pre tabIndex={0}>{o.content}</pre> : null}
      </div>
    );
  },
  // Findings by file and line, most severe first as the model ranked them.
  ReportFindings: (u) => {
    const o = u as ReportFindingsOutcome;
    return (
      <>
        <p className="people-head">
          {o.findings.length} finding{o.findings.length === 1 ? '' : 's'}
          {o.level !== undefined ? `, review level ${o.level}` : ''}
        </p>
        {o.findings.length > 0 ? (
          <ol className="findings" aria-label="Findings">
            {o.findings.map((f, i) => (
              <li key={i}>
                <div>
                  <code>
                    {f.file === '' ? '(no file)' : f.file}
                    {f.line !== undefined ? `:${f.line}` : ''}
                  </code>{' '}
                  {[f.severity, f.category, f.verdict, f.outcome]
                    .filter((t) => t !== undefined)
                    .map((t) => (
                      <span key={t} className="badge">
                        {t}
                      </span>
                    ))}{' '}
                  <strong>{f.short_summary ?? f.summary}</strong>
                </div>
                {f.short_summary !== undefined ? <div>{f.summary}</div> : null}
                <div className="muted">Fails when: {f.failure_scenario}</div>
              </li>
            ))}
          </ol>
        ) : null}
      </>
    );
  },
  Bash: (u) => {
    const o = u as BashOutcome;
    if (o.kind === 'background')
      return (
        <p className="people-head">
          <code>{o.command}</code> runs in the background as {o.taskId}; output goes to {o.outputFile}
        </p>
      );
    return (
      <div className="terminal" aria-label="Bash output">
        <div>
          $ <code>{o.command}</code>{' '}
          <span className={o.exitCode === 0 || o.exitIsAnswer ? 'muted' : 'error'}>exit {o.exitCode}</span>
          {o.interrupted ? ' (interrupted)' : ''}
          {o.cwdChange ? ` · cd ${o.cwdChange.from} → ${o.cwdChange.to}` : ''}
          {o.cwdReset ? ` · shell reset to ${o.cwdReset}` : ''}
        </div>
        <pre tabIndex={0}>{o.output}</pre>
      </div>
    );
  },
};

export function PeopleView({ call }: { call: CallRecord }) {
  const render = Object.hasOwn(renderers, call.name) ? renderers[call.name] : undefined;
  if (!render || call.outcome === undefined) return null;
  const node = render(call.outcome);
  return node ? <div className="people">{node}</div> : null;
}
