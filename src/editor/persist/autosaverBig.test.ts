/**
 * A big document (past the pending record's limit) saved a moment after an edit is stored as
 * its JSON text in a Blob, made a slice at a time, and reads back as the same document; a save
 * asked for at once (the page hidden) does not wait for the slices.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LensDocument } from '../../io/document';
import { xorExample } from '../model/xorExample';
import { createEditorStore } from '../store/createEditorStore';
import { AUTOSAVE_DELAY_MS, createAutosaver, SLICED_FROM_BOXES } from './autosaver';
import { PENDING_KEY, PENDING_LIMIT, readPending } from './pending';
import { readStoredDocument } from './storedDocument';
import { memorySlot, memoryStorage, settle } from './testStorage';

/** XOR with loose copies of its boxes: by default enough to be past the pending record's limit. */
function bigDocument(copies = Math.ceil(PENDING_LIMIT / JSON.stringify(xorExample().boxes).length) + 1): LensDocument {
  const xor = xorExample();
  const boxes = Array.from({ length: copies }, (_, k) =>
    xor.boxes.map((b) => ({ ...b, id: `${b.id}_${k}`, position: { x: b.position.x + 400 * k, y: b.position.y } })),
  ).flat();
  return { ...xor, boxes: [...xor.boxes, ...boxes] };
}

/** Lets the slices run: each waits for a timer (setTimeout 0). */
async function runSlices() {
  for (let k = 0; k < 2000 && vi.getTimerCount() > 0; k++) {
    await vi.advanceTimersByTimeAsync(1);
  }
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // The slices give the thread back after SLICE_MS of work: a clock that moves 1 ms at each
  // reading makes them pause as often on a fast machine as on a slow one.
  let ms = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (ms += 1));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The slot's copy as text: a Blob stored is read. */
const storedText = async (raw: unknown) => (raw instanceof Blob ? raw.text() : raw);

describe('autosave of a big document', () => {
  it('stores its JSON text, made in slices, which reads back as the document', async () => {
    const shared = memorySlot();
    const storage = memoryStorage();
    const store = createEditorStore();
    createAutosaver(store, { slot: shared.save, tab: 'a', storage });
    const big = bigDocument();
    store.getState().setDocument(big, true, 'file');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    await runSlices();
    expect(shared.stored.raw).toBeInstanceOf(Blob);
    expect(await storedText(shared.stored.raw)).toBe(JSON.stringify(store.getState().doc));
    const read = readStoredDocument(await storedText(shared.stored.raw));
    expect(read.ok && read.doc.boxes.length).toBe(big.boxes.length);
    expect(store.getState().savedDoc).toBe(store.getState().doc);
    // too big for the pending record, which is not written
    expect(storage.map.size).toBe(0);
  });

  it('saves at once, whole, when the page is hidden while the text is being made', async () => {
    const shared = memorySlot();
    const store = createEditorStore();
    const autosaver = createAutosaver(store, { slot: shared.save, tab: 'a', storage: memoryStorage() });
    store.getState().setDocument(bigDocument(), true, 'file');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(shared.stored.raw).toBeUndefined();
    autosaver.flush();
    await settle();
    expect(shared.stored.raw).toEqual(store.getState().doc);
    // the slices, stopped, write nothing over it later
    const written = shared.stored.raw;
    await runSlices();
    expect(shared.stored.raw).toBe(written);
  });

  it('writes the pending record of a document of many boxes but under its limit, from the text made', async () => {
    const shared = memorySlot();
    const storage = memoryStorage();
    const store = createEditorStore();
    createAutosaver(store, { slot: shared.save, tab: 'a', storage });
    const many = bigDocument(Math.ceil(SLICED_FROM_BOXES / xorExample().boxes.length));
    expect(JSON.stringify(many).length).toBeLessThan(PENDING_LIMIT);
    // the record is written as the save starts (when the slices end, however soon), and cleared
    // once IndexedDB holds the save
    const written = vi.spyOn(storage, 'setItem');
    store.getState().setDocument(many, true, 'file');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    await runSlices();
    const records = written.mock.calls.filter(([key]) => key === PENDING_KEY);
    expect(records).toHaveLength(1);
    const pending = readPending({ ...storage, getItem: () => records[0][1] });
    expect(pending.kind === 'ok' && pending.doc.boxes.length).toBe(many.boxes.length);
    expect(await storedText(shared.stored.raw)).toBe(JSON.stringify(store.getState().doc));
  });

  it("merges another tab's edit into a big document stored as a Blob, losing neither tab's", async () => {
    const shared = memorySlot();
    const saved = bigDocument(Math.ceil(SLICED_FROM_BOXES / xorExample().boxes.length));
    Object.assign(shared.stored, { raw: new Blob([JSON.stringify(saved)]), writer: 'first:1' });
    const tab = (name: string) => {
      const store = createEditorStore({ doc: saved });
      store.getState().setView({ savedDoc: saved, slot: { doc: saved, writer: 'first:1' } });
      return { store, autosaver: createAutosaver(store, { slot: shared.save, tab: name, storage: memoryStorage() }) };
    };
    const a = tab('a');
    const b = tab('b');
    a.store.getState().setLabel('lin1', 'from a');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    await runSlices();
    expect(shared.stored.raw).toBeInstanceOf(Blob);
    b.store.getState().setLabel('lin2', 'from b');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    await runSlices();
    const read = readStoredDocument(await storedText(shared.stored.raw));
    if (!read.ok) throw new Error(read.reason);
    const label = (id: string) => (read.doc.boxes.find((x) => x.id === id) as { label?: string } | undefined)?.label;
    expect([label('lin1'), label('lin2')]).toEqual(['from a', 'from b']);
    expect(read.doc.boxes.length).toBe(saved.boxes.length);
  });

  it('keeps a small document as it was: the object, saved without waiting', async () => {
    const shared = memorySlot();
    const store = createEditorStore();
    createAutosaver(store, { slot: shared.save, tab: 'a', storage: memoryStorage() });
    store.getState().setDocument(xorExample(), true, 'file');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    await settle();
    expect(shared.stored.raw).toEqual(store.getState().doc);
  });
});
