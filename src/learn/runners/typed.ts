/**
 * The step on the core's typed-array engine: float32 is the fast path for small models (no
 * per-op overhead), float64 the oracle. The engine's buffers live in an arena reused by the
 * next run, so the learnt values and state are copied out of it into arrays the runner owns.
 */
import { createTypedEngine, type TypedTensor } from '../../core/engines/typed';
import type { WireType } from '../../core/wire';
import type { Learner } from '../learner';
import type { Hypers } from '../optimisers/index';
import type { Rows, RunOutputs, StepRunner, StepTrace } from './types';

type Floats = Float32Array | Float64Array;

const full = (t: WireType, n: number) => (t.batch ? [n, ...t.shape] : [...t.shape]);

export function createTypedRunner(
  learner: Learner,
  learnt: readonly Float32Array[],
  state: readonly Float32Array[],
  dtype: 'float32' | 'float64',
): StepRunner {
  const make = (src: ArrayLike<number>): Floats =>
    dtype === 'float64' ? Float64Array.from(src) : Float32Array.from(src);
  const { layout, model } = learner;
  const types = model.diagram.inputs.map((w) => model.diagram.wires[w]);
  const values = learnt.map(make);
  const states = state.map(make);
  const hypers = layout.hypers.map(() => make([0]));
  const stepEngine = createTypedEngine(learner.stepProgram, { dtype });
  const evalEngine = createTypedEngine(learner.evaluateProgram, { dtype });
  const k = values.length;
  const ks = states.length;

  const stepInputs = (rows: Rows): TypedTensor[] => [
    ...values.map((data, j) => ({ shape: full(types[layout.learnt[j]], rows.n), data })),
    ...states.map((data, j) => ({ shape: full(layout.state[j], rows.n), data })),
    ...hypers.map((data) => ({ shape: [], data })),
    ...layout.fixed.map((i) => ({ shape: full(types[i], rows.n), data: rows.features })),
    { shape: full(layout.prediction, rows.n), data: rows.labels },
  ];

  function step(rows: Rows): RunOutputs {
    const outs = stepEngine.run(stepInputs(rows));
    for (let j = 0; j < k; j++) values[j].set(outs[j].data);
    for (let j = 0; j < ks; j++) states[j].set(outs[k + j].data);
    return { loss: outs[k + ks].data, predictions: outs[k + ks + 1].data };
  }

  return {
    engine: `typed-${dtype}`,
    step,
    traceStep(rows) {
      const outputs = step(rows);
      const buffers = stepEngine
        .buffers()
        .map((b) => (b ? { shape: [...b.shape], data: Float32Array.from(b.data) } : null));
      const trace: StepTrace = { buffers };
      return {
        outputs: { loss: Float32Array.from(outputs.loss), predictions: Float32Array.from(outputs.predictions) },
        trace,
      };
    },
    evaluate(rows) {
      const inputs: TypedTensor[] = types.map((t, i) => {
        const j = layout.learnt.indexOf(i);
        return { shape: full(t, rows.n), data: j >= 0 ? values[j] : rows.features };
      });
      const [loss, predictions] = evalEngine.run([
        ...inputs,
        { shape: full(layout.prediction, rows.n), data: rows.labels },
      ]);
      return { loss: loss.data, predictions: predictions.data };
    },
    setHypers(h: Hypers) {
      layout.hypers.forEach((name, i) => {
        hypers[i][0] = h[name];
      });
    },
    learnt: () => values.map((v) => Float32Array.from(v)),
    dispose() {},
  };
}
