/**
 * The list of lessons: each with its title and what it shows, a lesson file of the teacher's
 * (picked, or dropped on the dialog) read through the one file door (model/openFile.ts), and the
 * way to write one. Starting one replaces the diagram on the canvas; with unsaved work the
 * dialog says so first (Undo brings it back). A refused file changes nothing: its problems are
 * listed here with their JSON paths.
 */
import './lessonChooser.css';
import { type DragEvent, useRef, useState } from 'react';
import { readPicked } from '../editor/persist/openFiles';
import { useEditorStoreApi } from '../editor/store/EditorStoreContext';
import { hasUnsavedWork } from '../editor/store/unsaved';
import type { ReadyLesson } from '../io/lesson';
import type { WeightIssue } from '../io/modelWeights';
import { useShelf } from '../train-ui/session/TrainSessionContext';
import { useLessonStoreApi, useLessons } from './ClassroomContext';
import { shippedLessons } from './lessons';
import { startLesson } from './startLesson';

export function LessonChooser() {
  const open = useLessons((s) => s.choosing);
  const store = useLessonStoreApi();
  const editor = useEditorStoreApi();
  const shelf = useShelf();
  const [asking, setAsking] = useState<ReadyLesson | null>(null);
  const [refused, setRefused] = useState<{ file: string; errors: readonly WeightIssue[] } | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  if (!open) return null;
  const close = () => {
    setAsking(null);
    setRefused(null);
    store.getState().choose(false);
  };
  const start = (ready: ReadyLesson) => {
    setAsking(null);
    // The lesson's document has a session of its own (a lesson never inherits a run).
    startLesson(editor, store, ready, () => ({ taken: shelf.session.state.taken, key: shelf.key }));
  };
  const pick = (ready: ReadyLesson) => (hasUnsavedWork(editor.getState()) ? setAsking(ready) : start(ready));
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const opened = await readPicked(file);
    if (opened.kind === 'lesson') {
      setRefused(null);
      pick({ lesson: opened.lesson, doc: opened.doc });
      return;
    }
    const errors =
      opened.kind === 'error'
        ? opened.errors
        : [{ path: 'format', message: `this is a ${opened.kind} file, not a lesson: open it with Open…` }];
    setRefused({ file: file.name, errors });
  };
  const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  return (
    <div className="modal-backdrop" role="presentation">
      <div
        className={`modal lesson-chooser${over ? ' lesson-drop-over' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="lessons-title"
        onDragOver={(e) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          setOver(false);
          void readFile(e.dataTransfer.files[0]);
        }}
      >
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
              {shippedLessons().map((l) => (
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
            <section className="lesson-files" aria-label="Your lessons">
              <input
                ref={input}
                type="file"
                hidden
                accept=".json,application/json"
                aria-label="Lesson file"
                onChange={(e) => {
                  void readFile(e.currentTarget.files?.[0]);
                  e.currentTarget.value = '';
                }}
              />
              <button type="button" onClick={() => input.current?.click()}>
                Open a lesson file…
              </button>
              <span className="muted">or drop one here.</span>
              <button type="button" onClick={() => store.getState().write(true)}>
                Write a lesson…
              </button>
            </section>
            {refused && (
              <section className="lesson-refused" role="alert" aria-label="The lesson file was not opened">
                <p>“{refused.file}” was not opened; nothing changed:</p>
                <ul>
                  {refused.errors.slice(0, 20).map((e, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list is read, never reordered
                    <li key={i}>
                      {e.path ? <code>{e.path}</code> : null}
                      {e.path ? ': ' : ''}
                      {e.message}
                    </li>
                  ))}
                </ul>
              </section>
            )}
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
