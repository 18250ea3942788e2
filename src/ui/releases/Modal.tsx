// A modal view of the releases menu items: opened from a menu, closed by Escape or its Close
// button, focus back where it was. The page's own keys stay quiet while it is up.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function Modal({
  title,
  titleId,
  onClose,
  actions,
  children,
  className,
}: {
  title: ReactNode;
  titleId: string;
  onClose: () => void;
  /** Buttons beside Close. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Where focus was when it opened, read before the dialog takes it (effects may run twice).
  const [back] = useState(() => document.activeElement);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => {
      if (back instanceof HTMLElement) back.focus();
    };
  }, [back]);
  // Heard first (capture): [ ] j k 1–4 and Esc-as-Stop belong to the page, not to this view.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const esc = e.key === 'Escape';
      const typed = e.key.length === 1 && !(e.target instanceof HTMLInputElement);
      if (e.ctrlKey || e.metaKey || e.altKey || !(esc || typed)) return;
      e.stopPropagation();
      if (esc) {
        e.preventDefault();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  return (
    <dialog
      ref={ref}
      className={`rel-dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => (e.preventDefault(), onClose())}
    >
      <div className="rel-top">
        <h2 id={titleId}>{title}</h2>
        <div className="rel-actions">
          {actions}
          <button type="button" onClick={onClose} aria-keyshortcuts="Escape">
            Close
          </button>
        </div>
      </div>
      {children}
    </dialog>
  );
}
