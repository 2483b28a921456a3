/**
 * Which box the hover card shows: the box under the pointer, else the box the keyboard focused
 * on the canvas. The card lingers a moment after the pointer leaves the box, and stays while the
 * pointer or the focus is inside it, so that its own controls (the attention card's example
 * and head) can be reached.
 */
import { type FocusEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useEditor } from '../../editor/store/EditorStoreContext';

const LINGER_MS = 400;

/** The canvas box a DOM element belongs to, by React Flow's `data-id`. */
function boxOf(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const node = target.closest('main .react-flow__node');
  return node?.getAttribute('data-id') ?? null;
}

function useFocusedBox(): string | null {
  const [focused, setFocused] = useState<string | null>(null);
  useEffect(() => {
    const into = (e: Event) => setFocused(boxOf(e.target));
    const out = (e: Event) => {
      const next = (e as globalThis.FocusEvent).relatedTarget;
      if (boxOf(next) === null) setFocused(null);
    };
    document.addEventListener('focusin', into);
    document.addEventListener('focusout', out);
    return () => {
      document.removeEventListener('focusin', into);
      document.removeEventListener('focusout', out);
    };
  }, []);
  return focused;
}

export interface ShownBox {
  readonly box: string | null;
  /** Handlers for the card: the pointer or the focus inside it keeps it shown. */
  readonly hold: {
    readonly onPointerEnter: () => void;
    readonly onPointerLeave: () => void;
    readonly onFocus: () => void;
    readonly onBlur: (e: FocusEvent) => void;
  };
}

export function useShownBox(): ShownBox {
  const hovered = useEditor((s) => s.hovered);
  const focused = useFocusedBox();
  const wanted = hovered ?? focused;
  const [shown, setShown] = useState<string | null>(wanted);
  // the pointer and the focus hold the card each on their own: leaving it with the pointer while
  // typing in its example field keeps it, as does tabbing out of it while the pointer rests on it
  const [pointerIn, setPointerIn] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const held = pointerIn || focusIn;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    clearTimeout(timer.current);
    if (wanted !== null) setShown(wanted);
    else if (!held) timer.current = setTimeout(() => setShown(null), LINGER_MS);
    return () => clearTimeout(timer.current);
  }, [wanted, held]);
  const hold = useMemo(
    () => ({
      onPointerEnter: () => setPointerIn(true),
      onPointerLeave: () => setPointerIn(false),
      onFocus: () => setFocusIn(true),
      onBlur: (e: FocusEvent) => {
        if (!(e.currentTarget as Element).contains(e.relatedTarget as Node | null)) setFocusIn(false);
      },
    }),
    [],
  );
  return { box: wanted ?? shown, hold };
}
