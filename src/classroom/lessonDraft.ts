/**
 * The lesson a teacher is writing (LessonEditor.tsx), as plain data: a title, a summary and
 * steps, each with a text, what it highlights and what it waits for. `lessonFileOf` writes it
 * as a lesson file (docs/lessons.md) around the diagram on the canvas; io/lesson.ts checks it.
 */
import type { LensDocument } from '../io/document';
import type { Highlight, Wait } from '../io/lessonSchema';
import { LESSON_FORMAT, LESSON_VERSION } from '../io/lessonSchema';

export interface DraftStep {
  /** Stable among reorders, for React and for the step's labels. */
  readonly key: number;
  readonly title: string;
  readonly text: string;
  readonly highlight: Highlight;
  readonly wait?: Wait;
}

export interface LessonDraft {
  readonly title: string;
  readonly summary: string;
  readonly steps: readonly DraftStep[];
  /** The step a click on the canvas points at; -1 for "a new step each click". */
  readonly current: number;
  readonly nextKey: number;
}

export const noHighlight = (): Highlight => ({ boxes: [], wires: [], ports: [], controls: [] });

export const emptyDraft = (): LessonDraft => ({ title: '', summary: '', steps: [], current: -1, nextKey: 1 });

export function addStep(d: LessonDraft, step: Partial<Omit<DraftStep, 'key'>> = {}): LessonDraft {
  const made: DraftStep = {
    key: d.nextKey,
    title: step.title ?? `Step ${d.steps.length + 1}`,
    text: step.text ?? '',
    highlight: step.highlight ?? noHighlight(),
    ...(step.wait ? { wait: step.wait } : {}),
  };
  return { ...d, steps: [...d.steps, made], nextKey: d.nextKey + 1, current: d.steps.length };
}

export function updateStep(d: LessonDraft, index: number, patch: Partial<Omit<DraftStep, 'key'>>): LessonDraft {
  return { ...d, steps: d.steps.map((s, i) => (i === index ? { ...s, ...patch } : s)) };
}

/** Without a `wait` key at all when cleared, as the file has none. */
export function setWait(d: LessonDraft, index: number, wait: Wait | undefined): LessonDraft {
  return {
    ...d,
    steps: d.steps.map((s, i) => {
      if (i !== index) return s;
      const { wait: _, ...rest } = s;
      return wait ? { ...rest, wait } : rest;
    }),
  };
}

/** Moves a step up (-1) or down (+1); the chosen step moves with it. */
export function moveStep(d: LessonDraft, index: number, by: -1 | 1): LessonDraft {
  const to = index + by;
  if (to < 0 || to >= d.steps.length) return d;
  const steps = [...d.steps];
  [steps[index], steps[to]] = [steps[to], steps[index]];
  const current = d.current === index ? to : d.current === to ? index : d.current;
  return { ...d, steps, current };
}

export function removeStep(d: LessonDraft, index: number): LessonDraft {
  const steps = d.steps.filter((_, i) => i !== index);
  const current = d.current === index ? -1 : d.current > index ? d.current - 1 : d.current;
  return { ...d, steps, current };
}

export type Pointed = { readonly kind: 'box' | 'wire'; readonly id: string; readonly name: string };

/**
 * A click on the canvas while recording: a new step pointing at what was clicked, or (with a
 * step chosen) that step points at it too; a second click on the same thing takes it back.
 */
export function pointAt(d: LessonDraft, p: Pointed): LessonDraft {
  const list = p.kind === 'box' ? 'boxes' : 'wires';
  if (d.current < 0 || d.current >= d.steps.length)
    return addStep(d, { title: p.name, highlight: { ...noHighlight(), [list]: [p.id] } });
  const step = d.steps[d.current];
  const has = step.highlight[list].includes(p.id);
  const ids = has ? step.highlight[list].filter((x) => x !== p.id) : [...step.highlight[list], p.id];
  return updateStep(d, d.current, { highlight: { ...step.highlight, [list]: ids } });
}

/** An id a file may carry, from the title: lowercase words joined by hyphens. */
export function lessonId(title: string): string {
  const id = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return id || 'lesson';
}

/**
 * The lesson file of the draft over `doc`. A wire a step waits for is taken out of the start, for
 * the class to draw: named in `withoutWires` over an example, cut from the written-out document.
 */
export function lessonFileOf(d: LessonDraft, doc: LensDocument, example: string | null): Record<string, unknown> {
  const drawn = new Set<string>();
  for (const s of d.steps) {
    if (s.wait?.kind !== 'wire') continue;
    const w = s.wait;
    const [fb, fp] = w.from.split('.');
    const [tb, tp] = w.to.split('.');
    for (const wire of doc.wires)
      if (wire.from.box === fb && wire.from.port === fp && wire.to.box === tb && wire.to.port === tp)
        drawn.add(wire.id);
  }
  const start = example
    ? { example, withoutWires: [...drawn] }
    : { document: { ...doc, wires: doc.wires.filter((w) => !drawn.has(w.id)) } };
  return {
    format: LESSON_FORMAT,
    version: LESSON_VERSION,
    id: lessonId(d.title),
    title: d.title,
    summary: d.summary,
    start,
    steps: d.steps.map((s) => ({
      title: s.title,
      text: s.text,
      highlight: s.highlight,
      ...(s.wait ? { wait: s.wait } : {}),
    })),
  };
}
