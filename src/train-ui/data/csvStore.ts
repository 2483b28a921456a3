/**
 * Where an imported CSV's rows live in the app: in memory for this page, and in IndexedDB so
 * that a reload (or autosave's restore) finds them again by the key the document records. The
 * document never holds them (csvBinding.ts). IndexedDB is best effort: without it (Node, a
 * private window that refuses it) the rows last as long as the page.
 */
import { CSV_DATASET_ID, readCsvBinding } from '../../data/csvBinding';
import type { Dataset } from '../../data/dataset';
import type { DatasetBinding } from '../../io/document';

const DB = 'lensboard-data';
const STORE = 'csv';
/** The most files kept in IndexedDB; the oldest go first. */
export const KEEP_FILES = 8;

const memory = new Map<string, Dataset>();

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, act: (s: IDBObjectStore) => Promise<T>): Promise<T> {
  if (typeof indexedDB === 'undefined') throw new Error('no IndexedDB here');
  const open = indexedDB.open(DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await request(open);
  try {
    return await act(db.transaction(STORE, mode).objectStore(STORE));
  } finally {
    db.close();
  }
}

interface Kept {
  readonly dataset: Dataset;
  readonly at: number;
}

async function persist(key: string, dataset: Dataset): Promise<void> {
  await withStore('readwrite', async (s) => {
    await request(s.put({ dataset, at: Date.now() } satisfies Kept, key));
    const keys = (await request(s.getAllKeys())) as string[];
    const all = (await request(s.getAll())) as Kept[];
    const old = keys.map((k, i) => ({ k, at: all[i].at })).sort((a, b) => b.at - a.at);
    await Promise.all(old.slice(KEEP_FILES).map(({ k }) => request(s.delete(k))));
  });
}

/** Keeps the rows under `key`; resolves once in memory, IndexedDB following when it can. */
export function keepCsv(key: string, dataset: Dataset): Promise<void> {
  memory.set(key, dataset);
  return persist(key, dataset).catch(() => undefined);
}

export async function findCsv(key: string): Promise<Dataset | undefined> {
  const held = memory.get(key);
  if (held) return held;
  const kept = await withStore('readonly', (s) => request(s.get(key)) as Promise<Kept | undefined>).catch(
    () => undefined,
  );
  if (kept) memory.set(key, kept.dataset);
  return kept?.dataset;
}

/**
 * The rows to put in a training start request (StartRequest.data) for this binding: for an
 * imported CSV, a copy of its rows (the request transfers them, and the page keeps its own);
 * undefined for a catalog dataset, which the worker loads itself. Throws, in words, when the
 * rows are not in this browser.
 */
export async function trainingData(binding: DatasetBinding | undefined): Promise<Dataset | undefined> {
  if (binding?.id !== CSV_DATASET_ID) return undefined;
  const csv = readCsvBinding(binding.options);
  const rows = await findCsv(csv.key);
  if (!rows) throw new Error(missingRows(csv.name));
  return { ...rows, features: rows.features.slice(), labels: rows.labels.slice() };
}

export const missingRows = (name: string): string =>
  `The rows of ${name} are not in this browser: the diagram keeps only its columns. Upload the file again to use it.`;
