/**
 * Two tabs autosaving into one slot (./slot): the later save merges the other tab's edits in,
 * never drops them (the bug: tab A's deletion came back after tab B saved); edits that collide
 * keep both versions, the other tab's set aside and offered by the banner.
 */
import { describe, expect, it } from 'vitest';
import { xorExample } from '../model/xorExample';
import { createEditorStore } from '../store/createEditorStore';
import { createAutosaver } from './autosaver';
import { writePending } from './pending';
import { applyRestored, readSaved } from './restore';
import { memoryAside, memorySlot, memoryStorage, settle } from './testStorage';

/** Two tabs restored from one saved XOR. */
function twoTabs() {
  const shared = memorySlot();
  const saved = xorExample();
  Object.assign(shared.stored, { raw: structuredClone(saved), writer: 'first:1' });
  const tab = (name: string) => {
    const store = createEditorStore({ doc: saved });
    store.getState().setView({ savedDoc: saved, slot: { doc: saved, writer: 'first:1' } });
    const autosaver = createAutosaver(store, { slot: shared.save, tab: name, storage: memoryStorage() });
    return { store, autosaver };
  };
  return { shared, a: tab('a'), b: tab('b') };
}

const ids = (d: { boxes: readonly { id: string }[] }) => d.boxes.map((x) => x.id);
const box = (d: { boxes: readonly { id: string; label?: string; position: { x: number } }[] }, id: string) =>
  d.boxes.find((x) => x.id === id);

describe('autosave with two tabs', () => {
  it("keeps tab A's deletion when tab B saves an edit of another box, and B shows both", async () => {
    const { shared, a, b } = twoTabs();
    a.store.getState().removeItems(['tanh1']);
    a.autosaver.flush();
    await settle();
    b.store.getState().setLabel('lin2', 'read-out');
    b.autosaver.flush();
    await settle();
    const stored = shared.stored.raw as ReturnType<typeof xorExample>;
    expect(ids(stored)).not.toContain('tanh1');
    expect(box(stored, 'lin2')?.label).toBe('read-out');
    expect(b.store.getState().doc).toEqual(stored);
    expect(b.store.getState().unreadable).toEqual([]);
    // A hears that B saved and takes the merged diagram, writing nothing.
    const writer = shared.stored.writer;
    a.autosaver.sync();
    await settle();
    expect(a.store.getState().doc).toEqual(stored);
    expect(shared.stored.writer).toBe(writer);
  });

  it('on the same box moved two ways, saves the later tab’s place and sets the other version aside', async () => {
    const { shared, a, b } = twoTabs();
    a.store.getState().moveNodes(new Map([['lin1', { x: 5, y: 5 }]]));
    a.autosaver.flush();
    await settle();
    const aDoc = a.store.getState().doc;
    b.store.getState().moveNodes(new Map([['lin1', { x: 9, y: 9 }]]));
    b.autosaver.flush();
    await settle();
    expect(box(shared.stored.raw as typeof aDoc, 'lin1')?.position).toEqual({ x: 9, y: 9 });
    const [aside] = b.store.getState().unreadable;
    expect(aside).toMatchObject({ copy: 'other-tab', reason: "the box 'lin1'" });
    expect(aside.raw).toEqual(aDoc);
  });

  it('an edit made while the merging save was under way is kept over the merge', async () => {
    const { shared, a, b } = twoTabs();
    a.store.getState().removeItems(['tanh1']);
    a.autosaver.flush();
    await settle();
    b.store.getState().setLabel('lin2', 'read-out');
    b.autosaver.flush();
    b.store.getState().setLabel('lin1', 'hidden');
    await settle();
    const doc = b.store.getState().doc;
    expect(ids(doc)).not.toContain('tanh1');
    expect([box(doc, 'lin1')?.label, box(doc, 'lin2')?.label]).toEqual(['hidden', 'read-out']);
    b.autosaver.flush();
    await settle();
    expect(shared.stored.raw).toEqual(doc);
  });

  it('a last edit kept as the page closed, older than another tab’s write, is merged with it on restore', async () => {
    const { shared, a } = twoTabs();
    // Tab B edited and was closed before its IndexedDB save landed: its pending copy, based on the first write.
    const storage = memoryStorage();
    const bEdit = { ...xorExample(), name: 'B renamed it' };
    writePending(bEdit, true, 10, storage, 'first:1');
    // Meanwhile tab A deleted a box and saved.
    a.store.getState().removeItems(['tanh1']);
    a.autosaver.flush();
    await settle();
    const aDoc = a.store.getState().doc;
    const aside = memoryAside();
    const choice = await readSaved({
      load: async () => ({
        kind: 'ok',
        doc: shared.stored.raw as typeof aDoc,
        unexported: true,
        revision: 1,
        writer: shared.stored.writer as string,
      }),
      storage,
      keep: aside.keep,
      listAside: aside.listAside,
    });
    expect(choice.pick?.from).toBe('pending');
    expect(choice.slot).toBeNull();
    const store = createEditorStore();
    applyRestored(store, choice, storage);
    createAutosaver(store, { slot: shared.save, tab: 'c', storage }).flush();
    await settle();
    // B's edit is saved; A's version, whose deletion a merge with no common version cannot tell from B's box, is kept aside.
    expect((shared.stored.raw as typeof aDoc).name).toBe('B renamed it');
    expect(store.getState().unreadable.map((r) => [r.copy, r.raw])).toEqual([['other-tab', aDoc]]);
  });
});
