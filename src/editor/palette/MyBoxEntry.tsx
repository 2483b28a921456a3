/**
 * A box of "My boxes" as a palette entry, with its own Rename and Remove buttons (reachable by
 * Tab, named after the box). Closing the rename field, or Undo after a removal, gives the focus
 * back to the entry.
 */
import { useEffect, useRef, useState } from 'react';
import type { PaletteEntry } from '../model/palette';
import { PaletteEntryButton } from './PaletteEntryButton';
import { RenameBoxForm } from './RenameBoxForm';

export function MyBoxEntry({
  entry,
  focus,
  rename,
  remove,
}: {
  entry: PaletteEntry;
  /** Take the focus (the box is back after Undo). */
  focus: boolean;
  rename(next: string): string | null;
  remove(): void;
}) {
  const [editing, setEditing] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !(focus || refocus.current)) return;
    refocus.current = false;
    button.current?.focus();
  }, [editing, focus]);
  const close = () => {
    refocus.current = true;
    setEditing(false);
  };
  if (editing)
    return (
      <li>
        <RenameBoxForm name={entry.name} rename={rename} close={close} />
      </li>
    );
  return (
    <li className="palette-mine">
      <PaletteEntryButton entry={entry} ref={button} />
      <button
        type="button"
        className="palette-action"
        aria-label={`Rename ${entry.name}`}
        title="Rename"
        onClick={() => setEditing(true)}
      >
        ✎
      </button>
      <button
        type="button"
        className="palette-action"
        aria-label={`Remove ${entry.name} from My boxes`}
        title="Remove from My boxes (placed copies stay)"
        onClick={remove}
      >
        ×
      </button>
    </li>
  );
}
