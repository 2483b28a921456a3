/**
 * The list of lessons: each with its title and what it shows. Starting one replaces the
 * diagram on the canvas; with unsaved work the dialog says so first (Undo brings it back).
 */
import { useState } from 'react';
import { useEditorStoreApi } from '../editor/store/EditorStoreContext';
import { hasUnsavedWork } from '../editor/store/unsaved';
import { useShelf } from '../train-ui/session/TrainSessionContext';
import { useLessonStoreApi, useLessons } from './ClassroomContext';
import { lessons } from './lessons';
import type { ReadyLesson } from '../io/lesson';
import { startLesson } from './startLesson';

export function LessonChooser() {
  const open = useLessons((s) => s.choosing);
  const store = useLessonStoreApi();
  const editor = useEditorStoreApi();
  const shelf = useShelf();
  const [asking, setAsking] = useState<ReadyLesson | null>(null);
  if (!open) return null;
  const close = () => {
    setAsking(null);
    store.getState().choose(false);
  };
  const start = (ready: ReadyLesson) => {
    setAsking(null);
    // The lesson's document has a session of its own (a lesson never inherits a run).
    startLesson(editor, store, ready, () => ({ taken: shelf.session.state.taken, key: shelf.key }));
  };
  const pick = (ready: ReadyLesson) => (hasUnsavedWork(editor.getState()) ? setAsking(ready) : start(ready));
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal lesson-chooser" role="dialog" aria-modal="true" aria-labelledby="lessons-title">
        <h2 id="lessons-title">Lessons</h2>
        {asking ? (
          <>
            <p>
              “{asking.lesson.title}” opens its own diagram in place of yours, which has changes not exported. Undo
              brings your diagram back.
            </p>
            <div className="modal-actions">
              <button type="button" onClick={() => setAsking(null)}>
                Back to the list
              </button>
              <button type="button" className="danger" onClick={() => start(asking)}>
                Start the lesson
              </button>
            </div>
          </>
        ) : (
          <>
            <ol className="lesson-list">
              {lessons.map((l) => (
                <li key={l.lesson.id}>
                  <button type="button" onClick={() => pick(l)} aria-describedby={`lesson-${l.lesson.id}`}>
                    {l.lesson.title}
                  </button>
                  <p id={`lesson-${l.lesson.id}`}>
                    {l.lesson.summary} <span className="lesson-length">({l.lesson.steps.length} steps)</span>
                  </p>
                </li>
              ))}
            </ol>
            <div className="modal-actions">
              <button type="button" onClick={close}>
                Close
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

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
