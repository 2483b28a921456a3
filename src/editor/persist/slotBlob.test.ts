/**
 * Another tab's copy stored as a Blob (a big document, ./idb.ts) cannot be read inside the save's
 * transaction: it is read between two tries, and the second try decides on that text only while
 * the slot's writer is the one it was read under (./slot.ts, `storedForSave`). A save that lands
 * while the Blob is read is found and read in its turn: neither tab's edit is lost.
 */
import { describe, expect, it } from 'vitest';
import type { LensDocument } from '../../io/document';
import { xorExample } from '../model/xorExample';
import { BLOB_TRIES, type SaveRequest, type Slot, storedForSave } from './slot';
import { readStoredDocument } from './storedDocument';
import { memorySlot } from './testStorage';

const base = xorExample();
const labelled = (doc: LensDocument, id: string, label: string): LensDocument => ({
  ...doc,
  boxes: doc.boxes.map((b) => (b.id === id ? { ...b, label } : b)),
});
const blobOf = (doc: LensDocument) => new Blob([JSON.stringify(doc)]);

function request(doc: LensDocument, writer: string, slot: Slot | null, json = false): SaveRequest {
  return {
    doc,
    unexported: true,
    revision: 1,
    writer,
    mode: 'save',
    base: { current: slot },
    ...(json ? { json: blobOf(doc) } : {}),
  };
}

describe('the slot holding a Blob', () => {
  it('is decided on whole when the tab wrote it last, read first when another tab did, and read again when the slot changed since', async () => {
    const blob = blobOf(base);
    const mine = request(base, 'a:2', { doc: base, writer: 'a:1' });
    expect(storedForSave({ raw: blob, writer: 'a:1' }, mine, null)).toEqual({ raw: blob });
    expect(storedForSave({ raw: blob, writer: 'b:7' }, mine, null)).toEqual({ readFirst: blob });
    const text = await blob.text();
    expect(storedForSave({ raw: blob, writer: 'b:7' }, mine, { writer: 'b:7', text })).toEqual({ raw: text });
    expect(storedForSave({ raw: blob, writer: 'b:8' }, mine, { writer: 'b:7', text })).toEqual({ readFirst: blob });
    // a document stored as itself is never read ahead
    expect(storedForSave({ raw: base, writer: 'b:7' }, mine, null)).toEqual({ raw: base });
  });

  it('keeps both tabs’ edits when the other tab saves again while its Blob is being read', async () => {
    let between: () => Promise<void> = async () => {};
    const slot = memorySlot(undefined, () => between());
    const start: Slot = { doc: base, writer: 'b:1' };
    Object.assign(slot.stored, { raw: blobOf(base), writer: 'b:1' });
    // tab b edits lin2 and saves while tab a reads b's first Blob
    const fromB = labelled(base, 'lin2', 'from b');
    between = async () => {
      between = async () => {};
      await slot.save(request(fromB, 'b:2', start, true));
    };
    // tab a, whose base is b:0 (an older copy), edits lin1
    const fromA = labelled(base, 'lin1', 'from a');
    const saved = await slot.save(request(fromA, 'a:1', { doc: base, writer: 'b:0' }, true));
    expect(saved.outcome.kind).toBe('merged');
    const read = readStoredDocument(slot.stored.raw instanceof Blob ? await slot.stored.raw.text() : slot.stored.raw);
    if (!read.ok) throw new Error(read.reason);
    const label = (id: string) => (read.doc.boxes.find((b) => b.id === id) as { label?: string } | undefined)?.label;
    expect([label('lin1'), label('lin2')]).toEqual(['from a', 'from b']);
  });

  it('gives up, writing nothing, when the slot changes under every read', async () => {
    let n = 1;
    const slot = memorySlot(undefined, async () => {
      n += 1;
      Object.assign(slot.stored, { raw: blobOf(labelled(base, 'lin2', `b${n}`)), writer: `b:${n}` });
    });
    Object.assign(slot.stored, { raw: blobOf(base), writer: 'b:1' });
    const save = slot.save(request(labelled(base, 'lin1', 'a'), 'a:1', { doc: base, writer: 'b:0' }));
    await expect(save).rejects.toThrow('kept changing');
    expect(slot.stored.writer).toBe(`b:${BLOB_TRIES}`);
  });
});
