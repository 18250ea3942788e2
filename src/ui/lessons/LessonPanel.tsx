// The open lesson, at the top of the session column: the step's sentence, the pane it points
// at (outlined on the page), where the versions differ, Back / Next, and at the last step a
// "try changing this" prompt. Each step opens its recorded scenario and selects its model call
// through the page's handle; the lesson's own state is ./store.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { PINNED_RELEASES } from '../../profiles/releases';
import { lessonById, versionsText, type PaneName } from './lessons';
import { lessonStore } from './store';
import { GlossaryText } from '../help/Glossary';

/** What a lesson needs from the page (App's PlaygroundHandle fits). */
export interface LessonHandle {
  id?: string;
  busy?: boolean;
  openGallery: (id: string) => void;
  selectCall: (i: number) => void;
  selectedCall?: number;
}

const PANE_KEY: Record<PaneName, number> = {
  Transcript: 1,
  'Read ledger': 2,
  'Permission decisions': 3,
  'Tool results': 4,
};

export function useActiveLesson() {
  return useSyncExternalStore(lessonStore.subscribe, lessonStore.get, lessonStore.get);
}

export function LessonPanel({ handle }: { handle: LessonHandle }) {
  const active = useActiveLesson();
  const lesson = active && lessonById(active.id);
  const step = lesson?.steps[active?.step ?? 0];
  const requested = useRef<string | undefined>(undefined);
  const { id, busy, openGallery, selectCall } = handle;

  useEffect(() => {
    if (!step || busy) return;
    if (id !== step.scenario) {
      // Once per step: a failed open is not retried in a loop.
      const key = `${active?.id}/${active?.step}`;
      if (requested.current === key) return;
      requested.current = key;
      openGallery(step.scenario);
    } else selectCall(step.call);
  }, [step, id, busy, openGallery, selectCall, active]);

  // The pane the step points at is outlined by CSS on this mark (panes remount freely).
  useEffect(() => {
    if (!step) return;
    document.body.dataset.lessonPane = step.pane;
    return () => {
      delete document.body.dataset.lessonPane;
    };
  }, [step]);

  // Next or Back: once the step's model call is shown, its pane is brought into view (at phone
  // width it sits screens below the lesson). The step the lesson opens on stays where it is.
  const stepKey = active ? `${active.id}/${active.step}` : undefined;
  const shownFor = useRef(stepKey);
  const shown = !!step && id === step.scenario && handle.selectedCall === step.call && !busy;
  useEffect(() => {
    if (!step || !shown || shownFor.current === stepKey) return;
    shownFor.current = stepKey;
    const pane = [...document.querySelectorAll<HTMLElement>('section.pane')].find(
      (p) => p.getAttribute('aria-label') === step.pane,
    );
    pane?.scrollIntoView({ block: 'nearest' });
  }, [step, shown, stepKey]);

  // A step lets the person move on once its scenario has replayed (or failed to open: the error
  // shows, and Next is not a trap); until then the page may show only its recording.
  const settled = !!step && !busy && (id === step.scenario || requested.current === stepKey);
  if (!active || !lesson || !step) return null;
  const n = lesson.steps.length;
  const last = active.step === n - 1;
  return (
    <section className="lesson" aria-label="Lesson" data-step-ready={settled ? '1' : '0'}>
      <div className="lesson-head">
        <h2>{lesson.title}</h2>
        <button
          type="button"
          className="lesson-close"
          aria-label="Close lesson"
          onClick={() => lessonStore.close()}
        >
          ×
        </button>
      </div>
      <p className="lesson-where">
        Step {active.step + 1} of {n} · <code>{step.scenario}</code>, model call {step.call}
      </p>
      <p className="lesson-text">
        <GlossaryText text={step.text} />
      </p>
      <p className="lesson-pane">
        Look at <strong>{step.pane}</strong> (outlined; key {PANE_KEY[step.pane]}).
      </p>
      {step.versions ? (
        <p className="lesson-versions">
          <strong>Versions differ:</strong> {versionsText(step.versions)}
        </p>
      ) : (
        <p className="lesson-versions same">
          Both pinned releases ({PINNED_RELEASES.join(', ')}) return the same here.
        </p>
      )}
      {last ? (
        <p className="lesson-try">
          <strong>Try changing this:</strong> <GlossaryText text={lesson.tryThis} />
        </p>
      ) : null}
      {settled ? null : (
        <p className="muted lesson-wait" role="status">
          Replaying this step’s scenario; Next waits for it.
        </p>
      )}
      <div className="buttons">
        <button type="button" disabled={active.step === 0} onClick={() => lessonStore.step(active.step - 1)}>
          Back
        </button>
        {last ? (
          <button type="button" className="primary" onClick={() => lessonStore.close()}>
            Done
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            disabled={!settled}
            onClick={() => lessonStore.step(active.step + 1)}
          >
            Next
          </button>
        )}
      </div>
    </section>
  );
}
