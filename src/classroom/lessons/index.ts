/**
 * The lessons Lensboard ships, in the order a class meets them. Each is a data file in this
 * folder (docs/lessons.md); a broken one is a bug, so reading it throws with every error.
 */
import { parseLesson, type ReadyLesson } from '../../io/lesson';
import attention from './attention.json';
import boolean from './boolean.json';
import copying from './copying.json';
import learner from './learner.json';
import lens from './lens.json';
import optimisers from './optimisers.json';

export const LESSON_FILES: Readonly<Record<string, unknown>> = {
  lens,
  copying,
  learner,
  optimisers,
  boolean,
  attention,
};

function read(name: string, json: unknown): ReadyLesson {
  const parsed = parseLesson(json);
  if (parsed.ok) return parsed.ready;
  throw new Error(`lesson '${name}': ${parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
}

let read_: readonly ReadyLesson[] | undefined;

/** The lessons, read when first asked for (the Lessons dialog), not as the page opens. */
export function shippedLessons(): readonly ReadyLesson[] {
  read_ ??= Object.entries(LESSON_FILES).map(([name, json]) => read(name, json));
  return read_;
}
