/** Storage fakes for the persist tests: a Map, and one whose writes fail as a full quota does. */
import { type AsideRecord, describeCollisions, type SlotSaved } from './idb';
import type { PendingStorage } from './pending';
import { BLOB_TRIES, decideSave, type SaveRequest, storedForSave } from './slot';

export function memoryStorage(): PendingStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

export function fullStorage(): PendingStorage & { map: Map<string, string> } {
  const storage = memoryStorage();
  storage.setItem = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return storage;
}

export interface SaveCall {
  readonly doc: unknown;
  readonly unexported: boolean;
  readonly revision: number;
  resolve(): void;
  reject(e: Error): void;
}

/** An IndexedDB save that lands (or fails) only when the test says so. */
export function fakeSave() {
  const calls: SaveCall[] = [];
  const save = (doc: unknown, unexported: boolean, revision: number) =>
    new Promise<void>((resolve, reject) => calls.push({ doc, unexported, revision, resolve, reject }));
  return { calls, save };
}

/** Lets settled promises run their callbacks. */
export const settle = () => new Promise<void>((r) => setImmediate(r));

/** Where unreadable copies are kept aside (idb.ts), as a list in memory. */
export function memoryAside() {
  const records: AsideRecord[] = [];
  return {
    records,
    keep: async (r: Omit<AsideRecord, 'key'>) => {
      const kept = { ...r, key: `unreadable-${r.keptAt}-${r.copy}` };
      records.push(kept);
      return kept;
    },
    listAside: async () => [...records],
    now: () => 1_800_000_000_000,
  };
}

/**
 * The shared autosave slot in memory: every tab's autosaver given `save` writes it as IndexedDB
 * would (./slot). `readBetween` runs after a save has read another tab's Blob and before it
 * tries again: a test lands another save there.
 */
export function memorySlot(now = () => 1_800_000_000_000, readBetween: () => Promise<void> = async () => {}) {
  const stored: { raw: unknown; writer: unknown; unexported: boolean } = {
    raw: undefined,
    writer: undefined,
    unexported: false,
  };
  const save = async (req: SaveRequest): Promise<SlotSaved> => {
    // another tab's Blob is read between two tries, as the IndexedDB slot reads it outside its
    // transaction: another save may land while it is read
    let found = storedForSave(stored, req, null);
    for (let tries = 1; 'readFirst' in found; tries++) {
      if (tries >= BLOB_TRIES) throw new Error('the autosave slot kept changing under this save');
      const writer = stored.writer;
      const text = await found.readFirst.text();
      await readBetween();
      found = storedForSave(stored, req, { writer, text });
    }
    const decision = decideSave({ raw: found.raw, writer: stored.writer }, req);
    req.base.current = decision.base;
    if (decision.put)
      Object.assign(stored, {
        raw: decision.put.doc === req.doc && req.json !== undefined ? req.json : structuredClone(decision.put.doc),
        writer: decision.put.writer,
        unexported: decision.put.unexported,
      });
    const { outcome } = decision;
    const aside =
      outcome.kind === 'merged' && outcome.aside
        ? {
            key: `unreadable-${now()}-other-tab`,
            copy: 'other-tab' as const,
            reason: describeCollisions(outcome),
            keptAt: now(),
            raw: outcome.aside,
          }
        : null;
    return { outcome, aside };
  };
  return { stored, save };
}
