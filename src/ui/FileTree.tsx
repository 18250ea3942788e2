// The workspace's file list, virtualised: an imported project has 50,000 files, and a button
// per file made the page take seconds to render and scroll. Only the rows in view (and a few
// around them) exist; the list keeps its full height with padding, so the scrollbar is true.
// Rows have one fixed height (ROW_PX, also in app.css). Keyboard: Tab reaches the rows in view;
// arrows, Page Up/Down, Home and End move the selection through the whole list and scroll to it.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Change } from './text';

export const ROW_PX = 20;
/** Rows rendered above and below the ones in view, so a quick scroll shows no gap. */
const OVERSCAN = 20;
/** Before the list is measured (and in DOM tests without layout). */
const DEFAULT_VIEW_PX = 400;

const MARK: Record<Change, string> = { added: 'A', modified: 'M', deleted: 'D' };

export interface FileTreeProps {
  paths: string[];
  changes: ReadonlyMap<string, Change>;
  selected: string | undefined;
  onSelect: (path: string) => void;
  /** The text a row shows for a path. */
  label: (path: string) => string;
}

/** The first and past-the-last row to render for a scroll position. */
export function rowWindow(count: number, scrollTop: number, viewPx: number): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / ROW_PX) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + viewPx) / ROW_PX) + OVERSCAN);
  return [first, Math.max(first, last)];
}

export function FileTree({ paths, changes, selected, onSelect, label }: FileTreeProps) {
  const list = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewPx, setViewPx] = useState(DEFAULT_VIEW_PX);
  // The row a key moved to, focused once it is rendered.
  const [focusPath, setFocusPath] = useState<string>();

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const measure = () => setViewPx(el.clientHeight || DEFAULT_VIEW_PX);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    if (focusPath === undefined) return;
    const el = list.current?.querySelector<HTMLButtonElement>(`[data-path="${CSS.escape(focusPath)}"]`);
    if (el) {
      el.focus({ preventScroll: true });
      setFocusPath(undefined);
    }
  });

  const [first, last] = rowWindow(paths.length, scrollTop, viewPx);

  const moveTo = (index: number) => {
    const el = list.current;
    const i = Math.max(0, Math.min(paths.length - 1, index));
    const path = paths[i];
    if (!el || path === undefined) return;
    const top = i * ROW_PX;
    let next = el.scrollTop;
    if (top < next) next = top;
    else if (top + ROW_PX > next + el.clientHeight) next = top + ROW_PX - (el.clientHeight || ROW_PX);
    if (next !== el.scrollTop) {
      el.scrollTop = next;
      setScrollTop(next);
    }
    onSelect(path);
    setFocusPath(path);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = selected !== undefined ? paths.indexOf(selected) : -1;
    const page = Math.max(1, Math.floor(viewPx / ROW_PX) - 1);
    const to: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      PageDown: at + page,
      PageUp: at - page,
      Home: 0,
      End: paths.length - 1,
    };
    if (!(e.key in to) || paths.length === 0) return;
    e.preventDefault();
    moveTo(at === -1 && e.key.startsWith('Arrow') ? 0 : to[e.key]!);
  };

  return (
    // The padding stands for the rows not rendered; it sits on the list inside the scroller, as
    // a max-height cannot clamp an element's own padding.
    <div
      ref={list}
      className="tree-scroll"
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
    >
      <ul
        className="tree"
        aria-label="File tree"
        style={{ paddingTop: first * ROW_PX, paddingBottom: (paths.length - last) * ROW_PX }}
      >
        {paths.slice(first, last).map((p, k) => {
          const c = changes.get(p);
          return (
            <li key={p} aria-setsize={paths.length} aria-posinset={first + k + 1}>
              <button
                type="button"
                data-path={p}
                className={p === selected ? 'link selected' : 'link'}
                aria-current={p === selected ? 'true' : undefined}
                onClick={() => onSelect(p)}
              >
                {label(p)}
              </button>
              {c ? (
                <span className={`mark ${c}`} title={`${c} by this model call or the edits before it`}>
                  {MARK[c]}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
