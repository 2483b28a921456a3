/**
 * "Removed “dense” from My boxes · Undo", under the palette after a removal (one per removal:
 * give it the removal's id as key). Undo takes the focus, the Remove button being gone; the
 * notice stays while the pointer or the focus is on it, and else leaves by itself, as the
 * canvas's notices do.
 */
import { useEffect, useRef, useState } from 'react';
import type { Removal } from './useMyBoxes';

const SHOW_MS = 8000;

export function RemovedNotice({
  removal,
  undo,
  expire,
  close,
}: {
  removal: Removal;
  undo(): void;
  /** It leaves by itself. */
  expire(): void;
  /** The user closes it (and the focus must go somewhere). */
  close(): void;
}) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const undoButton = useRef<HTMLButtonElement>(null);
  useEffect(() => undoButton.current?.focus(), []);
  useEffect(() => {
    if (hovered || focused) return;
    const t = setTimeout(expire, SHOW_MS);
    return () => clearTimeout(t);
  }, [hovered, focused, expire]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus only hold the notice; its buttons act
    <div
      className="notice-info"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => setFocused(e.currentTarget.contains(e.relatedTarget as Node | null))}
    >
      <span className="notice-text">
        Removed “{removal.removed.box.name}” from My boxes.{removal.copyStays && ' This diagram keeps its copy.'}
      </span>
      <button ref={undoButton} type="button" className="notice-action" onClick={undo}>
        Undo
      </button>
      <button type="button" className="notice-close" aria-label="Dismiss" onClick={close}>
        ×
      </button>
    </div>
  );
}
