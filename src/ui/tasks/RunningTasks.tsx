// What keeps a core busy, in view wherever the page is scrolled: how many background tasks run,
// and Stop all. The Tasks panel below the model calls has each task's output and its own Stop;
// this line sits with the run status, which stays at the top of the session column.
import { useEffect, useState } from 'react';
import type { TaskRegistry } from '../../tools/background/registry';

export function RunningTasks({ tasks, onShow }: { tasks: TaskRegistry; onShow?: () => void }) {
  const [, setTick] = useState(0);
  useEffect(() => tasks.subscribe(() => setTick((n) => n + 1)), [tasks]);
  const running = tasks.running();
  if (running.length === 0) return null;
  return (
    <div className="running-tasks" role="group" aria-label="Running background tasks">
      <span>
        {running.length === 1 ? '1 background task runs' : `${running.length} background tasks run`}
      </span>
      {onShow ? (
        <button type="button" className="link" onClick={onShow}>
          Show
        </button>
      ) : null}
      <button type="button" onClick={() => tasks.stopAll('page')}>
        Stop all
      </button>
    </div>
  );
}
