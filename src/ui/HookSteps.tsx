// The hooks a call ran, as steps of their own in the decisions pane: the event, the command and
// where it came from, its exit code, what Claude Code made of it, and its stdout and stderr.
import type { HookStep } from '../hooks';

function Stream({ name, text }: { name: string; text: string }) {
  if (text === '') return null;
  return (
    <div className="hook-stream">
      <span className="muted">{name}</span>
      <pre tabIndex={0}>{text}</pre>
    </div>
  );
}

export function HookSteps({ id, steps }: { id: string; steps: readonly HookStep[] }) {
  if (steps.length === 0) return null;
  return (
    <ol className="hook-steps" aria-label={`Hooks of ${id}`}>
      {steps.map((s, i) => (
        <li key={i} className="hook-step">
          <div>
            <span className="badge">hook</span> <strong>{s.event}</strong> <code>{s.command}</code>{' '}
            <span className="muted">from {s.source} settings</span>
          </div>
          <div>
            <span className={`badge ${s.exitCode === 0 ? 'allow' : s.exitCode === 2 ? 'deny' : 'ask'}`}>
              {s.timedOut ? 'timed out' : `exit ${s.exitCode}`}
            </span>{' '}
            {s.effect}
          </div>
          <Stream name="stdout" text={s.stdout} />
          <Stream name="stderr" text={s.stderr} />
        </li>
      ))}
    </ol>
  );
}
