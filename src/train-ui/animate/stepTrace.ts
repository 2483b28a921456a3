/**
 * A traced step made readable: the worker sends every buffer of its step Program; the page
 * assembles the same learner from the same document (the learner is a pure function of the
 * document and its settings, as the worker's trainer assembles it) to know what each buffer is
 * on the drawing, and checks the trace fits that learner buffer by buffer before showing it.
 */
import { compileDocument } from '../../compile/compile';
import type { LensDocument } from '../../io/document';
import { assembleLearner, type Learner } from '../../learn/learner';
import type { StepTrace } from '../../learn/runners/types';
import { resolveSettings } from '../../learn/settings';
import { batchSize, traceFits } from './readings';
import { buildTimeline, type Timeline } from './timeline';

export interface TracedStep {
  readonly learner: Learner;
  readonly timeline: Timeline;
  readonly buffers: StepTrace['buffers'];
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

export function readTrace(learner: Learner, traced: { step: number; trace: StepTrace }): TracedStep {
  const { buffers } = traced.trace;
  if (!traceFits(learner.stepProgram, buffers))
    throw new Error('the traced step is not this drawing’s: it changed since the run started. Reset and try again');
  return {
    learner,
    timeline: buildTimeline(learner),
    buffers,
    step: traced.step,
    batch: batchSize(learner.stepProgram, buffers),
  };
}
