/**
 * The lesson's kept place read back and resumed (./lessonPlace.ts writes it). Loaded only when
 * a place was kept: the lesson reader is not part of the first screen.
 */
import { parseLesson } from '../io/lesson';
import { documentHashes } from '../train-ui/session/documentHash';
import { type KeptPlace, PLACE_KEY, PLACE_VERSION, type Place, type PlaceParts } from './lessonPlaceRecord';

const isStep = (n: unknown, steps: number): n is number =>
  Number.isInteger(n) && (n as number) >= 0 && (n as number) < steps;

/** The kept place read back, or null when there is none or it does not hold (nothing is trusted). */
export function readPlace(text: string | null): Place | null {
  if (!text) return null;
  let kept: Partial<KeptPlace>;
  try {
    kept = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof kept !== 'object' || kept === null || kept.v !== PLACE_VERSION || typeof kept.doc !== 'string')
    return null;
  const parsed = parseLesson(kept.lesson);
  if (!parsed.ok) return null;
  const steps = parsed.ready.lesson.steps.length;
  const done = Array.isArray(kept.done) ? kept.done : [];
  if (!isStep(kept.index, steps) || !done.every((d) => isStep(d, steps))) return null;
  return {
    ready: parsed.ready,
    index: kept.index,
    done: [...new Set(done)],
    trying: kept.trying === true,
    doc: kept.doc,
  };
}

/**
 * Resumes the kept place on the diagram now on the canvas, once: the record is taken away
 * whether or not it resumes. True when the lesson resumed.
 */
export function resumeLessonPlace(parts: PlaceParts): boolean {
  let text: string | null;
  try {
    text = parts.storage.getItem(PLACE_KEY);
    parts.storage.removeItem(PLACE_KEY);
  } catch {
    return false;
  }
  const place = readPlace(text);
  const lessons = parts.lessons.getState();
  // A place kept of a grouped drawing before groups were drawn through carries its old hash.
  if (!place || lessons.active || !documentHashes(parts.editor.getState().doc).includes(place.doc)) return false;
  const taken = parts.shelf.session.state.taken;
  lessons.begin(place.ready, taken, parts.shelf.key);
  if (place.trying) lessons.tryDraft();
  lessons.go(place.index, taken);
  for (const d of place.done) lessons.markDone(d);
  return true;
}
