// Long lines of exact text wrap (each line of the text hangs its continuation, so a wrapped line
// does not read as a newline the model never saw), or scroll sideways: the person's choice, kept
// in localStorage and shown on <html data-wrap>, which the panes' CSS reads.
import { useSyncExternalStore } from 'react';

const KEY = 'ccp.wrapLongLines';
const listeners = new Set<() => void>();

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

let wrap = typeof localStorage === 'undefined' ? true : stored();
const show = () => {
  if (typeof document !== 'undefined') document.documentElement.dataset.wrap = wrap ? 'on' : 'off';
};
show();

export function setWrap(on: boolean): void {
  wrap = on;
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // A browser that keeps no storage still wraps for this page.
  }
  show();
  for (const l of listeners) l();
}

export function useWrap(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wrap,
    () => true,
  );
}
