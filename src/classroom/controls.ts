/**
 * The panels and buttons a lesson step may point at (io/lessonSchema.ts, LESSON_CONTROLS),
 * found by their labels as a user finds them, so a step points at "the Step button" wherever
 * the window's size put it. A found control carries `data-lesson-spot`, which classroom.css
 * rings; React leaves an attribute it does not own alone.
 */
import type { LessonControl } from '../io/lessonSchema';

interface Finder {
  readonly selector: string;
  /** The element's own text, when the selector alone would find more than it. */
  readonly text?: string;
  /** What the teacher reads in the lesson editor. */
  readonly name: string;
}

export const CONTROL_FINDERS: Readonly<Record<LessonControl, Finder>> = {
  palette: { selector: 'aside[aria-label="Palette"]', name: 'The palette' },
  inspector: { selector: 'aside[aria-label="Inspector"]', name: 'The inspector' },
  'reverse-section': {
    selector: 'aside[aria-label="Inspector"] h4',
    text: 'Reverse derivative',
    name: 'The inspector’s Reverse derivative',
  },
  data: { selector: '[aria-label="Data"]', name: 'The data panel' },
  training: { selector: 'section[aria-label="Training"]', name: 'The training panel' },
  play: { selector: 'section[aria-label="Training"] button.train-play', name: 'Play' },
  step: { selector: 'section[aria-label="Training"] button', text: 'Step', name: 'Step' },
  animate: { selector: 'button', text: 'Animate a step', name: 'Animate a step' },
  'lens-view': { selector: 'button', text: 'Lens view (backward strands)', name: 'Lens view' },
  'show-reverse': { selector: 'button', text: 'Show reverse derivative', name: 'Show reverse derivative' },
  lessons: { selector: 'button.lessons-button', name: 'Lessons' },
};

/** The panels of the page that fold to a rail (app/panelLayout.ts names them alike). */
export type FoldingPanel = 'palette' | 'inspector' | 'data' | 'training';

/**
 * The folding panel each control sits in: a step that rings a control opens its panel, or at
 * 1280 px (where the palette and the inspector start on their rails) the ring would be unseen.
 */
export const CONTROL_PANEL: Readonly<Record<LessonControl, FoldingPanel | undefined>> = {
  palette: 'palette',
  inspector: 'inspector',
  'reverse-section': 'inspector',
  data: 'data',
  training: 'training',
  play: 'training',
  step: 'training',
  animate: undefined,
  'lens-view': undefined,
  'show-reverse': undefined,
  lessons: undefined,
};

/** The folding panels a step's controls sit in, each once. */
export const panelsOf = (controls: readonly LessonControl[]): FoldingPanel[] => [
  ...new Set(controls.flatMap((c) => CONTROL_PANEL[c] ?? [])),
];

export const SPOT_ATTRIBUTE = 'data-lesson-spot';

export function findControls(root: ParentNode, controls: readonly LessonControl[]): Element[] {
  const found: Element[] = [];
  for (const c of controls) {
    const f = CONTROL_FINDERS[c];
    for (const e of root.querySelectorAll(f.selector))
      if (f.text === undefined || (e.textContent ?? '').trim() === f.text) found.push(e);
  }
  return found;
}

/**
 * Rings the controls now, and again whenever the page's elements change (a panel opened, a
 * button drawn anew); returns the way to take the rings off.
 */
export function spotControls(doc: Document, controls: readonly LessonControl[]): () => void {
  if (controls.length === 0) return () => {};
  const mark = () => {
    const want = new Set(findControls(doc, controls));
    for (const e of doc.querySelectorAll(`[${SPOT_ATTRIBUTE}]`)) if (!want.has(e)) e.removeAttribute(SPOT_ATTRIBUTE);
    for (const e of want) if (!e.hasAttribute(SPOT_ATTRIBUTE)) e.setAttribute(SPOT_ATTRIBUTE, '');
  };
  mark();
  const watch = new MutationObserver(mark);
  watch.observe(doc.body, { childList: true, subtree: true });
  return () => {
    watch.disconnect();
    for (const e of doc.querySelectorAll(`[${SPOT_ATTRIBUTE}]`)) e.removeAttribute(SPOT_ATTRIBUTE);
  };
}
