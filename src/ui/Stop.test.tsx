// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../backends/memfs';
import { createJustBashShell } from '../backends/shell/justbash';
import type { Scenario } from '../scenario/schema';
import { App, type PlaygroundHandle } from './App';
import { SessionController } from './controller/controller';
import { domRootPerTest } from './dom-testing';

const dom = domRootPerTest();

/** Commands the shell was given, in order (the test waits for the one that waits). */
let started: string[] = [];
const makeWorkspace = () =>
  Promise.resolve(
    createMemfsWorkspace({
      shell: (vol, clock) => {
        const shell = createJustBashShell(vol, clock);
        return {
          run: (command, opts) => {
            started.push(command);
            return shell.run(command, opts);
          },
        };
      },
    }),
  );

/** A replay that waits in its second model call until it is stopped. */
const waiting: Scenario = {
  id: 'waits',
  area: 'stop',
  description: 'waits',
  files: {},
  turns: [
    [{ name: 'Bash', input: { command: 'echo one' } }],
    [{ name: 'Bash', input: { command: 'sleep 100' } }],
    [{ name: 'Bash', input: { command: 'echo three' } }],
  ],
};

async function until(what: string, ok: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${dom.host.textContent ?? ''}`);
    await act(() => new Promise((r) => setTimeout(r, 20)));
  }
}

const statusText = () => [...dom.host.querySelectorAll('[role="status"]')].map((e) => e.textContent);
const stopButton = () =>
  [...dom.host.querySelectorAll('button')].find((b) => b.textContent === 'Stop' && !b.disabled);
const calls = () =>
  [...dom.host.querySelectorAll('[aria-label="Model calls"] [role="tab"]')].map((e) => e.textContent);
const escape = (target: EventTarget) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  });

/** Renders the page and opens the scenario, as a share link does; resolves once it runs. */
async function openWaiting(): Promise<{ handle: () => PlaygroundHandle }> {
  let handle: PlaygroundHandle | undefined;
  dom.render(
    <App
      session={new SessionController({ makeWorkspace })}
      toolbar={(h) => {
        handle = h;
        return null;
      }}
    />,
  );
  started = [];
  act(() => handle?.openScenario(waiting, 'waits'));
  await until('the second model call', () => started.includes('sleep 100'));
  expect(statusText()).toEqual(['Running waits…']);
  return {
    handle: () => {
      if (!handle) throw new Error('no handle');
      return handle;
    },
  };
}

const STOPPED = 'Stopped by you: waits. The model calls that ran are below; you can go on composing.';

describe('Stop', () => {
  it('the Stop button stops the replay: the calls that ran stay, with a note and no comparison', async () => {
    const { handle } = await openWaiting();
    expect(stopButton()?.getAttribute('aria-keyshortcuts')).toEqual('Escape');
    act(() => stopButton()?.click());
    await until('the stop', () => statusText()[0] === STOPPED);
    // The composer and settings load apart from the first view; their note is a status too.
    await until('the composer', () => dom.host.querySelector('[data-loading]') === null);
    expect([
      statusText(),
      calls(),
      dom.host.querySelector('.scenario-head .badge')?.textContent,
      handle().result,
      handle().scenario?.turns.length,
      stopButton(),
    ]).toEqual([
      [STOPPED],
      ['model call 0 · Bash', 'model call 1 · Bash'],
      'stopped by you: not compared with a recording',
      undefined,
      2,
      undefined,
    ]);
  });

  it('Esc stops it, but not while focus is in a text field', async () => {
    await openWaiting();
    const filter = dom.host.querySelector<HTMLInputElement>('input[type="search"]');
    if (!filter) throw new Error('no gallery filter');
    filter.focus();
    await escape(filter);
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(statusText()).toEqual(['Running waits…']);
    await escape(document.body);
    await until('the stop', () => statusText()[0] === STOPPED);
    // The composer and settings load apart from the first view; their note is a status too.
    await until('the composer', () => dom.host.querySelector('[data-loading]') === null);
    expect(calls()).toEqual(['model call 0 · Bash', 'model call 1 · Bash']);
  });
});
