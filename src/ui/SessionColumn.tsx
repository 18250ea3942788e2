// The session column: the run status and Stop, the open lesson, the session head with its match
// badge, the model calls, and the drivers (composer, live model) with the session settings.
import type { ReactNode, RefObject } from 'react';
import type { ToolDefinition } from '../profiles/types';
import type { SessionController, SessionState } from './controller/controller';
import type { GalleryEntry } from './corpus';
import { Divergence, Drivers } from './LazySession';
import { MatchBadge } from './MatchBadge';
import { RecordedHead } from './Recorded';
import { callsSummary } from './text';
import { RunningTasks } from './tasks/RunningTasks';
import { TasksPanel } from './tasks/TasksPanel';

export interface SessionColumnProps {
  ctl: SessionController;
  s: SessionState;
  entries: readonly GalleryEntry[];
  /** The model call tabs, for focus on keys and after a composed call. */
  tabRefs: RefObject<(HTMLButtonElement | null)[]>;
  offeredDefs: readonly ToolDefinition[];
  allDefs: readonly ToolDefinition[];
  guide?: ReactNode;
  settingsExtra?: ReactNode;
}

export function SessionColumn({
  ctl,
  s,
  entries,
  tabRefs,
  offeredDefs,
  allDefs,
  guide,
  settingsExtra,
}: SessionColumnProps) {
  const { status, live } = s;
  const play = live?.play;
  const entry = play ? entries.find((e) => e.id === play.id) : undefined;
  return (
    // A named region: the status, the calls and the composer sit in a landmark like the rest.
    <section className="middle" aria-label="Session" id="session">
      {status.kind === 'idle' && !play && !s.recording ? (
        <p className="muted">Choose a scenario from the gallery to replay it, or start a blank workspace.</p>
      ) : null}
      <div className="sticky-status">
        {status.kind === 'running' ? (
          <div className="run-status">
            <p role="status">
              {/* The recording on screen is not what runs: the status says it is the replay. */}
              {s.recording
                ? `Replaying ${status.text}… Until it lands, you see what Claude Code ${s.recording.version} recorded.`
                : `Running ${status.text}…`}
            </p>
            <button type="button" onClick={ctl.stop} aria-keyshortcuts="Escape" title="Stop (Esc)">
              Stop
            </button>
          </div>
        ) : null}
        {play ? (
          <RunningTasks
            tasks={play.session.conversation.tasks}
            onShow={() => document.querySelector<HTMLElement>('.tasks')?.scrollIntoView({ block: 'nearest' })}
          />
        ) : null}
      </div>
      {guide}
      {status.kind === 'stopped' ? (
        <p role="status" className="stopped">
          {status.deadlineS !== undefined
            ? `Stopped at its deadline (${status.deadlineS} s): ${status.text}.`
            : `Stopped by you: ${status.text}.`}{' '}
          The model calls that ran are below; you can go on composing.
        </p>
      ) : null}
      {status.kind === 'error' ? (
        <p role="alert" className="error">
          {status.text}
        </p>
      ) : null}
      {s.recording ? (
        <RecordedHead recording={s.recording} selected={s.selectedCall} onSelect={ctl.selectCall} />
      ) : play && live ? (
        <>
          <div className="scenario-head">
            <h2>{play.id}</h2>{' '}
            {live.recorded ? (
              <Divergence expected={live.recorded} actual={play.result} />
            ) : (
              <MatchBadge version={play.result.version} differences={live.differences} composed={live.composed} stopped={live.stopped} />
            )}
            {entry?.description || play.scenario.description ? (
              <p>{entry?.description || play.scenario.description}</p>
            ) : (
              <p className="muted">{callsSummary(play.scenario.turns)}</p>
            )}
            {play.problems.map((p) => (
              <p key={p} role="alert" className="error">
                {p}
              </p>
            ))}
          </div>
          <CallList ctl={ctl} s={s} tabRefs={tabRefs} />
          <p className="muted keys">
            Keys: [ ] model calls · 1–4 panes · / gallery · Esc stops what runs · ? all keys
          </p>
          <TasksPanel tasks={play.session.conversation.tasks} />
          <Drivers ctl={ctl} s={s} tabRefs={tabRefs} offeredDefs={offeredDefs} allDefs={allDefs}>
            {settingsExtra}
          </Drivers>
        </>
      ) : null}
    </section>
  );
}

function CallList({ ctl, s, tabRefs }: Pick<SessionColumnProps, 'ctl' | 's' | 'tabRefs'>) {
  const history = s.live?.play.history ?? [];
  const last = history.length - 1;
  return (
    <div className="calls" role="tablist" aria-label="Model calls" aria-orientation="vertical">
      {history.map((c, i) => (
        <button
          key={i}
          ref={(el) => {
            tabRefs.current[i] = el;
          }}
          type="button"
          role="tab"
          aria-selected={i === s.selectedCall}
          tabIndex={i === s.selectedCall ? 0 : -1}
          onClick={() => ctl.selectCall(i)}
          onKeyDown={(e) => {
            const n =
              e.key === 'ArrowRight' || e.key === 'ArrowDown'
                ? Math.min(last, i + 1)
                : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
                  ? Math.max(0, i - 1)
                  : undefined;
            if (n === undefined) return;
            e.preventDefault();
            ctl.selectCall(n);
            tabRefs.current[n]?.focus();
          }}
        >
          model call {i} · {c.calls.map((x) => x.name).join(', ') || 'no tool calls'}
          {c.calls.some((x) => x.rendered.is_error) ? (
            <span className="dot error-dot" aria-label="has an error result" />
          ) : null}
        </button>
      ))}
    </div>
  );
}
