/**
 * "My boxes" kept across documents, in localStorage as plain JSON (`{ version: 1, boxes }`).
 * Read back entry by entry through the saved-box schema, so one damaged entry is dropped
 * without losing the others. Storage is reached only inside a `try`: where it is turned off,
 * merely touching `localStorage` throws.
 */
import { lazySchema, z } from '../../kinds/zod';
import { LIBRARY_LIMIT, type SavedBox, SavedBoxSchema } from '../model/library';

export const LIBRARY_KEY = 'lensboard.myBoxes';
const Stored = lazySchema(() => z.object({ version: z.literal(1), boxes: z.array(z.unknown()) }));

export function readLibrary(storage?: Pick<Storage, 'getItem'>): SavedBox[] {
  try {
    const raw = (storage ?? window.localStorage).getItem(LIBRARY_KEY);
    if (raw === null) return [];
    const stored = Stored.safeParse(JSON.parse(raw));
    if (!stored.success) return [];
    const boxes = stored.data.boxes.flatMap((b) => {
      const r = SavedBoxSchema.safeParse(b);
      return r.success ? [r.data] : [];
    });
    return boxes.slice(-LIBRARY_LIMIT);
  } catch {
    return [];
  }
}

/**
 * The version of a library a newer Lensboard stored here (one this build cannot read), or null.
 * Such a library is never overwritten: an old tab left open must not erase what a newer one kept.
 */
export function newerLibraryVersion(storage?: Pick<Storage, 'getItem'>): number | null {
  try {
    const raw = (storage ?? window.localStorage).getItem(LIBRARY_KEY);
    if (raw === null) return null;
    const version = (JSON.parse(raw) as { version?: unknown } | null)?.version;
    return typeof version === 'number' && version > 1 ? version : null;
  } catch {
    return null;
  }
}

/** Why the browser refused to store, in a user's words. */
export function storageProblem(e: unknown): string {
  const name = e instanceof Error || e instanceof DOMException ? e.name : '';
  if (name === 'QuotaExceededError') return 'its storage is full';
  if (name === 'SecurityError') return 'its storage is turned off';
  return e instanceof Error ? e.message : String(e);
}

/** Writes the library: null when written, else why storage refused (private window, quota). */
export function writeLibrary(boxes: readonly SavedBox[], storage?: Pick<Storage, 'setItem'>): string | null {
  try {
    (storage ?? window.localStorage).setItem(LIBRARY_KEY, JSON.stringify({ version: 1, boxes }));
    return null;
  } catch (e) {
    return storageProblem(e);
  }
}
