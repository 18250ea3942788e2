// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { domRootPerTest } from '../dom-testing';
import { LessonPanel, type LessonHandle } from './LessonPanel';
import { LessonsMenu } from './LessonsMenu';
import { FIRST_RUN, LESSONS, lessonById } from './lessons';
import { Menu, MenuSlots } from '../header/Menu';
import { DISMISSED_KEY, firstRunDismissed, lessonStore, startFirstRunIfNew } from './store';

const dom = domRootPerTest();

function fakeHandle(over: Partial<LessonHandle> = {}) {
  const log: string[] = [];
  const h: LessonHandle = {
    openGallery: (id) => log.push(`open ${id}`),
    selectCall: (i) => log.push(`select ${i}`),
    ...over,
  };
  return { h, log };
}
const button = (name: string) => {
  const b = [...dom.host.querySelectorAll('button')].find(
    (x) => x.textContent === name || x.getAttribute('aria-label') === name,
  );
  if (!b) throw new Error(`no button ${name}`);
  return b;
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  act(() => lessonStore.close());
  localStorage.clear();
});

describe('first run', () => {
  it('starts the first-run lesson only when nothing else opens and it was never dismissed', () => {
    startFirstRunIfNew(false);
    expect(lessonStore.get()).toBeUndefined();
    startFirstRunIfNew(true);
    expect(lessonStore.get()).toEqual({ id: FIRST_RUN, step: 0 });
    act(() => lessonStore.close());
    expect(localStorage.getItem(DISMISSED_KEY)).toBe('1');
    startFirstRunIfNew(true);
    expect(lessonStore.get()).toBeUndefined();
    expect(firstRunDismissed()).toBe(true);
  });
});

describe('LessonPanel', () => {
  it('opens the step’s scenario, then selects its model call and outlines its pane; Next and Back move', () => {
    act(() => lessonStore.start(FIRST_RUN));
    const lesson = lessonById(FIRST_RUN);
    const scenario = lesson?.steps[0]?.scenario ?? '';
    const a = fakeHandle();
    dom.render(<LessonPanel handle={a.h} />);
    expect(a.log).toEqual([`open ${scenario}`]);
    const b = fakeHandle({ id: scenario });
    dom.render(<LessonPanel handle={b.h} />);
    expect(b.log).toEqual(['select 0']);
    expect(document.body.dataset.lessonPane).toBe('Transcript');
    const region = dom.host.querySelector('section[aria-label="Lesson"]');
    expect(region?.querySelector('h2')?.textContent).toBe('Getting started: read before you edit');
    expect(region?.querySelector('.lesson-where')?.textContent).toBe(
      `Step 1 of 4 · ${scenario}, model call 0`,
    );
    expect(region?.querySelector('.lesson-text')?.textContent).toBe(lesson?.steps[0]?.text);
    expect(button('Back').disabled).toBe(true);
    act(() => button('Next').click());
    expect(b.log).toEqual(['select 0', 'select 1']);
    expect(document.body.dataset.lessonPane).toBe('Tool results');
    act(() => button('Next').click());
    act(() => button('Next').click());
    expect(region?.querySelector('.lesson-try')?.textContent).toBe(`Try changing this: ${lesson?.tryThis}`);
    act(() => button('Done').click());
    expect(dom.host.innerHTML).toBe('');
    expect(document.body.dataset.lessonPane).toBeUndefined();
    expect(firstRunDismissed()).toBe(true);
  });

  it('waits while the page is busy, and does not open a step’s scenario twice', () => {
    act(() => lessonStore.start('uniqueness'));
    const busy = fakeHandle({ busy: true });
    dom.render(<LessonPanel handle={busy.h} />);
    expect(busy.log).toEqual([]);
    const idle = fakeHandle({ id: 'other' });
    dom.render(<LessonPanel handle={idle.h} />);
    dom.render(<LessonPanel handle={{ ...idle.h, busy: false }} />);
    expect(idle.log).toEqual(['open edit-multiple-no-replace-all']);
  });
});

describe('LessonsMenu', () => {
  it('lists every lesson in the Help menu, the dismissed first-run one too, and a pick starts it', () => {
    localStorage.setItem(DISMISSED_KEY, '1');
    dom.render(
      <MenuSlots>
        <Menu name="help" label="Help" />
        <LessonsMenu />
      </MenuSlots>,
    );
    const help = () => dom.host.querySelector('button[aria-haspopup="menu"]') as HTMLButtonElement;
    act(() => help().click());
    expect(help().getAttribute('aria-expanded')).toBe('true');
    const items = [...dom.host.querySelectorAll('[role="group"][aria-labelledby] [role="menuitem"]')].map(
      (b) => b.textContent,
    );
    expect([items[0], items.length]).toEqual(['Getting started: read before you edit', LESSONS.length]);
    act(() => button('Getting started: read before you edit').click());
    expect([lessonStore.get(), help().getAttribute('aria-expanded')]).toEqual([
      { id: FIRST_RUN, step: 0 },
      'false',
    ]);
  });
});
