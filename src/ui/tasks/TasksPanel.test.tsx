// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { TaskRegistry } from '../../tools/background/registry';
import { domRootPerTest } from '../dom-testing';
import { fakeTask } from './fake-task';
import { TasksPanel } from './TasksPanel';
import { wallClock } from '../../backends/clock';

const dom = domRootPerTest();

const task = fakeTask;

const rows = () =>
  [...dom.host.querySelectorAll('li')].map((li) => ({
    label: li.getAttribute('aria-label'),
    state: li.querySelector('.task-state')?.textContent,
    output: li.querySelector('pre')?.textContent,
    stop: li.querySelector('button')?.textContent ?? null,
  }));

describe('TasksPanel', () => {
  it('lists running tasks first with their output so far and a Stop button, and stops through the registry', () => {
    const reg = new TaskRegistry(wallClock());
    let stops = 0;
    reg.add(task('b1', { status: 'completed', exitCode: 0, output: 'done\n', description: 'echo done' }));
    reg.add(task('b2', { output: 'start\n', stop: () => stops++ }));
    dom.render(<TasksPanel tasks={reg} />);
    expect(dom.host.querySelector('h3')?.textContent).toBe('Tasks 1 running');
    expect(rows()).toEqual([
      { label: 'Task b2', state: 'running', output: 'start\n', stop: 'Stop' },
      { label: 'Task b1', state: 'completed (exit code 0)', output: 'done\n', stop: null },
    ]);
    act(() => dom.host.querySelector<HTMLButtonElement>('button[aria-label="Stop b2"]')?.click());
    expect(stops).toBe(1);
    expect(rows()[1]).toEqual({ label: 'Task b2', state: 'stopped by you', output: 'start\n', stop: null });
    expect(dom.host.querySelector('h3')?.textContent).toBe('Tasks 0 running');
  });

  it('says so when there are no tasks', () => {
    dom.render(<TasksPanel tasks={new TaskRegistry(wallClock())} />);
    expect(dom.host.querySelector('section')?.textContent).toBe(
      'Tasks 0 runningNo background tasks. Bash with run_in_background, Monitor and Workflow start them.',
    );
  });
});
