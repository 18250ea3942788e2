// The page's signals for whoever drives or measures it (the e2e tests, `npm run bench -- ui`):
// - `<html data-ready="1">`, set once: the page listens for keys, and the session it opens by
//   itself at start (a link, the saved session, `?scenario=`, the first-run lesson) has landed
//   (replayed, stopped or failed), or there was none to open.
// - `<html data-started="1">`, set on the first render's effects: keys are heard and that session,
//   if any, has started (for a test that means to stop a replay while it runs).
// - `<html data-commands-started="N">`: N shell commands have begun to run on this page, so a
//   Stop now reaches a running command (the page shows nothing of a replay until it lands).
// - performance marks: `ccp:first-useful-view` when the first view is of use: a scenario's
//   recorded result is on screen (./Recorded.tsx, before its replay lands), or the page is ready,
//   whichever comes first; `ccp:gallery-click` when a gallery entry is clicked, the measure
//   `ccp:gallery-click-to-recorded` when its recorded result shows and `ccp:gallery-click-to-panes`
//   when its session has landed.
// - `<main data-view="recorded">` while the panes show the recording, `"replayed"` once the
//   replayed session's panes show (App.tsx).
import { useEffect } from 'react';
import type { Workspace } from '../workspace/types';

export const READY_MARK = 'ccp:first-useful-view';
export const CLICK_MARK = 'ccp:gallery-click';
export const CLICK_MEASURE = 'ccp:gallery-click-to-panes';
export const CLICK_RECORDED_MEASURE = 'ccp:gallery-click-to-recorded';

let clickPending = false;
let recordedPending = false;
let useful = false;

/** The first view is of use (a recorded result, or the page ready): marked once per page. */
export function markFirstUsefulView(): void {
  if (recordedPending) {
    recordedPending = false;
    performance.measure(CLICK_RECORDED_MEASURE, CLICK_MARK);
  }
  if (useful) return;
  useful = true;
  performance.mark(READY_MARK);
}

/** A gallery entry was clicked: the next session to land closes the measure. */
export function noteGalleryClick(): void {
  performance.mark(CLICK_MARK);
  clickPending = true;
  recordedPending = true;
}

/** `pending`: an operation (a replay, an import) runs. Read after every render's effects, so an
 * operation that a child's effect started in the same commit counts. Call it after the page's
 * key handlers are set up (effects run in the order they are declared). */
export function usePageReady(pending: () => boolean): void {
  useEffect(() => {
    const html = document.documentElement;
    html.dataset.started = '1';
    if (pending()) return;
    if (!html.dataset.ready) {
      html.dataset.ready = '1';
      markFirstUsefulView();
    }
    if (clickPending) {
      clickPending = false;
      recordedPending = false;
      performance.measure(CLICK_MEASURE, CLICK_MARK);
    }
  });
}

/** `<html data-saved>`: what the autosave last wrote, `[id, model calls, outside edits]` as
 * JSON, so a test can wait for the save of the state it made before it reloads. */
export function markSaved(id: string, turns: number, edits: number): void {
  document.documentElement.dataset.saved = JSON.stringify([id, turns, edits]);
}

/** The workspace, its shell counting every command that begins to run in `<html
 * data-commands-started>` (a command on a worker still loading has not begun). */
export function signalCommands<W extends Workspace>(ws: W): W {
  const { shell } = ws;
  const run = shell.run.bind(shell);
  shell.run = (command, opts) =>
    run(command, {
      ...opts,
      onStart: () => {
        opts.onStart?.();
        const html = document.documentElement;
        html.dataset.commandsStarted = String(Number(html.dataset.commandsStarted ?? '0') + 1);
      },
    });
  return ws;
}
