/**
 * The oracle of what the animation shows: the traced step run again in float64 from the trace's
 * own inputs (the weights, optimiser state, hyper-parameters and batch the worker used). Only the
 * `?debug` hook uses it, for the e2e test that compares the numbers on screen with it; the
 * animation itself shows the trace, never a second run.
 */
import { createTypedEngine } from '../../engines/typed';
import type { Learner } from '../../learn/learner';
import { type Buffers, fullData } from './readings';

export function float64Rerun(learner: Learner, buffers: Buffers): (Float64Array | null)[] {
  const program = learner.stepProgram;
  const engine = createTypedEngine(program, { dtype: 'float64' });
  const inputs = program.inputs.map((b) => {
    const t = buffers[b];
    const data = fullData(t);
    if (!t || !data) throw new Error(`the trace lacks input buffer ${b} (or holds only its summary)`);
    return { shape: [...t.shape], data: Float64Array.from(data) };
  });
  engine.run(inputs);
  return engine.buffers().map((t) => (t ? Float64Array.from(t.data) : null));
}
