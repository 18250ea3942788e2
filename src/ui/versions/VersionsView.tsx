// Versions side by side: the session's model calls replayed under 2.1.273 and 2.1.332 (each on
// a fresh workspace from the same scenario), shown in two columns, call by call, with the calls
// whose results differ marked and their exact text diffed character by character (Compiler
// Explorer's diff view is the model). n / p (or the buttons) jump between differences; at
// phone width the columns stack, each cell labelled with its version. This component owns the
// view's state; the page gives it the session (the handle) and a workspace maker.
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Workspace } from '../../workspace/types';
import { PINNED_RELEASES } from '../../profiles/releases';
import type { PlaygroundHandle } from '../App';
import { MenuItem, MenuItems } from '../header/Menu';
import {
  differenceMarks,
  markId,
  type Aspect,
  type CallRow,
  type Mark,
  type Segment,
  type SideCall,
  type TurnRow,
} from './align';
import type { Recording, SideRun, VersionsComparison } from './run';
import './versions.css';

type State =
  | { kind: 'running' }
  | { kind: 'error'; text: string }
  | { kind: 'done'; data: VersionsComparison; marks: Mark[] };

const ASPECT: Record<Aspect, string> = {
  text: 'exact text',
  is_error: 'is_error',
  decision: 'permission decision',
  missing: 'only one version made this call',
};

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

function recordingText(r: Recording): string {
  if (r.kind === 'none') return 'no recording of this session for this version';
  if (r.kind === 'matches') return 'matches its recording';
  return `differs from its recording (${r.count}; first at ${r.first})`;
}

function SideHead({ side }: { side: SideRun }) {
  return (
    <div className="vs-side-head">
      <strong>Claude Code {side.version}</strong>{' '}
      <span className="muted">
        model {side.model}
        {side.defaultModel ? ' (this release’s default: the scenario names no model)' : ''}
      </span>{' '}
      <span
        className={`badge ${side.recording.kind === 'matches' ? 'allow' : side.recording.kind === 'differs' ? 'deny' : ''}`}
      >
        {recordingText(side.recording)}
      </span>
      {side.stopped ? <span className="badge">stopped: partial</span> : null}
      {side.problems.map((p) => (
        <p key={p} className="error">
          {p}
        </p>
      ))}
    </div>
  );
}

/** The exact text with this side's changed pieces marked (a React text node each). */
function Marked({ segments, kind }: { segments: Segment[]; kind: 'del' | 'ins' }) {
  const Tag = kind;
  return segments.map((s, i) => (s.changed ? <Tag key={i}>{s.text}</Tag> : <span key={i}>{s.text}</span>));
}

function Cell({
  call,
  version,
  segments,
  kind,
}: {
  call?: SideCall;
  version: string;
  segments?: Segment[];
  kind: 'del' | 'ins';
}) {
  return (
    <div className="vs-cell">
      <div className="vs-cell-head">
        <span className="vs-version">{version}</span>
        {call ? (
          <>
            {' '}
            {call.tool} <code>{call.id}</code>
            {call.is_error ? <span className="badge deny">is_error</span> : null}{' '}
            <span className="muted">decision: {call.decision}</span>
          </>
        ) : (
          <span className="muted"> no such call</span>
        )}
      </div>
      {call ? (
        <pre tabIndex={0} className="model-text vs-text" aria-label={`${version} exact text`}>
          {segments ? <Marked segments={segments} kind={kind} /> : call.text}
        </pre>
      ) : null}
    </div>
  );
}

function Row({ row, versions, current }: { row: CallRow; versions: [string, string]; current: boolean }) {
  const differs = row.differs.length > 0;
  return (
    <section
      id={differs ? markId({ turn: row.turn, call: row.index }) : undefined}
      tabIndex={differs ? -1 : undefined}
      className={`vs-row${differs ? ' vs-differs' : ''}${current ? ' vs-current' : ''}`}
      aria-label={`model call ${row.turn}, tool call ${row.index}${differs ? ': differs' : ': same'}`}
    >
      <div className="vs-row-head">
        {differs ? (
          <span className="badge deny">differs: {row.differs.map((a) => ASPECT[a]).join(', ')}</span>
        ) : (
          <span className="badge allow">same</span>
        )}
        {row.segments?.granularity === 'lines' ? (
          <span className="muted"> (diffed by lines: large text)</span>
        ) : null}
        {row.segments?.granularity === 'whole' ? (
          <span className="muted"> (the texts share little: each marked whole)</span>
        ) : null}
      </div>
      <div className="vs-cols">
        <Cell call={row.left} version={versions[0]} segments={row.segments?.left} kind="del" />
        <Cell call={row.right} version={versions[1]} segments={row.segments?.right} kind="ins" />
      </div>
    </section>
  );
}

function Turn({ turn, versions, current }: { turn: TurnRow; versions: [string, string]; current?: Mark }) {
  const a = turn.attachments;
  const attCurrent = !!current && 'attachments' in current && current.turn === turn.turn;
  return (
    <div className="vs-turn">
      <h3>model call {turn.turn}</h3>
      {turn.calls.length === 0 ? <p className="muted">No tool calls.</p> : null}
      {turn.calls.map((c) => (
        <Row
          key={c.index}
          row={c}
          versions={versions}
          current={!!current && 'call' in current && current.turn === c.turn && current.call === c.index}
        />
      ))}
      {a.left || a.right ? (
        <section
          id={a.differs ? markId({ turn: turn.turn, attachments: true }) : undefined}
          tabIndex={a.differs ? -1 : undefined}
          className={`vs-row${a.differs ? ' vs-differs' : ''}${attCurrent ? ' vs-current' : ''}`}
          aria-label={`model call ${turn.turn}, attached messages${a.differs ? ': differ' : ': same'}`}
        >
          <div className="vs-row-head">
            attached messages{' '}
            {a.differs ? (
              <span className="badge deny">differ</span>
            ) : (
              <span className="badge allow">same</span>
            )}
          </div>
          <div className="vs-cols">
            {[a.left, a.right].map((t, k) => (
              <div className="vs-cell" key={k}>
                <div className="vs-cell-head">
                  <span className="vs-version">{versions[k]}</span>
                </div>
                <pre
                  tabIndex={0}
                  className="model-text vs-text"
                  aria-label={`${versions[k] ?? ''} attached messages`}
                >
                  {t || '(none)'}
                </pre>
              </div>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

function Dialog({
  handle,
  makeWorkspace,
  onClose,
}: {
  handle: PlaygroundHandle;
  makeWorkspace: () => Promise<Workspace>;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<State>({ kind: 'running' });
  const [at, setAt] = useState(-1);
  const { scenario, id } = handle;

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  useEffect(() => {
    if (!scenario) return;
    const op = new AbortController();
    void (async () => {
      try {
        const { compareVersions } = await import('./run');
        const data = await compareVersions(makeWorkspace, id, scenario, op.signal);
        if (!op.signal.aborted) setState({ kind: 'done', data, marks: differenceMarks(data.rows) });
      } catch (e) {
        if (!op.signal.aborted) setState({ kind: 'error', text: e instanceof Error ? e.message : String(e) });
      }
    })();
    return () => op.abort();
  }, [scenario, id, makeWorkspace]);

  const marks = state.kind === 'done' ? state.marks : [];
  const jump = useCallback(
    (step: 1 | -1) => {
      if (marks.length === 0) return;
      const n = at < 0 ? (step === 1 ? 0 : marks.length - 1) : (at + step + marks.length) % marks.length;
      setAt(n);
      const m = marks[n];
      const el = m ? document.getElementById(markId(m)) : null;
      el?.scrollIntoView({ block: 'start' });
      el?.focus({ preventScroll: true });
    },
    [marks, at],
  );

  // Heard first (capture): the page's own keys ([ ] j k 1–4, Esc stopping a run) stay quiet while
  // the view is open.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        onClose();
      } else if (isTyping(e.target)) return;
      else if (e.key === 'n' || e.key === 'p') {
        e.preventDefault();
        e.stopPropagation();
        jump(e.key === 'n' ? 1 : -1);
      } else if (e.key.length === 1) e.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [jump, onClose]);

  const versions: [string, string] =
    state.kind === 'done'
      ? [state.data.sides[0].version, state.data.sides[1].version]
      : [...PINNED_RELEASES];
  return (
    <dialog
      ref={ref}
      className="vs-dialog"
      aria-labelledby="vs-title"
      onCancel={(e) => (e.preventDefault(), onClose())}
    >
      <div className="vs-top">
        <h2 id="vs-title">Versions side by side: {id ?? 'session'}</h2>
        <div className="vs-nav" role="toolbar" aria-label="Differences">
          {state.kind === 'done' ? (
            <p role="status" className="vs-count">
              {marks.length === 0
                ? 'No differences: every call got the same result under both versions.'
                : `${marks.length} difference${marks.length === 1 ? '' : 's'}${at >= 0 ? ` · at ${at + 1} of ${marks.length}` : ''}`}
            </p>
          ) : null}
          <button type="button" onClick={() => jump(-1)} disabled={marks.length === 0} aria-keyshortcuts="p">
            Previous difference (p)
          </button>
          <button type="button" onClick={() => jump(1)} disabled={marks.length === 0} aria-keyshortcuts="n">
            Next difference (n)
          </button>
          <button type="button" onClick={onClose} aria-keyshortcuts="Escape">
            Close
          </button>
        </div>
      </div>
      {state.kind === 'running' ? (
        <p role="status">Replaying the session’s model calls under {versions.join(' and ')}…</p>
      ) : null}
      {state.kind === 'error' ? (
        <p role="alert" className="error">
          {state.text}
        </p>
      ) : null}
      {state.kind === 'done' ? (
        <>
          <p className="muted">
            Each version replayed the same model calls on a fresh workspace laid out from the same files.
            Marked: text only {versions[0]} returned (struck) and only {versions[1]} returned (underlined).
            {state.data.sides[0].model !== state.data.sides[1].model
              ? ` The columns ran on different models (${state.data.sides[0].model}, ${state.data.sides[1].model}): a difference may come from the model, not the release.`
              : ''}
          </p>
          <div className="vs-cols vs-heads">
            <SideHead side={state.data.sides[0]} />
            <SideHead side={state.data.sides[1]} />
          </div>
          {state.data.rows.length === 0 ? <p className="muted">The session has no model calls yet.</p> : null}
          {state.data.rows.map((t) => (
            <Turn key={t.turn} turn={t} versions={versions} current={marks[at]} />
          ))}
        </>
      ) : null}
    </dialog>
  );
}

export function VersionsButton({
  handle,
  makeWorkspace,
}: {
  handle: PlaygroundHandle;
  makeWorkspace: () => Promise<Workspace>;
}) {
  const [open, setOpen] = useState(false);
  const back = useRef<Element | null>(null);
  const close = useCallback(() => setOpen(false), []);
  // Focus goes back once the modal is gone (while it is up the page behind it is inert).
  useEffect(() => {
    if (!open && back.current instanceof HTMLElement) {
      back.current.focus();
      back.current = null;
    }
  }, [open]);
  return (
    <>
      <MenuItems menu="view">
        <MenuItem
          disabled={!handle.scenario || handle.busy}
          title={`Replay this session under ${PINNED_RELEASES.join(' and ')} and compare the results call by call`}
          onSelect={() => {
            back.current = document.activeElement;
            setOpen(true);
          }}
        >
          Versions side by side
        </MenuItem>
      </MenuItems>
      {open
        ? createPortal(
            <Dialog handle={handle} makeWorkspace={makeWorkspace} onClose={close} />,
            document.body,
          )
        : null}
    </>
  );
}
