/**
 * The page's run book: every run kept, in a zustand store of plain records (the session's
 * tensors never come here), persisted through a RunStorage under a size cap. A run that would
 * pass the cap stays listed until the page closes, and the book says so; a stored record that
 * cannot be read is skipped at load, and said.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type RunRecord, readRunRecord, storedSize } from './runRecord';
import type { RunStorage } from './runStorage';

/**
 * 512 MB kept, all runs together (runRecord.ts `storedSize`): room for a few runs of a model of
 * tens of millions of parameters trained with Adam, whose archives are kept as binary.
 */
export const RUNS_CAP_BYTES = 512 * 1024 * 1024;

export interface RunBookState {
  /** Oldest first, as they were recorded. */
  readonly runs: readonly RunRecord[];
  /** Ids of runs listed but not stored (the cap, or a storage error): they go when the page closes. */
  readonly unsaved: readonly string[];
  /** Ids of runs drawn on the overlay chart. */
  readonly overlay: readonly string[];
  /** What the user should know about keeping runs (full, skipped at load), or null. */
  readonly notice: string | null;
}

export interface RunBook {
  readonly store: StoreApi<RunBookState>;
  /** Reads the stored runs back (the ones listed already stay). */
  load(): Promise<void>;
  /** Adds a run, or replaces the one with its id (a run that went on), and stores it if it fits. */
  put(run: RunRecord): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  remove(id: string): Promise<void>;
  setOverlay(id: string, on: boolean): void;
  get(id: string): RunRecord | undefined;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export function createRunBook(storage: RunStorage, capBytes = RUNS_CAP_BYTES): RunBook {
  const store = createStore<RunBookState>(() => ({ runs: [], unsaved: [], overlay: [], notice: null }));
  const sizes = new Map<string, number>(); // of the runs stored, by id
  const set = (patch: Partial<RunBookState>) => store.setState(patch);
  const unsaved = (id: string, on: boolean) => {
    const rest = store.getState().unsaved.filter((u) => u !== id);
    set({ unsaved: on ? [...rest, id] : rest });
  };

  async function keep(run: RunRecord): Promise<void> {
    const size = storedSize(run);
    const others = [...sizes].reduce((sum, [id, n]) => (id === run.id ? sum : sum + n), 0);
    if (others + size > capBytes) {
      unsaved(run.id, true);
      set({
        notice: `Runs are full (${megabytes(capBytes)} MB kept): delete a run to keep new ones. “${run.name}” stays until the page closes.`,
      });
      return;
    }
    try {
      await storage.put(run);
      sizes.set(run.id, size);
      unsaved(run.id, false);
    } catch (e) {
      unsaved(run.id, true);
      set({
        notice: `“${run.name}” could not be kept (${e instanceof Error ? e.message : String(e)}): it stays until the page closes.`,
      });
    }
  }

  const book: RunBook = {
    store,
    async load() {
      const raw = await storage.all();
      const read = raw.map(readRunRecord);
      const listed = new Set(store.getState().runs.map((r) => r.id));
      const loaded: RunRecord[] = [];
      for (const r of read) {
        if (!r.ok || listed.has(r.run.id)) continue;
        sizes.set(r.run.id, storedSize(r.run));
        loaded.push(r.run);
      }
      loaded.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
      const bad = read.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.reason));
      set({
        runs: [...loaded, ...store.getState().runs],
        ...(bad.length
          ? {
              notice: `${bad.length} kept run${bad.length === 1 ? '' : 's'} could not be read and ${bad.length === 1 ? 'was' : 'were'} skipped (${bad[0]}).`,
            }
          : {}),
      });
    },
    async put(run) {
      const { runs } = store.getState();
      const at = runs.findIndex((r) => r.id === run.id);
      set({ runs: at < 0 ? [...runs, run] : runs.map((r, i) => (i === at ? run : r)) });
      await keep(run);
    },
    async rename(id, name) {
      const run = book.get(id);
      if (!run || run.name === name) return;
      await book.put({ ...run, name });
    },
    async remove(id) {
      const { runs, overlay } = store.getState();
      set({ runs: runs.filter((r) => r.id !== id), overlay: overlay.filter((o) => o !== id) });
      unsaved(id, false);
      if (sizes.delete(id)) await storage.delete(id);
      // Deleting may have made room: the notice of a full book no longer holds.
      if (store.getState().unsaved.length === 0) set({ notice: null });
    },
    setOverlay(id, on) {
      const rest = store.getState().overlay.filter((o) => o !== id);
      set({ overlay: on ? [...rest, id] : rest });
    },
    get: (id) => store.getState().runs.find((r) => r.id === id),
  };
  return book;
}
