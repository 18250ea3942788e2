// The session head's badge: whether this replay matches what Claude Code recorded.
import type { Difference } from '../session/compare';
import { Diff } from './LazyEditors';

const short = (v: unknown) => {
  const s = JSON.stringify(v, null, 2);
  return s === undefined ? 'undefined' : s;
};

export function MatchBadge({
  differences,
  composed,
  stopped,
  version,
}: {
  version: string;
  differences?: Difference[];
  composed: boolean;
  stopped?: boolean;
}) {
  if (stopped) return <span className="badge">stopped by you: not compared with a recording</span>;
  if (composed) return <span className="badge">composed: not compared with a recording</span>;
  if (!differences) return <span className="badge">no recording</span>;
  if (differences.length === 0) return <span className="badge allow">matches Claude Code {version}</span>;
  return (
    <details className="differs">
      <summary>
        <span className="badge deny">differs from Claude Code {version} ({differences.length})</span>
      </summary>
      {differences.slice(0, 5).map((d) => (
        <div key={d.path}>
          <code>{d.path}</code> <span className="muted">recorded lines marked −, this replay’s marked +</span>
          <Diff original={short(d.expected)} modified={short(d.actual)} height={160} />
        </div>
      ))}
    </details>
  );
}
