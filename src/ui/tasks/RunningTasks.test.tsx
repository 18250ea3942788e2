// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { TaskRegistry } from '../../tools/background/registry';
import { domRootPerTest } from '../dom-testing';
import { fakeTask } from './fake-task';
import { RunningTasks } from './RunningTasks';
import { wallClock } from '../../backends/clock';

const dom = domRootPerTest();

const task = fakeTask;

describe('RunningTasks (issue 18 #5: what keeps a core busy is shown and stopped in view)', () => {
  it('says how many tasks run and Stop all stops each through the registry, then hides', () => {
    const reg = new TaskRegistry(wallClock());
    const stopped: string[] = [];
    reg.add(task('b1', { stop: () => stopped.push('b1') }));
    reg.add(task('b2', { stop: () => stopped.push('b2') }));
    reg.add(task('b3', { status: 'completed', exitCode: 0 }));
    let shown = 0;
    dom.render(<RunningTasks tasks={reg} onShow={() => shown++} />);
    const group = dom.host.querySelector('[role="group"]');
    expect(group?.getAttribute('aria-label')).toBe('Running background tasks');
    expect(group?.textContent).toBe('2 background tasks runShowStop all');
    act(() => [...dom.host.querySelectorAll('button')][0]?.click());
    expect(shown).toBe(1);
    act(() => [...dom.host.querySelectorAll('button')][1]?.click());
    expect(stopped).toEqual(['b1', 'b2']);
    expect(dom.host.innerHTML).toBe('');
  });

  it('renders nothing while no task runs', () => {
    dom.render(<RunningTasks tasks={new TaskRegistry(wallClock())} />);
    expect(dom.host.innerHTML).toBe('');
  });
});
