// The toolbar's Lessons menu: every lesson, the first-run one too (so it stays reachable after
// it was dismissed). Escape or a pick closes it.
import { useEffect, useId, useRef, useState } from 'react';
import { LESSONS } from './lessons';
import { lessonStore } from './store';

export function LessonsMenu() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (open) list.current?.querySelector('button')?.focus();
  }, [open]);
  return (
    <div className="lessons-menu">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        Lessons
      </button>
      {open ? (
        <ul
          id={listId}
          ref={list}
          className="lessons-list"
          aria-label="Lessons"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
            button.current?.focus();
          }}
        >
          {LESSONS.map((l) => (
            <li key={l.id}>
              <button
                type="button"
                onClick={() => {
                  lessonStore.start(l.id);
                  setOpen(false);
                }}
              >
                {l.title}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
