// The glossary: Help › Glossary, or a term linked from a lesson's text, opens it at that term.
// A modal <dialog>: Escape closes it and the focus goes back where it was.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { MenuItem, MenuItems } from '../header/Menu';
import { GLOSSARY, linkTerms } from './glossary';

let at: string | null = null;
const listeners = new Set<() => void>();
const set = (v: string | null) => {
  at = v;
  for (const l of listeners) l();
};
/** Opens the glossary, at `id` when given. */
export const openGlossary = (id = ''): void => set(id);
const useAt = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => at,
  );

export function Glossary() {
  const open = useAt();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open !== null && !d.open) d.showModal();
    if (open) document.getElementById(`glossary-${open}`)?.focus();
  }, [open]);
  return (
    <>
      <MenuItems menu="help">
        <MenuItem onSelect={() => openGlossary()}>Glossary</MenuItem>
      </MenuItems>
      <dialog ref={dialog} className="help-dialog glossary" aria-labelledby="glossary-title" onClose={() => set(null)}>
        <h2 id="glossary-title">Glossary</h2>
        <dl>
          {GLOSSARY.map((t) => (
            <div key={t.id}>
              <dt id={`glossary-${t.id}`} tabIndex={-1}>
                {t.term}
              </dt>
              <dd>{t.text}</dd>
            </div>
          ))}
        </dl>
        <form method="dialog">
          <button type="submit">Close</button>
        </form>
      </dialog>
    </>
  );
}

/** A text with the first mention of each glossary term a link to its entry. */
export function GlossaryText({ text }: { text: string }) {
  return linkTerms(text).map((part, i) =>
    typeof part === 'string' ? (
      part
    ) : (
      <button key={i} type="button" className="link glossary-term" onClick={() => openGlossary(part.id)}>
        {part.term}
      </button>
    ),
  );
}
