// Which lesson is open and at which step: one small store that the toolbar's menu and the
// lesson panel share. The open lesson lives in sessionStorage (a reload resumes it); the
// first-run lesson, once closed, is never opened by itself again (localStorage), only from the menu.
import { looksLikeLink } from '../../share/looks';
import { FIRST_RUN, lessonById } from './lessons';

export interface ActiveLesson {
  id: string;
  step: number;
}

const ACTIVE_KEY = 'ccp.lesson';
export const DISMISSED_KEY = 'ccp.firstRun.dismissed';

const storage = (kind: 'local' | 'session'): Storage | undefined => {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

function readActive(): ActiveLesson | undefined {
  try {
    const v = JSON.parse(storage('session')?.getItem(ACTIVE_KEY) ?? 'null') as unknown;
    if (!v || typeof v !== 'object') return undefined;
    const { id, step } = v as Record<string, unknown>;
    const lesson = typeof id === 'string' ? lessonById(id) : undefined;
    if (!lesson || typeof step !== 'number' || !Number.isInteger(step)) return undefined;
    return { id: lesson.id, step: Math.max(0, Math.min(step, lesson.steps.length - 1)) };
  } catch {
    return undefined;
  }
}

let active: ActiveLesson | undefined;
let loaded = false;
const listeners = new Set<() => void>();

function set(next: ActiveLesson | undefined) {
  active = next;
  try {
    if (next) storage('session')?.setItem(ACTIVE_KEY, JSON.stringify(next));
    else storage('session')?.removeItem(ACTIVE_KEY);
  } catch {
    // Storage full or refused: the lesson still runs for this page.
  }
  listeners.forEach((l) => l());
}

export const lessonStore = {
  get(): ActiveLesson | undefined {
    if (!loaded) {
      loaded = true;
      active = readActive();
    }
    return active;
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  start(id: string): void {
    if (lessonById(id)) set({ id, step: 0 });
  },
  step(step: number): void {
    const a = lessonStore.get();
    const lesson = a && lessonById(a.id);
    if (a && lesson) set({ id: a.id, step: Math.max(0, Math.min(step, lesson.steps.length - 1)) });
  },
  /** Closing the first-run lesson (or finishing it) dismisses it for good. */
  close(): void {
    if (lessonStore.get()?.id === FIRST_RUN) {
      try {
        storage('local')?.setItem(DISMISSED_KEY, '1');
      } catch {
        // Not kept: it may be shown again on the next first visit.
      }
    }
    set(undefined);
  },
};

export const firstRunDismissed = (): boolean => {
  try {
    return storage('local')?.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/** The scenario the lesson panel will open first, if a lesson opens at start: the open lesson's
 * step (a reload), else the first-run lesson's first step unless it was dismissed. */
export function lessonScenarioAtStart(): string | undefined {
  const a = lessonStore.get();
  const lesson = lessonById(a?.id ?? FIRST_RUN);
  return a || !firstRunDismissed() ? lesson?.steps[a?.step ?? 0]?.scenario : undefined;
}

/** `nothingElse`: no link, no saved session, no scenario in the address. */
export function startFirstRunIfNew(nothingElse: boolean): void {
  if (nothingElse && !firstRunDismissed() && !lessonStore.get()) lessonStore.start(FIRST_RUN);
}

/** A share link always wins over the open lesson, at start (`linkAtStart`: the page opens one) or
 * pasted into the address later: the lesson stands aside, not dismissed (the menu reopens it). */
export function yieldLessonsToLinks(linkAtStart: boolean): void {
  if (linkAtStart) set(undefined);
  window.addEventListener('hashchange', () => {
    if (looksLikeLink(location.hash)) set(undefined);
  });
}
