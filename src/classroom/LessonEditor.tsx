/**
 * Writing a lesson (docs/lessons.md, "Writing a lesson"): a panel over the canvas, beside the
 * diagram the lesson opens. While "Record clicks" is on, a click on a box or a wire makes a
 * step pointing at it (or, with a step chosen, points that step at it too); the teacher types
 * each step's words, chooses what it waits for and which panels it rings, reorders, tries the
 * lesson, saves it as a file or makes share links with it. The draft is checked as the file
 * door checks a file (io/lesson.ts), so what is saved opens, and it is kept in the browser
 * (./draftKeep.ts), so a reload loses none of it.
 */
import './classroom.css';
import './lessonChooser.css';
import './lessonEditor.css';
import { useEffect, useMemo, useState } from 'react';
import { describeNode } from '../editor/model/boxInfo';
import { downloadText } from '../editor/persist/download';
import { useEditor, useEditorStoreApi } from '../editor/store/EditorStoreContext';
import { parseLesson } from '../io/lesson';
import { useShelf } from '../train-ui/session/TrainSessionContext';
import { useLessonStoreApi, useLessons } from './ClassroomContext';
import { keepDraft } from './draftKeep';
import { LessonLinks } from './LessonLinks';
import { addStep, type LessonDraft, lessonFileOf, pointAt } from './lessonDraft';
import { exampleOf } from './lessonExample';
import { StepEditor } from './StepEditor';
import { startLesson } from './startLesson';

export function LessonEditor() {
  const writing = useLessons((s) => s.writing);
  return writing ? <Writing /> : null;
}

function Writing() {
  const lessons = useLessonStoreApi();
  const editor = useEditorStoreApi();
  const shelf = useShelf();
  const draft = useLessons((s) => s.draft);
  const doc = useEditor((s) => s.doc);
  const [recording, setRecording] = useState(true);
  const [example, setExample] = useState<string | null>(null);
  const set = (d: LessonDraft) => lessons.getState().setDraft(d);

  // The draft outlives a reload: taken back when this opens on an empty one, kept as it changes.
  useEffect(() => {
    let storage: Storage;
    try {
      storage = window.localStorage;
    } catch {
      return;
    }
    return keepDraft(lessons, storage);
  }, [lessons]);

  // What is open is the lesson's diagram: named by the gallery when it is an example unchanged.
  useEffect(() => setExample(exampleOf(doc)), [doc]);

  useEffect(() => {
    if (!recording) return;
    return editor.subscribe((s, prev) => {
      const boxes = s.selectedNodes.filter((id) => !prev.selectedNodes.includes(id));
      const wires = s.selectedWires.filter((id) => !prev.selectedWires.includes(id));
      if (boxes.length + wires.length !== 1) return;
      let d = lessons.getState().draft;
      for (const id of boxes) {
        const name = describeNode(s.doc, id)?.label ?? id;
        const label = s.doc.boxes.find((b) => b.id === id)?.label;
        d = pointAt(d, { kind: 'box', id, name: `The ${label ?? name} box` });
      }
      for (const id of wires) {
        const w = s.doc.wires.find((x) => x.id === id);
        d = pointAt(d, { kind: 'wire', id, name: w ? `The wire ${w.from.box} → ${w.to.box}` : id });
      }
      lessons.getState().setDraft(d);
    });
  }, [recording, editor, lessons]);

  const file = useMemo(() => lessonFileOf(draft, doc, example), [draft, doc, example]);
  const checked = useMemo(() => parseLesson(file), [file]);
  const close = () => lessons.getState().write(false);
  const tryIt = () => {
    if (!checked.ok) return;
    startLesson(editor, lessons, checked.ready, () => ({ taken: shelf.session.state.taken, key: shelf.key }));
    lessons.getState().tryDraft();
  };
  const save = () => {
    if (!checked.ok) return;
    downloadText(`${JSON.stringify(file, null, 2)}\n`, `${checked.ready.lesson.id}.lesson.json`);
  };

  return (
    <section className="lesson-editor" aria-labelledby="lesson-editor-title">
      <header className="lesson-head">
        <h2 id="lesson-editor-title">Write a lesson</h2>
        <button type="button" className="lesson-close" aria-label="Close the lesson editor" onClick={close}>
          ×
        </button>
      </header>
      <p className="lesson-editor-help">
        The lesson opens the diagram on the canvas{example ? ` (the example “${example}”)` : ''}. Click a box or a wire
        to make a step pointing at it.
      </p>
      <div className="lesson-editor-meta">
        <label>
          Title{' '}
          <input
            type="text"
            maxLength={100}
            value={draft.title}
            onChange={(e) => set({ ...draft, title: e.currentTarget.value })}
          />
        </label>
        <label>
          Summary{' '}
          <input
            type="text"
            maxLength={300}
            value={draft.summary}
            onChange={(e) => set({ ...draft, summary: e.currentTarget.value })}
          />
        </label>
        <button type="button" aria-pressed={recording} onClick={() => setRecording(!recording)}>
          Record clicks
        </button>
      </div>
      <ol className="lesson-editor-steps" aria-label="Steps">
        {draft.steps.map((step, i) => (
          <StepEditor key={step.key} draft={draft} index={i} doc={doc} set={set} />
        ))}
      </ol>
      <p>
        <button type="button" onClick={() => set({ ...draft, current: -1 })} disabled={draft.current < 0}>
          Clicks make new steps
        </button>{' '}
        <button type="button" onClick={() => set(addStep(draft))}>
          Add a step
        </button>
      </p>
      {!checked.ok && draft.steps.length > 0 && (
        <section className="lesson-refused" aria-label="Not ready yet">
          <p>Not ready yet:</p>
          <ul>
            {checked.errors.slice(0, 8).map((e) => (
              <li key={`${e.path}:${e.message}`}>
                <code>{e.path}</code>: {e.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="lesson-editor-actions">
        <button type="button" disabled={!checked.ok} onClick={tryIt}>
          Try the lesson
        </button>
        <button type="button" disabled={!checked.ok} onClick={save}>
          Save as a file
        </button>
      </div>
      {checked.ok && <LessonLinks lesson={checked.ready.lesson} />}
    </section>
  );
}
