// The header's menus, in the menu button pattern (WAI-ARIA APG): Enter, Space or ArrowDown on
// the button opens the menu on its first item (ArrowUp on its last), arrows, Home and End move,
// Escape closes it and gives focus back to the button, Tab closes it, a pick closes it.
// Other parts of the page put items into a menu by name (<MenuItems menu="share">), and their
// notes into the header's notice layer (<MenuItems menu="notices">): they keep their own state
// and cards, the header keeps one place for every action, and a note never moves the toolbar.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

type Slots = Readonly<Record<string, HTMLElement | undefined>>;
const SlotsContext = createContext<{
  slots: Slots;
  register: (name: string, el: HTMLElement | null) => void;
}>({
  slots: {},
  register: () => undefined,
});

/** Holds the menus' slots: wraps the header and every part that puts items into it. */
export function MenuSlots({ children }: { children: ReactNode }) {
  const [slots, setSlots] = useState<Slots>({});
  const register = useCallback((name: string, el: HTMLElement | null) => {
    setSlots((s) => (s[name] === (el ?? undefined) ? s : { ...s, [name]: el ?? undefined }));
  }, []);
  return <SlotsContext.Provider value={{ slots, register }}>{children}</SlotsContext.Provider>;
}

/** Items (buttons with role="menuitem") for the menu named `menu`, rendered where it lists them. */
export function MenuItems({ menu, children }: { menu: string; children: ReactNode }) {
  const slot = useContext(SlotsContext).slots[menu];
  return slot ? createPortal(children, slot) : null;
}

const items = (list: HTMLElement) =>
  [...list.querySelectorAll<HTMLElement>('[role^="menuitem"]')].filter(
    (e) => !(e as HTMLButtonElement).disabled && e.getAttribute('aria-disabled') !== 'true',
  );

export interface MenuProps {
  /** The slot other parts fill with <MenuItems menu={name}>. */
  name: string;
  label: string;
  /** The menu's own items, before those put in from elsewhere. */
  children?: ReactNode;
}

export function Menu({ name, label, children }: MenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const { register } = useContext(SlotsContext);
  const id = useId();
  const slotRef = useCallback((el: HTMLDivElement | null) => register(name, el), [name, register]);

  useEffect(() => {
    const el = list.current;
    if (!open || !el) return;
    const all = items(el);
    (open === 'first' ? all[0] : all[all.length - 1])?.focus();
    const close = (focusButton: boolean) => {
      setOpen(false);
      if (focusButton) button.current?.focus();
    };
    // Native listeners: items put in through a portal bubble here in the DOM, not in React.
    const onKey = (e: KeyboardEvent) => {
      const now = items(el);
      const at = now.indexOf(document.activeElement as HTMLElement);
      const move = (i: number) => now[(i + now.length) % now.length]?.focus();
      if (e.key === 'ArrowDown') move(at + 1);
      else if (e.key === 'ArrowUp') move(at < 0 ? -1 : at - 1);
      else if (e.key === 'Home') move(0);
      else if (e.key === 'End') move(-1);
      else if (e.key === 'Escape') close(true);
      else if (e.key === 'Tab') return close(false);
      else return;
      e.preventDefault();
      // Escape here is the menu's, not a Stop of what runs.
      e.stopPropagation();
    };
    // Heard before the item's own handler (React listens at the root): focus is on the button
    // again when the item runs, so a dialog it opens gives focus back there.
    const onClick = (e: MouseEvent) => {
      const item = (e.target as HTMLElement).closest('[role^="menuitem"]');
      // A checkbox item stays open, so several can be set in a row.
      if (item && item.getAttribute('role') === 'menuitem') close(true);
    };
    const onOutside = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!el.contains(t) && !button.current?.contains(t)) close(false);
    };
    el.addEventListener('keydown', onKey);
    el.addEventListener('click', onClick);
    document.addEventListener('pointerdown', onOutside);
    return () => {
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('click', onClick);
      document.removeEventListener('pointerdown', onOutside);
    };
  }, [open]);

  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen((o) => (o ? false : 'first'))}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) setOpen(false);
          else if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') setOpen('first');
          else if (e.key === 'ArrowUp') setOpen('last');
          else return;
          e.preventDefault();
          e.stopPropagation();
        }}
      >
        {label}
        <span aria-hidden="true" className="menu-caret">
          ▾
        </span>
      </button>
      <div
        ref={list}
        id={`${id}-list`}
        role="menu"
        aria-labelledby={`${id}-button`}
        className="menu-list"
        hidden={!open}
      >
        {children}
        <div ref={slotRef} role="none" className="menu-slot" />
      </div>
    </div>
  );
}

/** Where the notes of the header's parts go (import progress, export results): a layer
 * fixed on the page, so they never move the toolbar. */
export function NoticeLayer() {
  const { register } = useContext(SlotsContext);
  const ref = useCallback((el: HTMLDivElement | null) => register('notices', el), [register]);
  return <div ref={ref} className="notice-layer" />;
}

/** One action of a menu. */
export function MenuItem({
  onSelect,
  disabled,
  children,
  shortcut,
  title,
}: {
  onSelect: () => void;
  disabled?: boolean;
  children: ReactNode;
  title?: string;
  /** aria-keyshortcuts, shown after the name. */
  shortcut?: string;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      disabled={disabled}
      onClick={(e) => {
        // Focus goes back to the menu's button before the action runs, so a dialog the action
        // opens gives focus back there when it closes (React may hear the click before the
        // menu's own listener does).
        const opener = e.currentTarget.closest('[role="menu"]')?.getAttribute('aria-labelledby');
        if (opener) document.getElementById(opener)?.focus();
        onSelect();
      }}
      aria-keyshortcuts={shortcut}
      title={title}
    >
      {children}
      {shortcut ? (
        <kbd className="menu-key" aria-hidden="true">
          {shortcut}
        </kbd>
      ) : null}
    </button>
  );
}
