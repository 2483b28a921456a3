/**
 * The lesson on the canvas: a small panel with the step's text, what the user is asked to do
 * (ticked when done, read off the editor and the training session), Back / Next and progress.
 * It sits in a corner that covers nothing the step highlights, and moves when the view does.
 */
import { useStore } from 'zustand';
import { LazyWhen } from '../editor/overlays/lazyOverlay';
import { useEditorStoreApi } from '../editor/store/EditorStoreContext';
import { useShelf } from '../train-ui/session/TrainSessionContext';
import { useLessonStoreApi, useLessons } from './ClassroomContext';
import type { FoldingPanel } from './controls';
import { useLessonPlace } from './lessonPlace';
import { useOpenedLessons } from './useOpenedLesson';

/** Opens a folded panel (the shell owns which panels are open). */
export type RevealPanel = (panel: FoldingPanel) => void;

// Loaded when first wanted (docs/architecture.md, "The first screen"): a first visit shows neither.
const loadEditor = () => import('./LessonEditor').then((m) => m.LessonEditor);
const loadActive = () => import('./ActiveLesson').then((m) => m.ActiveLesson);

/**
 * Shown while the lesson's own document is open: another document has no lesson progress.
 * `ready`: the editor has its diagram back, so a lesson kept over a reload may resume on it.
 * `reveal` opens a folded panel that a step rings a control in.
 */
export function LessonPanel({ reveal, ready = true }: { reveal?: RevealPanel; ready?: boolean }) {
  const shelf = useShelf();
  const editor = useEditorStoreApi();
  const lessons = useLessonStoreApi();
  useOpenedLessons(editor, lessons, shelf);
  useLessonPlace(ready, { lessons, editor, shelf });
  const active = useLessons((s) => s.active);
  const lessonKey = useLessons((s) => s.documentKey);
  const shownKey = useStore(shelf.shown, (s) => s.key);
  const shown = active && (lessonKey === null || lessonKey === shownKey);
  const writing = useLessons((s) => s.writing);
  return (
    <>
      <LazyWhen
        open={writing}
        what="the lesson editor"
        load={loadEditor}
        close={() => lessons.getState().write(false)}
        props={{}}
      />
      {shown && (
        <LazyWhen
          key={active.lesson.id}
          open
          what="the lesson"
          load={loadActive}
          close={() => lessons.getState().close()}
          props={{ ready: active, reveal }}
        />
      )}
    </>
  );
}
