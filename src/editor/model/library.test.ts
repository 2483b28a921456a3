import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../store/createEditorStore';
import { emptyDocument } from './emptyDocument';
import { hasCopy, LIBRARY_LIMIT, removeSaved, renameSaved, restoreSaved } from './library';
import { groupedLayer } from './libraryTesting';
import { paletteEntries } from './palette';

describe('My boxes', () => {
  it('saves a group whose name another saved box has under the next free name; the document keeps its own', () => {
    const first = groupedLayer();
    const second = groupedLayer();
    const s2 = second.s;
    s2().setView({ library: first.s().library });
    const lin = s2().addBox('linear', { x: 0, y: 300 }, { in: 2, out: 2 });
    s2().select([lin]);
    const g = s2().groupSelection('LAYER') as string;
    const tanh = s2().addBox('tanh', { x: 200, y: 300 });
    s2().select([tanh]);
    s2().groupSelection('layer');
    expect(s2().library.map((b) => b.name)).toEqual(['layer', 'LAYER (2)', 'layer (3)']);
    expect(s2().doc.groups.find((x) => x.id === g)?.name).toBe('LAYER');
    const saved = s2().library.find((b) => b.name === 'LAYER (2)');
    expect(saved?.fragment.groups.find((x) => x.template === saved.key)?.name).toBe('LAYER (2)');
  });

  it('saves a group when it is made, under a key that is its template', () => {
    const { s, g } = groupedLayer();
    const group = s().doc.groups.find((x) => x.id === g);
    expect(s().library).toHaveLength(1);
    expect(s().library[0].key).toBe(group?.template);
    expect(s().library[0].fragment.boxes).toHaveLength(2);
  });

  it('places a saved box in another document without asking, wired inside and unconnected outside', () => {
    const { s } = groupedLayer();
    const saved = s().library;
    const other = createEditorStore({ doc: emptyDocument() });
    other.getState().setView({ library: saved });
    expect(hasCopy(other.getState().doc, saved[0].key)).toBe(false);
    const id = other.getState().placeSaved(saved[0].key, { x: 50, y: 60 }) as string;
    const doc = other.getState().doc;
    expect(doc.groups.find((x) => x.id === id)?.position).toEqual({ x: 50, y: 60 });
    expect(doc.boxes.filter((b) => b.parent === id)).toHaveLength(2);
    expect(doc.wires).toHaveLength(1);
    expect(hasCopy(doc, saved[0].key)).toBe(true);
    expect(other.compile(doc).errors.some((e) => e.code === 'unknown-box')).toBe(false);
  });
});

/** Two saved boxes, `layer` and `other`, and a document holding a copy of `layer` placed from the library. */
function twoSaved() {
  const { s } = groupedLayer();
  const lin = s().addBox('linear', { x: 0, y: 200 }, { in: 2, out: 2 });
  s().select([lin]);
  s().groupSelection('other');
  const library = s().library;
  const user = createEditorStore({ doc: emptyDocument() });
  user.getState().setView({ library });
  const copy = user.getState().placeSaved(library[0].key, { x: 10, y: 10 }) as string;
  return { library, user, copy };
}

describe('removing and renaming in My boxes', () => {
  it('removes one box and leaves every diagram that holds a copy as it was', () => {
    const { library, user, copy } = twoSaved();
    const before = user.getState().doc;
    const r = removeSaved(library, library[0].key);
    user.getState().setView({ library: r.library });
    expect(r.library.map((b) => b.name)).toEqual(['other']);
    expect(r.removed).toEqual({ box: library[0], index: 0 });
    expect(user.getState().doc).toBe(before);
    expect(user.getState().doc.groups.find((g) => g.id === copy)?.template).toBe(library[0].key);
    expect(user.compile(user.getState().doc).errors.some((e) => e.code === 'unknown-box')).toBe(false);
    expect(user.temporal.getState().pastStates).toHaveLength(1); // the placement only
    // The copy is still offered in the palette, as this diagram's group.
    const mine = paletteEntries(user.getState().doc.groups, r.library).filter((e) => e.group === 'My boxes');
    expect(mine.map((e) => e.template)).toEqual([library[1].key, library[0].key]);
  });

  it('changes nothing for a key it does not hold', () => {
    const { library } = twoSaved();
    expect(removeSaved(library, 'my-gone')).toEqual({ library, removed: null });
  });

  it('undoes a removal at the same place, unless the box was saved again meanwhile', () => {
    const { library } = twoSaved();
    const r = removeSaved(library, library[0].key);
    expect(r.removed).not.toBeNull();
    const removed = r.removed as NonNullable<typeof r.removed>;
    expect(restoreSaved(r.library, removed)).toEqual(library);
    expect(restoreSaved([], removed)).toEqual([library[0]]);
    expect(restoreSaved(library, removed)).toBe(library);
  });

  it('keeps the newest boxes when an undo would pass the limit', () => {
    const { library } = twoSaved();
    const many = Array.from({ length: LIBRARY_LIMIT }, (_, i) => ({ ...library[1], key: `my-${i}`, name: `b${i}` }));
    const back = restoreSaved(many, { box: library[0], index: LIBRARY_LIMIT });
    expect(back).toHaveLength(LIBRARY_LIMIT);
    expect(back[back.length - 1]).toBe(library[0]);
  });

  it('renames a box and the group its next copy carries, not the copies already placed', () => {
    const { library, user, copy } = twoSaved();
    const r = renameSaved(library, library[0].key, '  dense σ  ');
    if (!r.ok) throw new Error(r.reason);
    user.getState().setView({ library: r.library });
    expect(r.library.map((b) => b.name)).toEqual(['dense σ', 'other']);
    expect(r.library[1]).toBe(library[1]);
    expect(user.getState().doc.groups.find((g) => g.id === copy)?.name).toBe('layer');
    const other = createEditorStore({ doc: emptyDocument() });
    other.getState().setView({ library: r.library });
    const id = other.getState().placeSaved(library[0].key, { x: 0, y: 0 }) as string;
    expect(other.getState().doc.groups.find((g) => g.id === id)?.name).toBe('dense σ');
    expect(paletteEntries([], r.library).find((e) => e.template === library[0].key)?.name).toBe('dense σ');
  });

  it('refuses an empty, overlong or taken name, in words, and changes nothing', () => {
    const { library } = twoSaved();
    const key = library[0].key;
    const refused = (name: string, alsoTaken: string[] = []) => {
      const r = renameSaved(library, key, name, alsoTaken);
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.reason;
    };
    expect(refused('   ')).toMatch(/empty/);
    expect(refused('x'.repeat(121))).toMatch(/too long: at most 120 characters \(this one has 121\)/);
    expect(refused('Other')).toBe('“Other” is already the name of another box in My boxes.');
    expect(refused('group 7', ['group 7'])).toMatch(/already the name/);
    expect(renameSaved(library, 'my-gone', 'x')).toEqual({ ok: false, reason: 'This box is no longer in My boxes.' });
  });

  it('accepts its own name, or a change of case, without a clash', () => {
    const { library } = twoSaved();
    expect(renameSaved(library, library[0].key, 'layer')).toEqual({ ok: true, library });
    const r = renameSaved(library, library[0].key, 'Layer');
    expect(r.ok && r.library[0].name).toBe('Layer');
  });
});
