/**
 * Renaming a saved box in place. Enter or Save commits; Escape or Cancel leaves the name as it
 * was. A refused name stays in the field with the reason beside it, and the box keeps its name.
 */
import { useEffect, useId, useRef, useState } from 'react';

export function RenameBoxForm({
  name,
  rename,
  close,
}: {
  name: string;
  /** Renames the box: null when done, else why the name was refused. */
  rename(next: string): string | null;
  close(): void;
}) {
  const [text, setText] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  return (
    <form
      className="palette-rename"
      onSubmit={(e) => {
        e.preventDefault();
        const refused = rename(text);
        if (refused === null) close();
        else setError(refused);
      }}
    >
      <input
        ref={input}
        type="text"
        aria-label={`New name for ${name}`}
        value={text}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.stopPropagation(); // Escape here closes the field, not an overlay or the sub-diagram
          close();
        }}
      />
      <div className="palette-rename-actions">
        <button type="submit">Save</button>
        <button type="button" onClick={close}>
          Cancel
        </button>
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
