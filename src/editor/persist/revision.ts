/**
 * Revisions order the two stored copies of the document (IndexedDB and the pending record) and
 * copies written by other tabs: the wall clock, but never going back within a page, and never
 * below a revision restore has seen, so a clock set back cannot make a newer copy look older.
 */
let last = 0;

/**
 * Revisions are whole milliseconds. A stored value above this (say 1e300, where adding 1 changes
 * nothing) is damage rather than a date: it reads as 0, the oldest, and never pins the counter.
 */
export const MAX_REVISION = 2 ** 52;

/** A stored revision as a usable one: a whole number in 0…MAX_REVISION, else 0. */
export const readRevision = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_REVISION ? value : 0;

export function nextRevision(now: number = Date.now()): number {
  last = Math.max(Math.floor(now), last + 1);
  return last;
}

/** Restore reports the revisions it found, so that the next save is newer than all of them. */
export function seenRevision(revision: number): void {
  last = Math.max(last, readRevision(revision));
}
