// The page's keys: [ and ] (or j/k) move between model calls, 1-4 focus a pane, / or g the
// gallery filter, Esc stops what runs (not while a prompt is up: there Esc is its deny).
import { useEffect, type RefObject } from 'react';
import type { SessionController } from './controller/controller';

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || !!t.closest('.monaco-editor'));

export interface PageKeys {
  ctl: SessionController;
  /** The index of the last model call (-1: none). */
  last: number;
  selectedCall: number;
  /** The model call tabs, focused as the keys move. */
  tabRefs: RefObject<(HTMLButtonElement | null)[]>;
  /** The element holding the four panes. */
  paneRefs: RefObject<HTMLElement | null>;
  /** Shows the gallery in the side column. */
  showGallery: () => void;
}

/** Listens for the page's keys on the window while the page is up. */
export function usePageKeys({ ctl, last, selectedCall, tabRefs, paneRefs, showGallery }: PageKeys): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const pick = (n: number) => {
        ctl.selectCall(n);
        tabRefs.current[n]?.focus();
      };
      if (e.key === 'Escape') {
        // Inside an open dialog Esc is the dialog's (it closes); stopping the run would swallow it.
        const inDialog = e.target instanceof Element && e.target.closest('dialog[open]') !== null;
        if (e.defaultPrevented || inDialog || !ctl.escape()) return;
      } else if ((e.key === ']' || e.key === 'j') && last >= 0) pick(Math.min(last, selectedCall + 1));
      else if ((e.key === '[' || e.key === 'k') && last >= 0) pick(Math.max(0, selectedCall - 1));
      else if (/^[1-4]$/.test(e.key)) {
        paneRefs.current?.querySelectorAll<HTMLElement>('section.pane')[Number(e.key) - 1]?.focus();
      } else if (e.key === '/' || e.key === 'g') {
        showGallery();
        e.preventDefault();
        setTimeout(() => document.querySelector<HTMLInputElement>('.gallery input')?.focus(), 0);
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // showGallery only sets state: the one of the first render does what a later one would.
  }, [ctl, last, selectedCall]);
}
