/**
 * A class lock outlives a reload. Opening a link drops its hash, and autosave brings the
 * diagram back on reload: without this, F5 would unlock the teacher's diagram. So the lock is
 * kept in localStorage with a fingerprint of the drawing it locked (boxes, wires, groups), and
 * any document opened later with that drawing (the autosave on reload, in another tab, the same
 * diagram exported and opened again) opens locked. A drawing of the student's own never does;
 * the teacher's key, unlocking, forgets the lock. Like the lock, this is for a classroom, not
 * against someone who clears the site's storage.
 */
import { useEffect } from 'react';
import { CHECK_PATTERN, type ClassLock, KEY_PATTERN } from '../../io/classLock';
import type { LensDocument } from '../../io/document';
import type { EditorStore } from '../store/createEditorStore';
import { drawingOf } from '../store/lock';
import type { PendingStorage } from './pending';

export const KEPT_LOCKS_KEY = 'lensboard-class-locks';
/** The last few class links opened in this browser are plenty for a classroom. */
const MAX_KEPT = 20;

interface Kept extends ClassLock {
  readonly drawing: string;
}

/** The training settings and the dataset are the class's to change: only the drawing counts (store/lock.ts). */
export { drawingOf };

const isKept = (k: unknown): k is Kept => {
  const r = k as Partial<Kept> | null;
  return (
    typeof r?.drawing === 'string' &&
    (r.check === null || (typeof r.check === 'string' && CHECK_PATTERN.test(r.check))) &&
    (r.key === undefined || (typeof r.key === 'string' && KEY_PATTERN.test(r.key)))
  );
};

/** What is kept; a damaged record (hand-edited, or another version's) keeps nothing; no storage keeps nothing. */
function read(storage?: PendingStorage): Kept[] {
  try {
    const all: unknown = JSON.parse((storage ?? window.localStorage).getItem(KEPT_LOCKS_KEY) ?? '[]');
    return Array.isArray(all) ? all.filter(isKept) : [];
  } catch {
    return [];
  }
}

function write(storage: PendingStorage | undefined, kept: readonly Kept[]): void {
  try {
    (storage ?? window.localStorage).setItem(KEPT_LOCKS_KEY, JSON.stringify(kept.slice(-MAX_KEPT)));
  } catch {
    // Storage refused (a private window, quota): the lock holds for this visit only.
  }
}

export function keepLock(lock: ClassLock, doc: LensDocument, storage?: PendingStorage): void {
  const drawing = drawingOf(doc);
  write(storage, [...read(storage).filter((k) => k.drawing !== drawing), { ...lock, drawing }]);
}

export function keptLockOf(doc: LensDocument, storage?: PendingStorage): ClassLock | null {
  const all = read(storage);
  // The fingerprint stringifies the whole drawing: a big document opened where no lock is kept
  // (nearly always) does not pay for it.
  if (all.length === 0) return null;
  const drawing = drawingOf(doc);
  const kept = all.find((k) => k.drawing === drawing);
  if (!kept) return null;
  return kept.key ? { check: kept.check, key: kept.key } : { check: kept.check };
}

/** Relocks each document opened with a kept drawing; forgets a lock its key took off. */
export function watchKeptLocks(store: EditorStore, storage?: PendingStorage): () => void {
  return store.subscribe((s, prev) => {
    if (s.heldLocks !== prev.heldLocks) {
      const gone = prev.heldLocks.filter((h) => h.lock.check && !s.heldLocks.some((k) => k.drawing === h.drawing));
      if (gone.length > 0)
        write(
          storage,
          read(storage).filter((k) => !gone.some((g) => g.lock.check === k.check)),
        );
    }
    if (s.opened === prev.opened || s.classLock) return;
    const lock = keptLockOf(s.doc, storage);
    if (lock) s.lockBoxes(lock, s.doc);
  });
}

export function useKeptLocks(store: EditorStore): void {
  useEffect(() => watchKeptLocks(store), [store]);
}
