/** The palette: a search box (by name or by type, `ℝ^4 → ℝ^3`) over the grouped entries. */
import { useDeferredValue, useMemo, useState } from 'react';
import { filterPalette } from '../model/filterPalette';
import { PALETTE_GROUPS, paletteEntries } from '../model/palette';
import { useEditor } from '../store/EditorStoreContext';
import { PaletteEntryButton } from './PaletteEntryButton';

export function Palette() {
  const groups = useEditor((s) => s.doc.groups);
  const library = useEditor((s) => s.library);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const entries = useMemo(() => filterPalette(paletteEntries(groups, library), deferred), [groups, library, deferred]);
  return (
    <div className="palette-body">
      <input
        type="search"
        className="palette-search"
        placeholder="Search by name or type (ℝ^4 → ℝ^3)"
        aria-label="Search the palette"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {entries.length === 0 && <p className="palette-empty">Nothing matches “{deferred}”.</p>}
      {PALETTE_GROUPS.map((g) => {
        const inGroup = entries.filter((e) => e.group === g);
        if (inGroup.length === 0) return null;
        return (
          <details key={g} className="palette-group" open>
            <summary>{g}</summary>
            <ul>
              {inGroup.map((e) => (
                <PaletteEntryButton key={e.key} entry={e} />
              ))}
            </ul>
          </details>
        );
      })}
    </div>
  );
}
