/**
 * What the teacher sends the class besides the diagram (docs/class.md#during-the-class), as the
 * keys of the class's map and their readers. A student's page reads what the server let the
 * teacher write, but reads it defensively all the same: a value it cannot read is refused with a
 * sentence naming it, never applied. Pure: no socket, no DOM.
 */
import { type DatasetBinding, DatasetBindingSchema } from '../io/document';
import { parseLesson, type ReadyLesson } from '../io/lesson';
import { SHOWN, type Shown } from '../train-ui/present/presentStore';

/** The dataset chosen for everyone, as JSON text; absent: each diagram's own. */
export const DATASET = 'dataset';
/** The lesson open on the teacher's page, as the lesson file's JSON text; absent: none. */
export const LESSON = 'lesson';
/** The lesson's current step (from 0). */
export const STEP = 'step';
/** `true` while the teacher lets the students step the lesson themselves; absent: the teacher leads. */
export const RELEASED = 'released';
/** `true` while the teacher's board shows the students' names; absent: anonymised. Read only by the teacher's page. */
export const NAMED = 'named';
/** What a student's step buttons say while the teacher leads. */
export const LED =
  'Your teacher leads this lesson: your page follows their step. Your teacher can let you step it yourself.';
/** What the teacher presents (`animation`, `lens` or `training`); absent while nothing is. */
export const PRESENTING = 'presenting';
/** The frame of the presented animation (from 0). */
export const FRAME = 'frame';

export type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const fail = (error: string): Read<never> => ({ ok: false, error });

function jsonOf(what: string, v: unknown): Read<unknown> {
  if (typeof v !== 'string') return fail(`the class’s ${what} is not text`);
  try {
    return { ok: true, value: JSON.parse(v) };
  } catch (e) {
    return fail(`the class’s ${what} is not JSON: ${(e as Error).message}`);
  }
}

/** The class's dataset, or null when the teacher chose none (each diagram keeps its own). */
export function readDataset(v: unknown): Read<DatasetBinding | null> {
  if (v === undefined || v === null) return { ok: true, value: null };
  const json = jsonOf('dataset', v);
  if (!json.ok) return json;
  const parsed = DatasetBindingSchema.safeParse(json.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(`the class’s dataset at ${issue?.path.join('.') || 'its top'}: ${issue?.message ?? 'unreadable'}`);
  }
  return { ok: true, value: parsed.data };
}

/** The class's lesson, or null when none is open. */
export function readLesson(v: unknown): Read<ReadyLesson | null> {
  if (v === undefined || v === null) return { ok: true, value: null };
  const json = jsonOf('lesson', v);
  if (!json.ok) return json;
  const parsed = parseLesson(json.value);
  if (!parsed.ok) {
    const e = parsed.errors[0];
    return fail(`the class’s lesson at ${e?.path || 'its top'}: ${e?.message ?? 'unreadable'}`);
  }
  return { ok: true, value: parsed.ready };
}

/** What the class's map says the teacher presents: one of the presentations, anything else none. */
export const readShown = (v: unknown): Shown | null =>
  (SHOWN as readonly unknown[]).includes(v) ? (v as Shown) : null;

/** A step or frame index: a whole number from 0, anything else reads as 0. */
export const indexOf = (v: unknown): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1_000_000 ? v : 0;
