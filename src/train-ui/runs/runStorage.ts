/**
 * Where the run book keeps its records: a small interface, so the book is tested against memory
 * and the page keeps them in IndexedDB (./idbRunStorage). `all` gives records as stored,
 * unread: the book validates each (runRecord.ts) and skips what it cannot read.
 */
import type { RunRecord } from './runRecord';

export interface RunStorage {
  all(): Promise<unknown[]>;
  put(run: RunRecord): Promise<void>;
  delete(id: string): Promise<void>;
}

/** For tests: records kept as structured clones, as IndexedDB keeps them. */
export function memoryRunStorage(
  initial: readonly unknown[] = [],
): RunStorage & { readonly raw: Map<string, unknown> } {
  const raw = new Map<string, unknown>(initial.map((r, i) => [String((r as { id?: unknown })?.id ?? `raw-${i}`), r]));
  return {
    raw,
    all: async () => [...raw.values()].map((r) => structuredClone(r)),
    put: async (run) => {
      raw.set(run.id, structuredClone(run));
    },
    delete: async (id) => {
      raw.delete(id);
    },
  };
}
