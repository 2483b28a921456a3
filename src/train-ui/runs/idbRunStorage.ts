/**
 * The run book in IndexedDB: a database of its own ('lensboard-runs'), not the autosave's
 * (editor/persist/idb.ts), so the autosave never grows with runs and clearing one leaves the
 * other. One record per run, keyed by its id.
 */
import type { RunStorage } from './runStorage';

const DB = 'lensboard-runs';
const STORE = 'runs';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB would not open'));
  });
}

function run<T>(mode: IDBTransactionMode, act: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = act(tx.objectStore(STORE));
        const fail = () => {
          db.close();
          reject(tx.error ?? new Error('IndexedDB transaction failed'));
        };
        tx.oncomplete = () => {
          db.close();
          resolve(req.result);
        };
        tx.onerror = fail;
        tx.onabort = fail;
      }),
  );
}

export const idbRunStorage: RunStorage = {
  all: () => run('readonly', (s) => s.getAll() as IDBRequest<unknown[]>),
  put: async (r) => {
    // A structured clone, not JSON: a failed run's NaN loss is kept as NaN.
    await run('readwrite', (s) => s.put(r));
  },
  delete: async (id) => {
    await run('readwrite', (s) => s.delete(id));
  },
};
