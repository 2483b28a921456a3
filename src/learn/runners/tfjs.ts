/**
 * The step on the tfjs engine (whichever backend is live). The runner owns the tensors of the
 * learnt values, the state and the hyper-parameter scalars; each step swaps them for the step's
 * outputs and disposes the old ones, so the number of live tensors stays flat step after step.
 * Tensors kept aside by `keep` are not disposed until released. Outputs are read back in batches
 * (./tfjsRead).
 */
import * as tf from '@tensorflow/tfjs';
import type { WireType } from '../../core/wire';
import { createTfjsEngine, hostScalar } from '../../engines/tfjs';
import type { Learner } from '../learner';
import type { Hypers } from '../optimisers/index';
import { allFinite, deferredSteps } from './tfjsRead';
import type { Floats, Kept, Rows, RunOutputs, StepRunner } from './types';

const full = (t: WireType, n: number) => (t.batch ? [n, ...t.shape] : [...t.shape]);

export function createTfjsRunner(learner: Learner, learnt: readonly Floats[], state: readonly Floats[]): StepRunner {
  const { layout, model } = learner;
  const types = model.diagram.inputs.map((w) => model.diagram.wires[w]);
  /** Scalar state and hyper-parameters as host-known scalars: the engine runs their arithmetic on the host. */
  const stateTensor = (v: ArrayLike<number>, t: WireType) =>
    !t.batch && t.shape.length === 0 ? hostScalar(v[0]) : tf.tensor(Float32Array.from(v), full(t, 1));
  const k = learnt.length;
  /** The learnt values, then the state: the step's first inputs and outputs. */
  let carried = [
    ...learnt.map((v, j) => tf.tensor(Float32Array.from(v), full(types[layout.learnt[j]], 1))),
    ...state.map((v, j) => stateTensor(v, layout.state[j])),
  ];
  let hypers = layout.hypers.map(() => hostScalar(0));
  /** How many kept copies hold each tensor: those outlive the step that replaces them. */
  const holds = new Map<tf.Tensor, number>();
  // Training runs the fused Program; a traced step runs the unfused one, which keeps every buffer.
  const stepEngine = createTfjsEngine(learner.fusedStepProgram);
  let traceEngine: ReturnType<typeof createTfjsEngine> | undefined;
  const evalEngine = createTfjsEngine(learner.fusedEvaluateProgram);
  const nc = carried.length;

  const data = (rows: Rows) => [
    ...layout.fixed.map((i) => tf.tensor(rows.features, full(types[i], rows.n))),
    tf.tensor(rows.labels, full(layout.prediction, rows.n)),
  ];

  /** Reads a step's (l, ŷ) back in one transfer and frees them. */
  function read(l: tf.Tensor, yhat: tf.Tensor): RunOutputs {
    const loss = l.dataSync() as Float32Array;
    const predictions = yhat.dataSync() as Float32Array;
    tf.dispose([l, yhat]);
    return { loss, predictions };
  }

  const free = (ts: readonly tf.Tensor[]) => tf.dispose(ts.filter((t) => !holds.has(t) && !carried.includes(t)));

  function adopt(next: tf.Tensor[]): void {
    const old = carried;
    carried = next;
    free(old);
  }

  /** One step; returns its (l, ŷ), still on the device. */
  function run(rows: Rows): [tf.Tensor, tf.Tensor] {
    const xy = data(rows);
    const outs = stepEngine.run([...carried, ...hypers, ...xy]);
    tf.dispose(xy);
    adopt(outs.slice(0, nc));
    return [outs[nc], outs[nc + 1]];
  }

  function keep(): Kept {
    const kept = [...carried];
    for (const t of kept) holds.set(t, (holds.get(t) ?? 0) + 1);
    let released = false;
    return {
      finite: () => allFinite(kept),
      restore: () => adopt([...kept]),
      read: () => {
        const values = kept.map((t) => Float32Array.from(t.dataSync()));
        return { learnt: values.slice(0, k), state: values.slice(k) };
      },
      release() {
        if (released) return;
        released = true;
        for (const t of kept) {
          const n = (holds.get(t) ?? 1) - 1;
          if (n > 0) holds.set(t, n);
          else holds.delete(t);
        }
        free(kept);
      },
    };
  }

  const deferred = deferredSteps(run);

  return {
    engine: `tfjs-${tf.getBackend()}`,
    deferred,
    step: (rows) => read(...run(rows)),
    traceStep(rows) {
      const xy = data(rows);
      traceEngine ??= createTfjsEngine(learner.stepProgram);
      const buffers = traceEngine.trace([...carried, ...hypers, ...xy]).map((b) => b ?? null);
      tf.dispose(xy);
      const outs = learner.stepProgram.outputs.map((b) => buffers[b] as { shape: number[]; data: Float32Array });
      adopt([
        ...outs.slice(0, k).map((o) => tf.tensor(o.data, o.shape)),
        ...outs.slice(k, nc).map((o, j) => stateTensor(o.data, layout.state[j])),
      ]);
      return { outputs: { loss: outs[nc].data, predictions: outs[nc + 1].data }, trace: { buffers } };
    },
    evaluate(rows) {
      const inputs = types.map((t, i) => {
        const j = layout.learnt.indexOf(i);
        return j >= 0 ? carried[j] : tf.tensor(rows.features, full(t, rows.n));
      });
      const y = tf.tensor(rows.labels, full(layout.prediction, rows.n));
      const [l, yhat] = evalEngine.run([...inputs, y]);
      tf.dispose([...inputs.filter((t) => !carried.includes(t)), y]);
      return read(l, yhat);
    },
    setHypers(h: Hypers) {
      tf.dispose(hypers);
      hypers = layout.hypers.map((name) => hostScalar(h[name]));
    },
    learnt: () => carried.slice(0, k).map((v) => Float32Array.from(v.dataSync())),
    keep,
    dispose() {
      deferred.drop();
      tf.dispose([...carried, ...holds.keys(), ...hypers]);
      holds.clear();
      carried = [];
      hypers = [];
    },
  };
}
