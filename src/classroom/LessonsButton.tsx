/**
 * The header's Lessons button, and the list it opens (LessonChooser.tsx), whose code loads when it
 * is first opened: it reads the shipped lessons and the example gallery they start from
 * (docs/architecture.md, "The first screen").
 */
import './lessonsButton.css';
import { LazyWhen } from '../editor/overlays/lazyOverlay';
import { useLessonStoreApi, useLessons } from './ClassroomContext';

const loadChooser = () => import('./LessonChooser').then((m) => m.LessonChooser);

export function LessonsButton() {
  const store = useLessonStoreApi();
  const open = useLessons((s) => s.choosing);
  return (
    <button
      type="button"
      className="lessons-button"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => store.getState().choose(true)}
    >
      Lessons
    </button>
  );
}

export function LazyLessonChooser() {
  const store = useLessonStoreApi();
  const open = useLessons((s) => s.choosing);
  return (
    <LazyWhen
      open={open}
      what="the lessons"
      load={loadChooser}
      close={() => store.getState().choose(false)}
      props={{}}
    />
  );
}
