/**
 * A header menu (File, Edit, View) in the WAI-ARIA menu-button pattern: the button opens a
 * `menu` of `menuitem`s (a view that is on or off is a `menuitemcheckbox`). Enter, Space or ↓
 * open it on the first item, ↑ on the last; ↑ ↓ Home End move; Escape closes it and gives the
 * focus back to its button; Tab, a click outside or a chosen item close it.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

export interface MenuEntry {
  readonly id: string;
  readonly label: string;
  /** Its keys as people read them ("Ctrl+Z"), shown at the item's right. */
  readonly keys?: string;
  /** The same keys as `aria-keyshortcuts` says them ("Control+Z"); the item's name stays its label. */
  readonly shortcuts?: string;
  readonly disabled?: boolean;
  /** A view that is on or off. */
  readonly checked?: boolean;
  /** It opens a dialog. */
  readonly dialog?: boolean;
  readonly run: () => void;
}

/** The items that can be chosen, in order. */
const choosable = (menu: HTMLElement | null): HTMLElement[] => [
  ...(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])') ?? []),
];

export function MenuButton({ label, entries }: { label: string; entries: readonly MenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const first = useRef<'first' | 'last'>('first');
  const id = useId();

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = choosable(menu.current);
    (first.current === 'first' ? list[0] : list[list.length - 1])?.focus();
    const outside = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);

  const openAt = (where: 'first' | 'last') => {
    first.current = where;
    setOpen(true);
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const list = choosable(menu.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className="menu-button">
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? setOpen(false) : openAt('first'))}
        onKeyDown={onButtonKey}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          className="menu-popup"
          tabIndex={-1}
          onKeyDown={onMenuKey}
        >
          {entries.map((e) => {
            const choose = () => {
              if (e.disabled) return;
              close(true);
              e.run();
            };
            const inner = (
              <>
                <span className="menu-check" aria-hidden="true">
                  {e.checked ? '✓' : ''}
                </span>
                <span className="menu-label">{e.label}</span>
                {e.keys && (
                  <span className="menu-keys" aria-hidden="true">
                    {e.keys}
                  </span>
                )}
              </>
            );
            // Enter and Space press a button: the item's click is its one way to run
            return e.checked === undefined ? (
              <button
                key={e.id}
                type="button"
                role="menuitem"
                aria-keyshortcuts={e.shortcuts}
                aria-disabled={e.disabled || undefined}
                aria-haspopup={e.dialog ? 'dialog' : undefined}
                tabIndex={-1}
                className="menu-item"
                onClick={choose}
              >
                {inner}
              </button>
            ) : (
              <button
                key={e.id}
                type="button"
                role="menuitemcheckbox"
                aria-checked={e.checked}
                aria-keyshortcuts={e.shortcuts}
                aria-disabled={e.disabled || undefined}
                tabIndex={-1}
                className="menu-item"
                onClick={choose}
              >
                {inner}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
