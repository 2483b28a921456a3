/** A wire dropped on empty canvas: pick a generator that can take it; it arrives already wired. */
import { useMemo, useState } from 'react';
import { filterPalette } from '../model/filterPalette';
import { paletteEntries } from '../model/palette';
import { pickerOptions } from '../model/pickerOptions';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';

export function ConnectPicker() {
  const picker = useEditor((s) => s.picker);
  const store = useEditorStoreApi();
  const [query, setQuery] = useState('');
  const options = useMemo(() => {
    if (!picker) return [];
    const { doc } = store.getState();
    return pickerOptions(
      doc,
      store.compile(doc),
      filterPalette(paletteEntries([]), query),
      picker.from,
      picker.fromInput,
      picker.position,
    );
  }, [picker, query, store]);
  if (!picker) return null;
  const choose = (generator: string, config: Record<string, unknown>, port: string) => {
    const s = store.getState();
    s.setView({ picker: null });
    s.beginGesture();
    const id = s.addBox(generator, picker.position, config);
    const v = picker.fromInput ? s.connect({ box: id, port }, picker.from) : s.connect(picker.from, { box: id, port });
    if (!v.ok) s.removeItems([id]);
    store.getState().endGesture();
    if (!v.ok) s.notify(v.reason, 'error');
  };
  return (
    <div
      className="picker"
      role="dialog"
      aria-label="Connect to a new box"
      style={{ left: picker.screen.x, top: picker.screen.y }}
    >
      <input
        type="search"
        placeholder="Connect to…"
        aria-label="Search compatible boxes"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul>
        {options.slice(0, 40).map(({ entry, port }) => (
          <li key={entry.key}>
            <button type="button" onClick={() => choose(entry.generator, { ...entry.config }, port)}>
              <span style={{ color: entry.colour }}>{entry.symbol}</span> {entry.name}{' '}
              <span className="muted">{entry.signature}</span>
            </button>
          </li>
        ))}
        {options.length === 0 && <li className="muted">No box can take this wire.</li>}
      </ul>
    </div>
  );
}
