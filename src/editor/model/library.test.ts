import { describe, expect, it } from 'vitest';
import { readLibrary, writeLibrary } from '../persist/library';
import { createEditorStore } from '../store/createEditorStore';
import { emptyDocument } from './emptyDocument';
import { hasCopy, type SavedBox } from './library';

function layer() {
  const store = createEditorStore();
  const s = () => store.getState();
  const lin = s().addBox('linear', { x: 200, y: 0 }, { in: 4, out: 3 });
  const sig = s().addBox('sigmoid', { x: 400, y: 0 });
  s().connect({ box: lin, port: 'y' }, { box: sig, port: 'x' });
  s().select([lin, sig]);
  const g = s().groupSelection('layer') as string;
  return { store, s, g };
}

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
  } as Storage;
}

describe('My boxes', () => {
  it('saves a group when it is made, under a key that is its template', () => {
    const { s, g } = layer();
    const group = s().doc.groups.find((x) => x.id === g);
    expect(s().library).toHaveLength(1);
    expect(s().library[0].key).toBe(group?.template);
    expect(s().library[0].fragment.boxes).toHaveLength(2);
  });

  it('places a saved box in another document without asking, wired inside and unconnected outside', () => {
    const { s } = layer();
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

  it('round-trips through storage and drops a damaged entry without losing the others', () => {
    const { s } = layer();
    const storage = memoryStorage();
    const bad = { key: '<b>', name: '', fragment: {} } as unknown as SavedBox;
    expect(writeLibrary([...s().library, bad], storage)).toBe(true);
    expect(readLibrary(storage)).toEqual(s().library);
    storage.setItem('lensboard.myBoxes', '{not json');
    expect(readLibrary(storage)).toEqual([]);
  });
});
