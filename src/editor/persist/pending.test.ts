import { describe, expect, it } from 'vitest';
import { emptyDocument } from '../model/emptyDocument';
import { xorExample } from '../model/xorExample';
import { clearPending, PENDING_KEY, PENDING_LIMIT, readPending, writePending } from './pending';
import { MAX_REVISION, nextRevision, seenRevision } from './revision';
import { fullStorage, memoryStorage } from './testStorage';

describe('the pending record', () => {
  it('round-trips a document with its flag and revision', () => {
    const storage = memoryStorage();
    expect(readPending(storage)).toEqual({ kind: 'none' });
    const doc = xorExample();
    expect(writePending(doc, true, 7, storage)).toBe(true);
    expect(readPending(storage)).toEqual({ kind: 'ok', doc, unexported: true, revision: 7 });
    expect(writePending(emptyDocument(), false, 8, storage)).toBe(true);
    expect(readPending(storage)).toMatchObject({ kind: 'ok', unexported: false, revision: 8 });
  });

  it('refuses a damaged or foreign record whole, naming what is wrong', () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_KEY, '{"version":1,"revis');
    expect(readPending(storage)).toEqual({ kind: 'bad', reason: 'not valid JSON', raw: '{"version":1,"revis' });
    storage.setItem(PENDING_KEY, JSON.stringify({ hello: 'world' }));
    expect(readPending(storage)).toEqual({
      kind: 'bad',
      reason: 'not a Lensboard autosave record',
      raw: '{"hello":"world"}',
    });
    const doc = { ...xorExample(), boxes: [{ ...xorExample().boxes[0], position: { x: 'left', y: 0 } }] };
    storage.setItem(PENDING_KEY, JSON.stringify({ version: 1, revision: 3, unexported: true, doc }));
    const read = readPending(storage);
    expect(read.kind).toBe('bad');
    expect(read.kind === 'bad' && read.reason).toMatch(/^boxes\[0\]\.position\.x: /);
    const twice = { ...xorExample(), boxes: [xorExample().boxes[0], xorExample().boxes[0]] };
    storage.setItem(PENDING_KEY, JSON.stringify({ version: 1, revision: 3, unexported: true, doc: twice }));
    expect(readPending(storage)).toMatchObject({ kind: 'bad', reason: expect.stringMatching(/duplicate id/) });
  });

  it('never throws when storage refuses, and skips a document too large to keep beside My boxes', () => {
    const full = fullStorage();
    expect(writePending(xorExample(), true, 1, full)).toBe(false);
    expect(readPending(full)).toEqual({ kind: 'none' });
    const storage = memoryStorage();
    const boxes = Array.from({ length: PENDING_LIMIT / 40 }, (_, i) => ({
      id: `b${i}`,
      generator: 'tanh',
      config: {},
      position: { x: i, y: i },
    }));
    const huge = { ...emptyDocument(), boxes };
    expect(writePending(huge, true, 1, storage)).toBe(false);
    expect(storage.map.size).toBe(0);
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {},
      removeItem: () => {},
    };
    expect(readPending(broken)).toEqual({ kind: 'none' });
    expect(() => clearPending(1, broken)).not.toThrow();
  });

  it('is cleared by a save of its revision or a later one, never by an older save', () => {
    const storage = memoryStorage();
    writePending(xorExample(), true, 10, storage);
    clearPending(9, storage);
    expect(readPending(storage)).toMatchObject({ revision: 10 });
    clearPending(10, storage);
    expect(storage.map.size).toBe(0);
    storage.setItem(PENDING_KEY, 'damaged');
    clearPending(1, storage);
    expect(storage.map.size).toBe(0);
    // a newer record stays only if it is whole: a damaged one is cleared by any save
    storage.setItem(PENDING_KEY, JSON.stringify({ version: 2, revision: 20, unexported: true, doc: {} }));
    clearPending(10, storage);
    expect(storage.map.size).toBe(0);
    storage.setItem(PENDING_KEY, JSON.stringify({ version: 1, revision: 20, unexported: 'yes', doc: {} }));
    clearPending(10, storage);
    expect(storage.map.size).toBe(0);
    writePending(xorExample(), false, 20, storage);
    clearPending(10, storage);
    expect(readPending(storage)).toMatchObject({ revision: 20 });
    clearPending(undefined, storage);
    expect(storage.map.size).toBe(0);
  });
});

describe('revisions', () => {
  it('grow within a page even when the clock steps back, and pass any revision restore saw', () => {
    const a = nextRevision(5_000);
    const b = nextRevision(4_000);
    expect(b).toBeGreaterThan(a);
    seenRevision(b + 1_000_000);
    expect(nextRevision(6_000)).toBeGreaterThan(b + 1_000_000);
  });

  it('cannot be pinned by a stored value where adding 1 changes nothing', () => {
    seenRevision(1e300);
    seenRevision(2 ** 53);
    const a = nextRevision(7_000);
    expect(a).toBeLessThan(MAX_REVISION);
    expect(nextRevision(7_000)).toBe(a + 1);
    const storage = memoryStorage();
    const doc = xorExample();
    for (const revision of [1e300, -5, 2.5, '9']) {
      storage.setItem(PENDING_KEY, JSON.stringify({ version: 1, revision, unexported: true, doc }));
      expect(readPending(storage), String(revision)).toEqual({ kind: 'ok', doc, unexported: true, revision: 0 });
    }
  });
});
