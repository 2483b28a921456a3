/**
 * Which notation the screen writes types in, plain words or mathematics (docs/notation.md): a
 * first visit gets plain words, the choice is remembered in this browser. A tiny store of its
 * own with no framework, so the editor and the animation's captions (floors that never import
 * each other) both read it through `useSyncExternalStore`.
 */
import { NOTATIONS, type Notation } from './plainWords';

const KEY = 'lensboard.notation';
const DEFAULT: Notation = 'plain';

const parse = (v: string | null | undefined): Notation | null => NOTATIONS.find((n) => n === v) ?? null;

function saved(): Notation {
  try {
    return parse(globalThis.localStorage?.getItem(KEY)) ?? DEFAULT;
  } catch {
    return DEFAULT;
  }
}

export interface NotationStore {
  get(): Notation;
  set(n: Notation): void;
  subscribe(listener: () => void): () => void;
}

/** A store over a storage (the browser's localStorage, or none in Node and in tests). */
export function createNotationStore(read: () => Notation = saved, write: (n: Notation) => void = save): NotationStore {
  let current: Notation | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => {
      current ??= read();
      return current;
    },
    set(n) {
      if (!parse(n)) throw new Error(`notation should be one of ${NOTATIONS.join(', ')}, not '${String(n)}'`);
      if (n === current) return;
      current = n;
      write(n);
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function save(n: Notation): void {
  try {
    globalThis.localStorage?.setItem(KEY, n);
  } catch {
    // A private window may refuse storage: the choice then lasts for this page.
  }
}

/** The page's one notation. */
export const notation = createNotationStore();
