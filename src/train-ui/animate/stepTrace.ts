/**
 * A traced step made readable: the worker sends every buffer of its step Program (or, for a large
 * step, their summaries) with the document its run trains; the page assembles the same learner
 * from that document (the learner is a pure function of the document and its settings, as the
 * worker's trainer assembles it) to know what each buffer is on the drawing, and checks the trace
 * fits that learner buffer by buffer. A step of a drawing since edited is not drawn on the edit.
 */
import { compileDocument } from '../../compile/compile';
import type { LensDocument } from '../../io/document';
import { assembleLearner, type Learner } from '../../learn/learner';
import { resolveSettings } from '../../learn/settings';
import type { SentTrace } from '../../learn/traceSummary';
import { flatTrainedShape, trainedShape } from '../session/trainedShape';
import { type Buffers, batchSize, traceFits } from './readings';
import { buildTimeline, type Timeline } from './timeline';

export interface TracedStep {
  readonly learner: Learner;
  readonly timeline: Timeline;
  readonly buffers: Buffers;
  /** Whether large buffers came as summaries (their values are asked for as they are opened). */
  readonly summarised: boolean;
  /** The trace as it arrived: which step of which run the values asked for later belong to. */
  readonly origin: object;
  /** The document the traced run trains. */
  readonly document: LensDocument;
  /** The step the worker took (counting from 1). */
  readonly step: number;
  readonly batch: number;
}

/** The learner the trainer assembles for this document (its drawn or set loss and optimiser). */
export function learnerFor(doc: LensDocument): Learner {
  const compiled = compileDocument(doc, { requireLoss: true });
  if (!compiled.model) throw new Error(compiled.errors[0]?.message ?? 'the diagram does not compile');
  const t = doc.training;
  const resolved = resolveSettings(compiled.model, {
    epochs: t?.epochs ?? 1,
    batchSize: t?.batchSize ?? 1,
    seed: t?.seed ?? 1,
  });
  return assembleLearner(compiled.model, { loss: resolved.loss, optimiser: resolved.optimiser });
}

/**
 * What of a drawing a traced step is drawn on: what is trained (./trainedShape) and the ids of
 * its wires and groups, which the step's marks name. Moving or renaming a box keeps it.
 */
export function drawnShape(doc: LensDocument): string {
  const groups = doc.groups.map((g) => [g.id, g.parent ?? null, g.inputs, g.outputs]);
  return JSON.stringify([trainedShape(doc), doc.wires.map((w) => w.id), groups]);
}

export const EDITED_SINCE =
  'this step was traced on the drawing as it was when the run started, and the drawing has been edited since: its values belong to wires that changed. Go on with the edit (or Reset) and animate again';

/** Whether a step traced on `traced` may be drawn on `current`. */
export const drawableOn = (traced: LensDocument, current: LensDocument): boolean =>
  traced === current || drawnShape(traced) === drawnShape(current);

/** The step `step` traced on `document`, made readable with that document's learner. */
export function traceOn(
  learner: Learner,
  document: LensDocument,
  step: number,
  trace: { readonly buffers: Buffers; readonly summarised?: boolean },
): TracedStep {
  const { buffers } = trace;
  if (!traceFits(learner.stepProgram, buffers))
    throw new Error('the traced step does not fit the learner of its drawing: Reset and animate again');
  return {
    learner,
    timeline: buildTimeline(learner),
    buffers,
    summarised: trace.summarised === true,
    origin: trace,
    document,
    step,
    batch: batchSize(learner.stepProgram, buffers),
  };
}

/**
 * A step the worker traced, to draw on the current drawing: refused when the drawing was edited
 * since its run started. A drawing grouped (or ungrouped) since trains the same morphism, and the
 * run goes on (docs/training-panel.md, "Going on"): its step is read with the current drawing's
 * learner, which the compiler flattens to the run's, and traceFits checks it buffer by buffer.
 */
export function readTrace(
  traced: { readonly step: number; readonly trace: SentTrace; readonly document: LensDocument },
  current: LensDocument,
): TracedStep {
  if (drawableOn(traced.document, current))
    return traceOn(learnerFor(traced.document), traced.document, traced.step, traced.trace);
  if (flatTrainedShape(traced.document) !== flatTrainedShape(current)) throw new Error(EDITED_SINCE);
  return traceOn(learnerFor(current), current, traced.step, traced.trace);
}
