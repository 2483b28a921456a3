/**
 * A lesson outlives a reload of its tab (docs/lessons.md, "A reload keeps your place"): as the
 * page is left, the lesson, its step and the steps done are written to the tab's
 * sessionStorage with the content hash of the diagram on the canvas; as the page comes back
 * with the same diagram (the autosave restores it), the lesson resumes at that step. The kept
 * lesson goes back through the checked door (io/lesson.ts), as a file would; a diagram changed
 * meanwhile, or another tab, finds nothing to resume.
 */
import { useEffect, useRef } from 'react';
import type { LensDocument } from '../io/document';
import { documentHash } from '../train-ui/session/documentHash';
import { type KeptPlace, PLACE_KEY, PLACE_VERSION, type PlaceParts } from './lessonPlaceRecord';
import type { LessonState } from './lessonStore';

/** What to keep as the page is left: null when no lesson shows on the diagram on the canvas. */
export function placeToKeep(s: LessonState, shownKey: string, doc: LensDocument): KeptPlace | null {
  if (!s.active || (s.documentKey !== null && s.documentKey !== shownKey)) return null;
  return {
    v: PLACE_VERSION,
    lesson: s.active.lesson,
    index: s.index,
    done: s.done,
    trying: s.trying,
    doc: documentHash(doc),
  };
}

/** Writes the place (or takes an old one away) when `leaving` fires; returns the stop. */
export function keepLessonPlace(
  parts: PlaceParts,
  leaving: Pick<Window, 'addEventListener' | 'removeEventListener'>,
): () => void {
  const write = () => {
    const place = placeToKeep(parts.lessons.getState(), parts.shelf.key, parts.editor.getState().doc);
    try {
      if (place) parts.storage.setItem(PLACE_KEY, JSON.stringify(place));
      else parts.storage.removeItem(PLACE_KEY);
    } catch {
      // storage full or refused: the lesson simply starts again after a reload
    }
  };
  leaving.addEventListener('pagehide', write);
  return () => leaving.removeEventListener('pagehide', write);
}

/**
 * The page's lesson place: written as the page is left, resumed once the editor has its
 * diagram back (`ready`). The reader loads only when a place was kept.
 */
export function useLessonPlace(ready: boolean, parts: Omit<PlaceParts, 'storage'>): void {
  const { lessons, editor, shelf } = parts;
  useEffect(() => {
    const storage = tabStorage();
    return storage ? keepLessonPlace({ lessons, editor, shelf, storage }, window) : undefined;
  }, [lessons, editor, shelf]);
  const tried = useRef(false);
  useEffect(() => {
    const storage = tabStorage();
    if (!ready || tried.current || !storage) return;
    tried.current = true;
    let kept: string | null = null;
    try {
      kept = storage.getItem(PLACE_KEY);
    } catch {
      return;
    }
    if (kept !== null)
      void import('./lessonResume').then((m) => m.resumeLessonPlace({ lessons, editor, shelf, storage }));
  }, [ready, lessons, editor, shelf]);
}

/** The tab's sessionStorage, or null where the browser refuses it. */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
