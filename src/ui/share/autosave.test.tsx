// @vitest-environment happy-dom
// Outside edits are saved on their own (a reload without a later model call keeps them) and a
// saved session's edits are handed back to the page to be made again.
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Scenario } from '../../scenario/schema';
import { domRootPerTest } from '../dom-testing';
import { bootShare } from './boot';
import type { OutsideEdit, SavedSession } from './persist';
import { ShareToolbar, type ShareHandle } from './ShareToolbar';

const store = vi.hoisted(() => ({
  saves: [] as unknown[][],
  saved: undefined as SavedSession | undefined,
}));
vi.mock('./persist', () => ({
  saveSession: (...args: unknown[]) => {
    store.saves.push(args);
    return Promise.resolve();
  },
  loadSession: () => Promise.resolve(store.saved),
}));

const dom = domRootPerTest();
const scenario: Scenario = { id: 'notes', turns: [[{ name: 'Read', input: { file_path: '$CWD/a.txt' } }]] };
const first: OutsideEdit = { path: 'a.txt', text: 'one\n' };
const second: OutsideEdit = { path: '../home/.bashrc', text: 'export X=1\n' };

/** Lets `ms` of (fake) time pass, with React's updates applied. */
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

const toolbar = (h: Partial<ShareHandle>) => (
  <ShareToolbar handle={{ openScenario: () => undefined, ...h }} autosaveMs={300} />
);

// The toolbar fetches its link code on a timer the fake clock fires mid-test; loaded here first,
// that fetch is served from the module cache instead of outliving the test's environment.
beforeAll(async () => {
  await import('./core');
});
beforeEach(() => {
  vi.useFakeTimers();
  store.saves = [];
  store.saved = undefined;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('autosave of outside edits', () => {
  it('saves edits made after the last model call once they stop coming, with no model call', () => {
    dom.render(toolbar({ scenario, id: 'notes' }));
    wait(300);
    expect(store.saves).toEqual([['notes', scenario, undefined]]);
    dom.render(toolbar({ scenario, id: 'notes', edits: [first] }));
    wait(200);
    dom.render(toolbar({ scenario, id: 'notes', edits: [first, second] }));
    wait(299);
    expect(store.saves).toEqual([['notes', scenario, undefined]]);
    wait(1);
    expect(store.saves).toEqual([
      ['notes', scenario, undefined],
      ['notes', scenario, [first, second]],
    ]);
  });

  it('saves at once when the page goes away before the pause is over', () => {
    dom.render(toolbar({ scenario, id: 'notes', edits: [first] }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(store.saves).toEqual([['notes', scenario, [first]]]);
    wait(1000);
    expect(store.saves).toEqual([['notes', scenario, [first]]]);
  });
});

describe('a gallery scenario opened from its address', () => {
  it('does not overwrite the saved session until the person changes it, then drops the address', async () => {
    history.replaceState(null, '', '/?scenario=notes');
    dom.render(toolbar({ scenario, id: 'notes', composed: false }));
    wait(1000);
    expect(store.saves).toEqual([]);
    expect(location.search).toBe('?scenario=notes');
    const composedScenario: Scenario = { ...scenario, turns: [...scenario.turns, []] };
    dom.render(toolbar({ scenario: composedScenario, id: 'notes', composed: true }));
    wait(300);
    expect(store.saves).toEqual([['notes', composedScenario, undefined]]);
    expect(location.search).toBe('');
    // The reload: the address no longer names a gallery scenario, so the saved session opens.
    store.saved = { id: 'blank', scenario: composedScenario, edits: [], savedAt: 1 };
    expect(
      (await bootShare('', new URLSearchParams(location.search).get('scenario') ?? undefined)).open?.id,
    ).toBe('blank');
  });
});

describe('restoring a saved session', () => {
  it('boots the saved scenario with its outside edits', async () => {
    store.saved = { id: 'notes', scenario, edits: [first, second], savedAt: 1 };
    expect(await bootShare('', undefined)).toEqual({
      open: { scenario, id: 'notes', source: 'saved', runsShell: false, edits: [first, second] },
      error: undefined,
    });
  });

  it('hands the edits to the page with the scenario', () => {
    const opened: unknown[][] = [];
    dom.render(
      <ShareToolbar
        handle={{ openScenario: (...args) => opened.push(args) }}
        boot={{ open: { scenario, id: 'notes', source: 'saved', runsShell: false, edits: [first] } }}
      />,
    );
    expect(opened).toEqual([[scenario, 'notes', [first]]]);
  });
});
