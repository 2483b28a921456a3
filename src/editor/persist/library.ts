/**
 * "My boxes" kept across documents, in localStorage as plain JSON. Read back entry by entry
 * through the saved-box schema, so one damaged entry is dropped without losing the others.
 */
import { z } from '../../io/zod';
import { LIBRARY_LIMIT, type SavedBox, SavedBoxSchema } from '../model/library';

export const LIBRARY_KEY = 'lensboard.myBoxes';
const Stored = z.object({ version: z.literal(1), boxes: z.array(z.unknown()).max(LIBRARY_LIMIT) });

export function readLibrary(storage: Pick<Storage, 'getItem'> = window.localStorage): SavedBox[] {
  try {
    const raw = storage.getItem(LIBRARY_KEY);
    if (raw === null) return [];
    const stored = Stored.safeParse(JSON.parse(raw));
    if (!stored.success) return [];
    return stored.data.boxes.flatMap((b) => {
      const r = SavedBoxSchema.safeParse(b);
      return r.success ? [r.data] : [];
    });
  } catch {
    return [];
  }
}

/** Writes the library; false when storage refuses (private window, quota). */
export function writeLibrary(
  boxes: readonly SavedBox[],
  storage: Pick<Storage, 'setItem'> = window.localStorage,
): boolean {
  try {
    storage.setItem(LIBRARY_KEY, JSON.stringify({ version: 1, boxes }));
    return true;
  } catch {
    return false;
  }
}
