/**
 * A big document (past the pending record's limit) saved a moment after an edit is stored as
 * its JSON text, made a slice at a time, and reads back as the same document; a save asked for
 * at once (the page hidden) does not wait for the slices.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LensDocument } from '../../io/document';
import { xorExample } from '../model/xorExample';
import { createEditorStore } from '../store/createEditorStore';
import { AUTOSAVE_DELAY_MS, createAutosaver } from './autosaver';
import { PENDING_LIMIT } from './pending';
import { readStoredDocument } from './storedDocument';
import { memorySlot, memoryStorage, settle } from './testStorage';

/** XOR with enough loose copies of its boxes to be past the pending record's limit. */
function bigDocument(): LensDocument {
  const xor = xorExample();
  const each = JSON.stringify(xor.boxes).length;
  const copies = Math.ceil(PENDING_LIMIT / each) + 1;
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
});
afterEach(() => {
  vi.useRealTimers();
});

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
    expect(typeof shared.stored.raw).toBe('string');
    expect(shared.stored.raw).toBe(JSON.stringify(store.getState().doc));
    const read = readStoredDocument(shared.stored.raw);
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
