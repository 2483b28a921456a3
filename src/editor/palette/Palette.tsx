/**
 * The palette: a search box (by name or by type, `ℝ^4 → ℝ^3`) over the grouped entries. In
 * "My boxes", saved boxes can be renamed and removed; a group of this diagram that is not saved
 * is listed too, as such.
 */
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { filterPalette } from '../model/filterPalette';
import { PALETTE_GROUPS, type PaletteEntry, paletteEntries } from '../model/palette';
import { useNotation } from '../notation/useNotation';
import { useEditor } from '../store/EditorStoreContext';
import { MyBoxEntry } from './MyBoxEntry';
import { PaletteEntryButton } from './PaletteEntryButton';
import { RemovedNotice } from './RemovedNotice';
import { useMyBoxes } from './useMyBoxes';

const DIAGRAM_ONLY = 'In this diagram only, not saved in My boxes.';

/** One entry: a plain button, or in My boxes a saved box (rename, remove) or a group not saved. */
function PaletteItem(props: {
  entry: PaletteEntry;
  saved: ReadonlySet<string>;
  mine: ReturnType<typeof useMyBoxes>;
  taken: () => string[];
}) {
  const { entry: e, saved, mine } = props;
  const key = e.template;
  if (e.group !== 'My boxes' || key === undefined)
    return (
      <li>
        <PaletteEntryButton entry={e} />
      </li>
    );
  if (!saved.has(key))
    return (
      <li>
        <PaletteEntryButton entry={{ ...e, description: DIAGRAM_ONLY }} />
      </li>
    );
  return (
    <MyBoxEntry
      entry={e}
      focus={mine.focusKey === key}
      rename={(next) => mine.rename(key, next, props.taken())}
      remove={() => mine.remove(key)}
    />
  );
}

export function Palette() {
  const groups = useEditor((s) => s.doc.groups);
  const library = useEditor((s) => s.library);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const search = useRef<HTMLInputElement>(null);
  const mine = useMyBoxes();
  const plain = useNotation() === 'plain';
  const all = useMemo(() => paletteEntries(groups, library), [groups, library]);
  const entries = useMemo(() => filterPalette(all, deferred), [all, deferred]);
  const saved = useMemo(() => new Set(library.map((b) => b.key)), [library]);
  // Names a renamed box may not take: those shown in My boxes, its own aside.
  const namesBut = (e: PaletteEntry) =>
    all.filter((x) => x.group === 'My boxes' && x.template !== e.template).map((x) => x.name);
  const item = (e: PaletteEntry) => (
    <PaletteItem key={e.key} entry={e} saved={saved} mine={mine} taken={() => namesBut(e)} />
  );

  return (
    <div className="palette-body">
      <input
        ref={search}
        type="search"
        className="palette-search"
        placeholder={plain ? 'Search by name or word (weights, bits)' : 'Search by name or type (ℝ^4 → ℝ^3)'}
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
            <ul>{inGroup.map(item)}</ul>
          </details>
        );
      })}
      <div className="palette-notice" role="status" aria-live="polite" aria-label="My boxes: last change">
        {mine.removal && (
          <RemovedNotice
            key={mine.removal.id}
            removal={mine.removal}
            undo={mine.undo}
            expire={mine.dismiss}
            close={() => {
              mine.dismiss();
              search.current?.focus();
            }}
          />
        )}
      </div>
    </div>
  );
}
