// The keyboard map as an overlay: `?` opens it (outside text fields), Escape or Close closes it
// and gives focus back. Its Escape is heard first (capture), so it does not also stop a run.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { MenuItem, MenuItems } from '../header/Menu';

export const KEYS: readonly [string, string][] = [
  ['?', 'this keyboard help'],
  ['[ ]  or  k j', 'previous / next model call'],
  ['↑ ↓ ← →', 'move in the model call list'],
  ['1 2 3 4', 'focus Transcript, Read ledger, Permission decisions, Tool results'],
  ['/  or  g', 'filter the gallery'],
  ['Esc', 'stop what runs; close this help or a menu'],
  ['Enter or 1', 'at a permission prompt: allow once'],
  ['2', 'at a permission prompt: always allow'],
  ['Esc or 3', 'at a permission prompt: deny'],
];

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || !!t.closest('.monaco-editor'));

export function KeyboardHelp() {
  const [open, setOpen] = useState(false);
  const back = useRef<Element | null>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === '?' && !open && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)) {
        back.current = document.activeElement;
        setOpen(true);
        e.preventDefault();
      } else if (e.key === 'Escape' && open) {
        setOpen(false);
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);
  useEffect(() => {
    if (open) close.current?.focus();
    else if (back.current instanceof HTMLElement) back.current.focus();
  }, [open]);
  return (
    <>
      <MenuItems menu="help">
        <MenuItem
          shortcut="?"
          onSelect={() => {
            back.current = document.activeElement;
            setOpen(true);
          }}
        >
          Keyboard map
        </MenuItem>
      </MenuItems>
      {open
        ? createPortal(
            <div className="help-backdrop" onClick={() => setOpen(false)}>
              <div
                role="dialog"
                aria-modal="true"
                aria-labelledby="keyboard-help-title"
                className="help-dialog"
                onClick={(e) => e.stopPropagation()}
              >
                <h2 id="keyboard-help-title">Keyboard</h2>
                <table>
                  <tbody>
                    {KEYS.map(([k, what]) => (
                      <tr key={k + what}>
                        <th scope="row">
                          <kbd>{k}</kbd>
                        </th>
                        <td>{what}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <button ref={close} type="button" onClick={() => setOpen(false)}>
                  Close
                </button>
              </div>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
