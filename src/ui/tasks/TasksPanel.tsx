// The Tasks panel: the session's background tasks (Bash run_in_background, monitors, workflows)
// with their state, the output so far and a Stop button for each running one. Passive: it
// reads the session's task registry and stops through it.
import { useEffect, useState } from 'react';
import { taskKind, type BackgroundTask, type TaskRegistry } from '../../tools/background/registry';

/** The end of a long output: what fits a glance (the output file has all of it). */
export const SHOWN_OUTPUT_CHARS = 4000;

export interface TasksPanelProps {
  tasks: TaskRegistry;
}

function tail(text: string): string {
  return text.length > SHOWN_OUTPUT_CHARS ? `…${text.slice(-SHOWN_OUTPUT_CHARS)}` : text;
}

function stateText(t: BackgroundTask): string {
  if (t.status === 'running') return 'running';
  if (t.status === 'killed')
    return t.stoppedBy === 'page' ? 'stopped by you' : t.stoppedBy ? `stopped by ${t.stoppedBy}` : 'killed';
  return t.exitCode === null ? t.status : `${t.status} (exit code ${t.exitCode})`;
}

export function TasksPanel({ tasks }: TasksPanelProps) {
  const [, setTick] = useState(0);
  useEffect(() => tasks.subscribe(() => setTick((n) => n + 1)), [tasks]);
  const all = tasks.all();
  const running = all.filter((t) => t.status === 'running');
  return (
    <section aria-label="Tasks" className="tasks">
      <h3>
        Tasks <span className="muted">{running.length} running</span>
      </h3>
      {all.length === 0 ? (
        <p className="muted">
          No background tasks. Bash with run_in_background, Monitor and Workflow start them.
        </p>
      ) : null}
      <ul>
        {[...running, ...all.filter((t) => t.status !== 'running')].map((t) => (
          <li key={t.id} aria-label={`Task ${t.id}`} data-status={t.status}>
            <div className="task-head">
              <span className="task-kind">{taskKind(t)}</span>{' '}
              <code>{t.id}</code> <span className="task-state">{stateText(t)}</span>
              {t.status === 'running' ? (
                <button type="button" onClick={() => tasks.stop(t, 'page')} aria-label={`Stop ${t.id}`}>
                  Stop
                </button>
              ) : null}
            </div>
            <div className="task-what">{t.description}</div>
            <pre tabIndex={0} className="task-output" aria-label={`Output of ${t.id}`}>
              {t.output === '' ? '(no output yet)' : tail(t.output)}
            </pre>
          </li>
        ))}
      </ul>
      {running.length > 0 ? (
        <p className="muted">
          A task stopped here is killed and sends the model no notification (not recorded: what the binary
          sends when its /tasks view stops one).
        </p>
      ) : null}
    </section>
  );
}
