/**
 * The step on the tfjs engine (whichever backend is live). The runner owns the tensors of the
 * learnt values, the state and the hyper-parameter scalars; each step swaps them for the step's
 * outputs and disposes the old ones, so the number of live tensors stays flat step after step.
 * `deferred.step` keeps each step's (l, ŷ) on the device; `deferred.read` concatenates the
 * waiting ones and reads them back with one asynchronous `data()`, so webgl never stalls on a
 * per-step `dataSync`.
 */
import * as tf from '@tensorflow/tfjs';
import type { WireType } from '../../core/wire';
import { createTfjsEngine, hostScalar } from '../../engines/tfjs';
import type { Learner } from '../learner';
import type { Hypers } from '../optimisers/index';
import type { DeferredSteps, Rows, RunOutputs, StepRunner } from './types';

const full = (t: WireType, n: number) => (t.batch ? [n, ...t.shape] : [...t.shape]);

export function createTfjsRunner(
  learner: Learner,
  learnt: readonly Float32Array[],
  state: readonly Float32Array[],
): StepRunner {
  const { layout, model } = learner;
  const types = model.diagram.inputs.map((w) => model.diagram.wires[w]);
  let values = learnt.map((v, j) => tf.tensor(v, full(types[layout.learnt[j]], 1)));
  /** Scalar state and hyper-parameters as host-known scalars: the engine runs their arithmetic on the host. */
  const stateTensor = (v: Float32Array, t: WireType) =>
    !t.batch && t.shape.length === 0 ? hostScalar(v[0]) : tf.tensor(v, full(t, 1));
  let states = state.map((v, j) => stateTensor(v, layout.state[j]));
  let hypers = layout.hypers.map(() => hostScalar(0));
  // Training runs the fused Program; a traced step runs the unfused one, which keeps every buffer.
  const stepEngine = createTfjsEngine(learner.fusedStepProgram);
  let traceEngine: ReturnType<typeof createTfjsEngine> | undefined;
  const evalEngine = createTfjsEngine(learner.fusedEvaluateProgram);
  const k = values.length;
  const ks = states.length;

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

  function adopt(outs: tf.Tensor[]): void {
    tf.dispose([...values, ...states]);
    values = outs.slice(0, k);
    states = outs.slice(k, k + ks);
  }

  /** One step; returns its (l, ŷ), still on the device. */
  function run(rows: Rows): [tf.Tensor, tf.Tensor] {
    const xy = data(rows);
    const outs = stepEngine.run([...values, ...states, ...hypers, ...xy]);
    tf.dispose(xy);
    adopt(outs);
    return [outs[k + ks], outs[k + ks + 1]];
  }

  let waiting: [tf.Tensor, tf.Tensor][] = [];
  const deferred: DeferredSteps = {
    step(rows) {
      waiting.push(run(rows));
    },
    get pending() {
      return waiting.length;
    },
    async read() {
      const taken = waiting;
      waiting = [];
      if (taken.length === 0) return [];
      // The losses, then the predictions, each list padded to a power of two by repeating its last
      // tensor: on webgl the concat and download shaders are keyed by their inputs, so however many
      // steps wait, a few programs serve (compiling one costs SwiftShader ~50 ms).
      const padded = 2 ** Math.ceil(Math.log2(taken.length));
      const list = (o: 0 | 1) => Array.from({ length: padded }, (_, i) => taken[Math.min(i, taken.length - 1)][o]);
      const [ls, ys] = [list(0), list(1)];
      const all = tf.tidy(() =>
        tf.concat(
          [...ls, ...ys].map((t) => tf.reshape(t, [1, -1])),
          1,
        ),
      );
      tf.dispose(taken.flat());
      const data = (await all.data()) as Float32Array;
      all.dispose();
      let [at, bt] = [0, ls.reduce((n, t) => n + t.size, 0)];
      return taken.map(([lt, yt]) => {
        const out = { loss: data.subarray(at, at + lt.size), predictions: data.subarray(bt, bt + yt.size) };
        at += lt.size;
        bt += yt.size;
        return out;
      });
    },
  };

  return {
    engine: `tfjs-${tf.getBackend()}`,
    deferred,
    step: (rows) => read(...run(rows)),
    traceStep(rows) {
      const xy = data(rows);
      traceEngine ??= createTfjsEngine(learner.stepProgram);
      const buffers = traceEngine.trace([...values, ...states, ...hypers, ...xy]).map((b) => b ?? null);
      tf.dispose(xy);
      const outs = learner.stepProgram.outputs.map((b) => buffers[b] as { shape: number[]; data: Float32Array });
      adopt([
        ...outs.slice(0, k).map((o) => tf.tensor(o.data, o.shape)),
        ...outs.slice(k, k + ks).map((o, j) => stateTensor(o.data, layout.state[j])),
      ]);
      return { outputs: { loss: outs[k + ks].data, predictions: outs[k + ks + 1].data }, trace: { buffers } };
    },
    evaluate(rows) {
      const inputs = types.map((t, i) => {
        const j = layout.learnt.indexOf(i);
        return j >= 0 ? values[j] : tf.tensor(rows.features, full(t, rows.n));
      });
      const y = tf.tensor(rows.labels, full(layout.prediction, rows.n));
      const [l, yhat] = evalEngine.run([...inputs, y]);
      tf.dispose([...inputs.filter((t) => !values.includes(t)), y]);
      return read(l, yhat);
    },
    setHypers(h: Hypers) {
      tf.dispose(hypers);
      hypers = layout.hypers.map((name) => hostScalar(h[name]));
    },
    learnt: () => values.map((v) => Float32Array.from(v.dataSync())),
    state: () => states.map((v) => Float32Array.from(v.dataSync())),
    dispose() {
      tf.dispose([...values, ...states, ...hypers, ...waiting.flat()]);
      waiting = [];
      values = [];
      states = [];
      hypers = [];
    },
  };
}
