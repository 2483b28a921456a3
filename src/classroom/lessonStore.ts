/**
 * Where the user is in a lesson: which lesson, which step, and how many training steps the
 * session had when the step began (a step that asks for "press Step" counts from there).
 * Made by a factory so each test gets a fresh one; plain data only.
 */
import { createStore } from 'zustand/vanilla';
import type { ReadyLesson } from '../io/lesson';
import { emptyDraft, type LessonDraft } from './lessonDraft';

export interface LessonState {
  /** The chooser (the list of lessons) is open. */
  readonly choosing: boolean;
  readonly active: ReadyLesson | null;
  readonly index: number;
  readonly trainStepsAtStart: number;
  /** The document the lesson opened (its session's key): the panel shows while it is open. */
  readonly documentKey: string | null;
  /** Steps whose wait was met once: going Back to one does not ask again. */
  readonly done: readonly number[];
  /** The lesson editor is open (docs/lessons.md, "Writing a lesson"). */
  readonly writing: boolean;
  /** The lesson being written: kept while it is tried, and until the page closes. */
  readonly draft: LessonDraft;
  /** The lesson running is the draft, tried: its panel offers the way back to the editor. */
  readonly trying: boolean;
  /**
   * Why the step buttons are not the user's, or null when they are: in a live class the teacher
   * leads the lesson and the page follows the teacher's step (docs/class.md#during-the-class).
   */
  readonly ledBy: string | null;
}

export interface LessonActions {
  choose(open: boolean): void;
  begin(lesson: ReadyLesson, trainSteps: number, documentKey?: string): void;
  /** Moves to a step (clamped to the lesson), counting training steps from `trainSteps`. */
  go(index: number, trainSteps: number): void;
  close(): void;
  markDone(index: number): void;
  write(open: boolean): void;
  setDraft(draft: LessonDraft): void;
  /** The lesson begun is the draft being tried (set after `begin`). */
  tryDraft(): void;
  /** Someone else leads the lesson (the sentence says who and why), or nobody does (null). */
  lead(why: string | null): void;
}

export function createLessonStore() {
  return createStore<LessonState & LessonActions>()((set, get) => ({
    choosing: false,
    active: null,
    index: 0,
    trainStepsAtStart: 0,
    documentKey: null,
    done: [],
    writing: false,
    draft: emptyDraft(),
    trying: false,
    ledBy: null,
    choose: (open) => set({ choosing: open }),
    write: (open) => set(open ? { writing: true, choosing: false, active: null, trying: false } : { writing: false }),
    setDraft: (draft) => set({ draft }),
    tryDraft: () => set({ trying: true, writing: false }),
    begin: (lesson, trainSteps, documentKey) =>
      set({
        active: lesson,
        index: 0,
        trainStepsAtStart: trainSteps,
        documentKey: documentKey ?? null,
        choosing: false,
        done: [],
        trying: false,
      }),
    go: (index, trainSteps) => {
      const active = get().active;
      if (!active) return;
      const last = active.lesson.steps.length - 1;
      set({ index: Math.max(0, Math.min(last, index)), trainStepsAtStart: trainSteps });
    },
    close: () => set({ active: null, index: 0, done: [], trying: false, ledBy: null }),
    lead: (why) => {
      if (get().ledBy !== why) set({ ledBy: why });
    },
    markDone: (index) => {
      if (!get().done.includes(index)) set({ done: [...get().done, index] });
    },
  }));
}

export type LessonStore = ReturnType<typeof createLessonStore>;
