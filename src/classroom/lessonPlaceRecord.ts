/**
 * The record a lesson's place is kept in over a reload (docs/lessons.md, "A reload keeps your
 * place"): written by ./lessonPlace.ts, read back by ./lessonResume.ts.
 */
import type { EditorStore } from '../editor/store/createEditorStore';
import type { ReadyLesson } from '../io/lesson';
import type { SessionShelf } from '../train-ui/session/sessionShelf';
import type { LessonStore } from './lessonStore';

export const PLACE_KEY = 'lensboard.lessonPlace';
export const PLACE_VERSION = 1;

/** The place written: the lesson as its file has it, where the user was, and which diagram. */
export interface KeptPlace {
  readonly v: typeof PLACE_VERSION;
  readonly lesson: unknown;
  readonly index: number;
  readonly done: readonly number[];
  readonly trying: boolean;
  /** documentHash of the diagram the lesson was on. */
  readonly doc: string;
}

export interface Place {
  readonly ready: ReadyLesson;
  readonly index: number;
  readonly done: readonly number[];
  readonly trying: boolean;
  readonly doc: string;
}

export interface PlaceParts {
  readonly lessons: LessonStore;
  readonly editor: EditorStore;
  readonly shelf: SessionShelf;
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}
