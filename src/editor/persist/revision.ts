/**
 * Revisions order the two stored copies of the document (IndexedDB and the pending record) and
 * copies written by other tabs: the wall clock, but never going back within a page, and never
 * below a revision restore has seen, so a clock set back cannot make a newer copy look older.
 */
let last = 0;

export function nextRevision(now: number = Date.now()): number {
  last = Math.max(Math.floor(now), last + 1);
  return last;
}

/** Restore reports the revisions it found, so that the next save is newer than all of them. */
export function seenRevision(revision: number): void {
  if (Number.isFinite(revision)) last = Math.max(last, revision);
}
