/**
 * One step of the lesson being written: chosen, it opens its fields (title, words, what it
 * points at, the panels it rings, what it waits for) and clicks on the canvas point it at
 * what they click; Up, Down and Delete order the steps.
 */
import type { LensDocument } from '../io/document';
import { LESSON_CONTROLS } from '../io/lessonSchema';
import { CONTROL_FINDERS } from './controls';
import { type LessonDraft, moveStep, removeStep, setWait, updateStep } from './lessonDraft';
import { placeWordsIn } from './placeWords';
import { WaitFields } from './WaitFields';

export function StepEditor({
  draft,
  index,
  doc,
  set,
}: {
  draft: LessonDraft;
  index: number;
  doc: LensDocument;
  set: (d: LessonDraft) => void;
}) {
  const step = draft.steps[index];
  const n = index + 1;
  const chosen = draft.current === index;
  const h = step.highlight;
  const points = [...h.boxes.map((b) => `box ${b}`), ...h.wires.map((w) => `wire ${w}`), ...h.ports];
  return (
    <li className={`lesson-editor-step${chosen ? ' lesson-editor-step-chosen' : ''}`} aria-label={`Step ${n}`}>
      <div className="lesson-editor-step-head">
        <button
          type="button"
          aria-expanded={chosen}
          className="lesson-editor-step-title"
          onClick={() => set({ ...draft, current: chosen ? -1 : index })}
        >
          {n}. {step.title || '(no title)'}
        </button>
        <button
          type="button"
          aria-label={`Move step ${n} up`}
          disabled={index === 0}
          onClick={() => set(moveStep(draft, index, -1))}
        >
          ↑
        </button>
        <button
          type="button"
          aria-label={`Move step ${n} down`}
          disabled={index === draft.steps.length - 1}
          onClick={() => set(moveStep(draft, index, 1))}
        >
          ↓
        </button>
        <button type="button" aria-label={`Delete step ${n}`} onClick={() => set(removeStep(draft, index))}>
          ✕
        </button>
      </div>
      {chosen && (
        <div className="lesson-editor-step-fields">
          <label>
            Step title{' '}
            <input
              type="text"
              maxLength={80}
              value={step.title}
              onChange={(e) => set(updateStep(draft, index, { title: e.currentTarget.value }))}
            />
          </label>
          <label>
            Text{' '}
            <textarea
              rows={3}
              maxLength={600}
              value={step.text}
              onChange={(e) => set(updateStep(draft, index, { text: e.currentTarget.value }))}
            />
          </label>
          {placeWordsIn(step.text).length > 0 && (
            <p className="lesson-place-words" role="note">
              “{placeWordsIn(step.text).join('”, “')}” says where something sits, which depends on the window: ring it
              instead with “Ring on the page”.
            </p>
          )}
          <p className="muted" role="status" aria-label={`What step ${n} points at`}>
            Points at: {points.length > 0 ? points.join(', ') : 'nothing yet (click a box or a wire)'}
            {points.length > 0 && (
              <>
                {' '}
                <button
                  type="button"
                  onClick={() =>
                    set(updateStep(draft, index, { highlight: { ...h, boxes: [], wires: [], ports: [] } }))
                  }
                >
                  Clear
                </button>
              </>
            )}
          </p>
          <fieldset className="lesson-controls">
            <legend>Ring on the page</legend>
            {LESSON_CONTROLS.map((c) => (
              <label key={c}>
                <input
                  type="checkbox"
                  checked={h.controls.includes(c)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    const controls = LESSON_CONTROLS.filter((x) => (x === c ? on : h.controls.includes(x)));
                    set(updateStep(draft, index, { highlight: { ...h, controls } }));
                  }}
                />{' '}
                {CONTROL_FINDERS[c].name}
              </label>
            ))}
          </fieldset>
          <WaitFields
            label={`What step ${n} waits for`}
            wait={step.wait}
            doc={doc}
            onChange={(w) => set(setWait(draft, index, w))}
          />
        </div>
      )}
    </li>
  );
}
