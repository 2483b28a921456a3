/**
 * The lesson under way: its step's words and task, what the step rings and highlights, and the
 * way back and on. Its code loads with the first lesson started (LessonPanel.tsx).
 */
import './classroom.css';
import { useReactFlow } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { animationMarks } from '../editor/canvas/animationMarks';
import { useEditor } from '../editor/store/EditorStoreContext';
import type { ReadyLesson } from '../io/lesson';
import { useSession } from '../train-ui/session/TrainSessionContext';
import { useLessonStoreApi, useLessons } from './ClassroomContext';
import { panelsOf, spotControls } from './controls';
import { highlightCss } from './highlightCss';
import type { RevealPanel } from './LessonPanel';
import { usePanelPlace } from './usePanelPlace';
import { useStyleSheet } from './useStyleSheet';
import { waitMet, waitText } from './waits';

export function ActiveLesson({ ready, reveal }: { ready: ReadyLesson; reveal?: RevealPanel }) {
  const store = useLessonStoreApi();
  const index = useLessons((s) => s.index);
  const stepsAtStart = useLessons((s) => s.trainStepsAtStart);
  const doneBefore = useLessons((s) => s.done.includes(s.index));
  const doc = useEditor((s) => s.doc);
  const selectedNodes = useEditor((s) => s.selectedNodes);
  const overlay = useEditor((s) => s.overlay);
  const lensView = useEditor((s) => s.lensView);
  const trainSteps = useSession((s) => s.taken);
  const animating = useStore(animationMarks, (s) => Object.keys(s.boxes).length > 0);
  const ref = useRef<HTMLElement>(null);
  const flow = useReactFlow();
  const { lesson } = ready;
  const step = lesson.steps[index];
  const place = usePanelPlace(ref, step.highlight, flow);
  const met = waitMet(step.wait, {
    doc,
    selectedNodes,
    overlay,
    lensView,
    trainSteps,
    trainStepsAtStart: stepsAtStart,
    animating,
  });
  const done = met || doneBefore;
  const trying = useLessons((s) => s.trying);
  const ledBy = useLessons((s) => s.ledBy);
  const controls = step.highlight.controls.join(' ');
  useEffect(() => {
    if (!controls) return;
    return spotControls(document, controls.split(' ') as typeof step.highlight.controls);
  }, [controls]);
  // a ringed control in a folded panel is unseen: the step opens its panel (once, as it starts;
  // the user may fold it again)
  useEffect(() => {
    if (!controls || !reveal) return;
    for (const panel of panelsOf(controls.split(' ') as typeof step.highlight.controls)) reveal(panel);
  }, [controls, reveal]);
  useEffect(() => {
    if (met) store.getState().markDone(index);
  }, [met, index, store]);
  useStyleSheet(highlightCss(step.highlight));
  const last = index === lesson.steps.length - 1;
  const go = (to: number) => store.getState().go(to, trainSteps);
  return (
    <section ref={ref} className="lesson-panel" style={place} aria-label="Lesson">
      <header className="lesson-head">
        <h2>{lesson.title}</h2>
        <button
          type="button"
          className="lesson-close"
          aria-label="Close the lesson"
          onClick={() => store.getState().close()}
        >
          ×
        </button>
      </header>
      {/* the step's title and how far the lesson is share a row: a short card covers fewer boxes */}
      <div className="lesson-step-head">
        <h3>{step.title}</h3>
        <p className="lesson-progress">
          Step {index + 1} of {lesson.steps.length}
          <progress max={lesson.steps.length} value={index + 1} aria-label="Lesson progress" />
        </p>
      </div>
      <p className="lesson-text">{step.text}</p>
      {step.wait && (
        <p className={`lesson-task${done ? ' lesson-task-done' : ''}`} role="status" aria-label="Your turn">
          {done ? '✓ Done. ' : 'Your turn: '}
          {waitText(step.wait)}
        </p>
      )}
      {trying && (
        <p className="lesson-trying">
          <button type="button" onClick={() => store.getState().write(true)}>
            Back to the lesson editor
          </button>
        </p>
      )}
      {ledBy && (
        <p className="lesson-led" id="lesson-led">
          {ledBy}
        </p>
      )}
      <div className="lesson-nav">
        <button
          type="button"
          onClick={() => go(index - 1)}
          disabled={index === 0 || ledBy !== null}
          aria-describedby={ledBy ? 'lesson-led' : undefined}
        >
          ◀ Back
        </button>
        {last ? (
          <button
            type="button"
            className="lesson-next"
            onClick={() => store.getState().close()}
            disabled={!done || ledBy !== null}
            aria-describedby={ledBy ? 'lesson-led' : undefined}
          >
            Finish
          </button>
        ) : (
          <button
            type="button"
            className="lesson-next"
            onClick={() => go(index + 1)}
            disabled={!done || ledBy !== null}
            aria-describedby={ledBy ? 'lesson-led' : undefined}
          >
            Next ▶
          </button>
        )}
      </div>
    </section>
  );
}
