/**
 * Has the user done what a lesson step waits for? Read off plain state only: the editor's
 * document, selection and view, the steps the training session has taken, and whether a step
 * is animated. No timers: the panel asks again whenever one of these changes.
 */
import type { LensDocument } from '../io/document';
import type { Wait } from '../io/lessonSchema';

export interface WatchedState {
  readonly doc: LensDocument;
  readonly selectedNodes: readonly string[];
  readonly overlay: string | null;
  readonly lensView: boolean;
  /** Steps the training session has seen taken (a count that only grows), and how many when this lesson step began. */
  readonly trainSteps: number;
  readonly trainStepsAtStart: number;
  readonly animating: boolean;
}

const port = (ref: string) => {
  const [box, name] = ref.split('.');
  return { box, name };
};

export function waitMet(wait: Wait | undefined, s: WatchedState): boolean {
  if (!wait) return true;
  switch (wait.kind) {
    case 'wire': {
      const a = port(wait.from);
      const b = port(wait.to);
      return s.doc.wires.some(
        (w) => w.from.box === a.box && w.from.port === a.name && w.to.box === b.box && w.to.port === b.name,
      );
    }
    case 'select':
      return s.selectedNodes.includes(wait.box);
    case 'add':
      return s.doc.boxes.some((b) => b.generator === wait.generator);
    case 'config':
      return s.doc.boxes.find((b) => b.id === wait.box)?.config[wait.key] === wait.value;
    case 'overlay':
      return s.overlay === wait.overlay;
    case 'lens-view':
      return s.lensView;
    case 'train':
      return s.trainSteps - s.trainStepsAtStart >= wait.steps;
    case 'animate':
      return s.animating;
  }
}

/** What the user is asked to do, in words: the lesson's own, or one made from the wait. */
export function waitText(wait: Wait): string {
  if (wait.say) return wait.say;
  switch (wait.kind) {
    case 'wire':
      return `Drag a wire from ${wait.from} to ${wait.to}.`;
    case 'select':
      return `Click the box ${wait.box} to open it in the inspector.`;
    case 'add':
      return `Drag a ${wait.generator} box from the palette onto the canvas.`;
    case 'config':
      return `In the inspector, set ${wait.key} of ${wait.box} to ${String(wait.value)}.`;
    case 'overlay':
      return wait.overlay === 'reverse' ? 'Press “Show reverse derivative” in the tools.' : `Open ${wait.overlay}.`;
    case 'lens-view':
      return 'Press “Lens view (backward strands)” in the tools.';
    case 'train':
      return wait.steps === 1 ? 'Press Step in the training panel.' : `Train for ${wait.steps} steps (Step or Play).`;
    case 'animate':
      return 'Press “Animate a step” in the training panel.';
  }
}
