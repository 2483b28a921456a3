/**
 * Whether this browser has opened Lensboard before, read synchronously from localStorage as the
 * page starts: a first visit draws the XOR example at once, before IndexedDB has answered, instead
 * of waiting for its empty answer (docs/architecture.md, "The first screen"). A returning visit
 * waits, so that its own diagram is what it sees first. A missing mark with a saved diagram
 * (localStorage cleared alone) is still restored, over the example, when IndexedDB answers.
 */
import { PENDING_KEY, type PendingStorage } from './pending';

export const VISITED_KEY = 'lensboard.visited';

const local = (storage?: PendingStorage): PendingStorage => storage ?? window.localStorage;

/** False where storage is disabled or throws: then the page waits for IndexedDB, as it always did. */
export function isFirstVisit(storage?: PendingStorage): boolean {
  try {
    const s = local(storage);
    return s.getItem(VISITED_KEY) === null && s.getItem(PENDING_KEY) === null;
  } catch {
    return false;
  }
}

/** Written once the first restore is done; never throws. */
export function markVisited(storage?: PendingStorage): void {
  try {
    local(storage).setItem(VISITED_KEY, '1');
  } catch {
    // storage refused: the next visit waits for IndexedDB, which is only slower
  }
}
