/**
 * After the guard (./guard) saw a NaN or ±∞: replay the steps from the last confirmed values,
 * one traced step at a time, until one computes a value that is not finite. That step's first
 * non-finite buffer, in Program order, names the box that made it (the Program step's source):
 * the box to look at, even when the loss only went bad a few steps later.
 */
import type { Batch } from '../data/dataset';
import type { Learner } from './learner';
import type { Kept, StepRunner, StepTrace } from './runners/types';
import type { NonFinite } from './trainerTypes';

export type Found = Pick<NonFinite, 'step' | 'what' | 'box' | 'generator' | 'pass'>;

const bad = (b: StepTrace['buffers'][number]): boolean => b !== null && !b.data.every(Number.isFinite);

/** The first buffer of a traced step that is not finite: a data input, or a step's output. */
export function firstBadBuffer(learner: Learner, trace: StepTrace): Omit<Found, 'step'> | null {
  const program = learner.stepProgram;
  const { layout, model } = learner;
  const carried = layout.learnt.length + layout.state.length;
  const dataFrom = carried + layout.hypers.length;
  const badInput = program.inputs.findIndex((b, i) => i >= dataFrom && bad(trace.buffers[b]));
  if (badInput >= 0) {
    const role = badInput === program.inputs.length - 1 ? 'labels' : 'features';
    const box = model.inputs.find((x) => x.role === role)?.box ?? null;
    return { what: 'data', box, generator: null, pass: null };
  }
  const lossBad = bad(trace.buffers[program.outputs[carried]]);
  for (const step of program.steps) {
    if (!step.outputs.some((b) => bad(trace.buffers[b]))) continue;
    const pass = step.pass === 'forward' || step.pass === 'backward' ? step.pass : null;
    return { what: lossBad ? 'loss' : 'values', box: step.source ?? null, generator: step.gen, pass };
  }
  return null;
}

/**
 * Replays steps `from.step + 1 … upTo` from the kept values `from`, traced. Returns the first
 * step that computed a non-finite value, with the runner holding the values after the step
 * before it; or null, with the runner back at `from`.
 */
export function replay(
  runner: StepRunner,
  learner: Learner,
  from: { readonly step: number; readonly kept: Kept },
  upTo: number,
  rowsOf: (step: number) => Batch,
): Found | null {
  from.kept.restore();
  let before = runner.keep();
  try {
    for (let step = from.step + 1; step <= upTo; step++) {
      const { trace } = runner.traceStep(rowsOf(step));
      const found = firstBadBuffer(learner, trace);
      if (found) {
        before.restore();
        return { step, ...found };
      }
      before.release();
      before = runner.keep();
    }
    from.kept.restore();
    return null;
  } finally {
    before.release();
  }
}
