/**
 * The step on the core's typed-array engine: float32 is the fast path for small models (no
 * per-op overhead), float64 the oracle. The learnt values and the state are carried without a
 * copy per step (./carried); the inputs are records refilled step after step (./typedInputs).
 */

import { createTypedEngine, type TypedEngine, type TypedTensor } from '../../engines/typed';
import type { Learner } from '../learner';
import type { Hypers } from '../optimisers/index';
import { CarriedArrays } from './carried';
import { fullShape, StepInputs } from './typedInputs';
import type { Floats, Kept, Rows, RunOutputs, StepRunner, StepTrace } from './types';

function allFinite(v: Floats): boolean {
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i])) return false;
  return true;
}

export function createTypedRunner(
  learner: Learner,
  learnt: readonly Floats[],
  state: readonly Floats[],
  dtype: 'float32' | 'float64',
): StepRunner {
  const make = (src: ArrayLike<number>): Floats =>
    dtype === 'float64' ? Float64Array.from(src) : Float32Array.from(src);
  const { layout, model } = learner;
  const types = model.diagram.inputs.map((w) => model.diagram.wires[w]);
  const k = learnt.length;
  const carried = new CarriedArrays([...learnt, ...state], make);
  const hypers = layout.hypers.map(() => make([0]));
  const inputs = new StepInputs(learner, carried, hypers);
  // Consecutive runs alternate between two engines by `turn` (each has its own arena), traced or
  // not, so a run never writes into the arena its inputs live in. Training runs the fused
  // Program; a traced step runs the unfused one, which keeps every buffer.
  const pair = (program: Learner['stepProgram']) => [0, 1].map(() => createTypedEngine(program, { dtype }));
  const engines = pair(learner.fusedStepProgram);
  let traceEngines: TypedEngine[] | undefined;
  let turn = 0;
  let last = engines[0];
  const evalEngine = createTypedEngine(learner.fusedEvaluateProgram, { dtype });
  const nc = carried.values.length;
  /** The step's loss and predictions, refilled step after step. */
  const result: { loss: ArrayLike<number>; predictions: ArrayLike<number> } = { loss: [], predictions: [] };

  function step(rows: Rows, traced = false): RunOutputs {
    inputs.fill(rows, carried);
    if (traced) traceEngines ??= pair(learner.stepProgram);
    last = (traced && traceEngines ? traceEngines : engines)[turn];
    const outs = last.run(inputs.records);
    carried.adopt(outs, turn, inputs.aliases);
    turn ^= 1;
    result.loss = outs[nc].data;
    result.predictions = outs[nc + 1].data;
    return result;
  }

  function keep(): Kept {
    const copy = carried.values.map(make);
    return {
      finite: () => copy.every(allFinite),
      restore: () => carried.set(copy),
      read: () => ({ learnt: copy.slice(0, k).map(make), state: copy.slice(k).map(make) }),
      release() {},
    };
  }

  return {
    engine: `typed-${dtype}`,
    step: (rows) => step(rows),
    traceStep(rows) {
      const outputs = step(rows, true);
      const buffers = last.buffers().map((b) => (b ? { shape: [...b.shape], data: Float32Array.from(b.data) } : null));
      const trace: StepTrace = { buffers };
      return {
        outputs: { loss: Float32Array.from(outputs.loss), predictions: Float32Array.from(outputs.predictions) },
        trace,
      };
    },
    evaluate(rows) {
      const evalInputs: TypedTensor[] = types.map((t, i) => {
        const j = layout.learnt.indexOf(i);
        return { shape: fullShape(t, rows.n), data: j >= 0 ? carried.values[j] : rows.features };
      });
      const [loss, predictions] = evalEngine.run([
        ...evalInputs,
        { shape: fullShape(layout.prediction, rows.n), data: rows.labels },
      ]);
      return { loss: loss.data, predictions: predictions.data };
    },
    setHypers(h: Hypers) {
      layout.hypers.forEach((name, i) => {
        hypers[i][0] = h[name];
      });
    },
    learnt: () => carried.values.slice(0, k).map((v) => Float32Array.from(v)),
    keep,
    dispose() {},
  };
}
