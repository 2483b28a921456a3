/**
 * The step on the tfjs engine (whichever backend is live). The runner owns the tensors of the
 * learnt values, the state and the hyper-parameter scalars; each step swaps them for the step's
 * outputs and disposes the old ones, so the number of live tensors stays flat step after step.
 * Tensors kept aside by `keep` are not disposed until released. Outputs are read back in batches
 * (./tfjsRead).
 */
import * as tf from '@tensorflow/tfjs';
import { fullShape, isScalar } from '../../core/shape';
import type { WireType } from '../../core/wire';
import { createTfjsEngine, hostScalar, type TfjsEngine } from '../../engines/tfjs';
import type { Learner } from '../learner';
import type { Hypers } from '../optimisers/index';
import { allFinite, type DeferredTfjs, deferredSteps } from './tfjsRead';
import type { Floats, FrozenValues, Kept, Rows, RunOutputs, StepRunner } from './types';

/** Reads a step's (l, ŷ) back in one transfer and frees them. */
function read(l: tf.Tensor, yhat: tf.Tensor): RunOutputs {
  const loss = l.dataSync() as Float32Array;
  const predictions = yhat.dataSync() as Float32Array;
  tf.dispose([l, yhat]);
  return { loss, predictions };
}

class TfjsRunner implements StepRunner {
  readonly engine = `tfjs-${tf.getBackend()}`;
  readonly deferred: DeferredTfjs;
  private readonly types: WireType[];
  /** The learnt values, then the state: the step's first inputs and outputs. */
  private carried: tf.Tensor[];
  private hypers: tf.Tensor[];
  /** How many kept copies hold each tensor: those outlive the step that replaces them. */
  private readonly holds = new Map<tf.Tensor, number>();
  // Training runs the fused Program; a traced step runs the unfused one, which keeps every buffer.
  private readonly stepEngine: TfjsEngine;
  private traceEngine: TfjsEngine | undefined;
  private readonly evalEngine: TfjsEngine;
  /** The frozen parameters (deep dreaming), by model input index; disposed with the runner. */
  private readonly frozen: (tf.Tensor | undefined)[];

  constructor(
    private readonly learner: Learner,
    private readonly k: number,
    learnt: readonly Floats[],
    state: readonly Floats[],
    frozen: FrozenValues,
  ) {
    const { layout, model } = learner;
    this.types = model.diagram.inputs.map((w) => model.diagram.wires[w]);
    this.frozen = frozen.map((v, i) => (v ? tf.tensor(Float32Array.from(v), fullShape(this.types[i], 1)) : undefined));
    this.carried = [
      ...learnt.map((v, j) => tf.tensor(Float32Array.from(v), fullShape(this.types[layout.learnt[j]], 1))),
      ...state.map((v, j) => this.stateTensor(v, layout.state[j])),
    ];
    this.hypers = layout.hypers.map(() => hostScalar(0));
    this.stepEngine = createTfjsEngine(learner.fusedStepProgram);
    this.evalEngine = createTfjsEngine(learner.fusedEvaluateProgram);
    this.deferred = deferredSteps((rows) => this.run(rows));
  }

  step(rows: Rows): RunOutputs {
    return read(...this.run(rows));
  }

  traceStep(rows: Rows) {
    const { k, learner } = this;
    const nc = this.carried.length;
    const xy = this.data(rows);
    this.traceEngine ??= createTfjsEngine(learner.stepProgram);
    const buffers = this.traceEngine.trace([...this.carried, ...this.hypers, ...xy]).map((b) => b ?? null);
    this.disposeData(xy);
    const outs = learner.stepProgram.outputs.map((b) => buffers[b] as { shape: number[]; data: Float32Array });
    this.adopt([
      ...outs.slice(0, k).map((o) => tf.tensor(o.data, o.shape)),
      ...outs.slice(k, nc).map((o, j) => this.stateTensor(o.data, learner.layout.state[j])),
    ]);
    return { outputs: { loss: outs[nc].data, predictions: outs[nc + 1].data }, trace: { buffers } };
  }

  evaluate(rows: Rows): RunOutputs {
    const { layout } = this.learner;
    const inputs = this.types.map((t, i) => {
      const j = layout.learnt.indexOf(i);
      return j >= 0 ? this.carried[j] : (this.frozen[i] ?? tf.tensor(rows.features, fullShape(t, rows.n)));
    });
    const y = tf.tensor(rows.labels, fullShape(layout.prediction, rows.n));
    const [l, yhat] = this.evalEngine.run([...inputs, y]);
    tf.dispose([...inputs.filter((t) => !this.carried.includes(t) && !this.frozen.includes(t)), y]);
    return read(l, yhat);
  }

  setHypers(h: Hypers): void {
    tf.dispose(this.hypers);
    this.hypers = this.learner.layout.hypers.map((name) => hostScalar(h[name]));
  }

  learnt(): Float32Array[] {
    return this.carried.slice(0, this.k).map((v) => Float32Array.from(v.dataSync()));
  }

  state(): Float32Array[] {
    return this.carried.slice(this.k).map((v) => Float32Array.from(v.dataSync()));
  }

  keep(): Kept {
    const kept = [...this.carried];
    for (const t of kept) this.holds.set(t, (this.holds.get(t) ?? 0) + 1);
    let released = false;
    return {
      finite: () => allFinite(kept),
      restore: () => this.adopt([...kept]),
      read: () => {
        const values = kept.map((t) => Float32Array.from(t.dataSync()));
        return { learnt: values.slice(0, this.k), state: values.slice(this.k) };
      },
      release: () => {
        if (released) return;
        released = true;
        for (const t of kept) {
          const n = (this.holds.get(t) ?? 1) - 1;
          if (n > 0) this.holds.set(t, n);
          else this.holds.delete(t);
        }
        this.free(kept);
      },
    };
  }

  dispose(): void {
    this.deferred.drop();
    tf.dispose([...this.carried, ...this.holds.keys(), ...this.hypers, ...this.frozen.filter((t) => t !== undefined)]);
    this.holds.clear();
    this.carried = [];
    this.hypers = [];
  }

  /** One step; returns its (l, ŷ), still on the device. */
  private run(rows: Rows): [tf.Tensor, tf.Tensor] {
    const nc = this.carried.length;
    const xy = this.data(rows);
    const outs = this.stepEngine.run([...this.carried, ...this.hypers, ...xy]);
    this.disposeData(xy);
    this.adopt(outs.slice(0, nc));
    return [outs[nc], outs[nc + 1]];
  }

  private data(rows: Rows): tf.Tensor[] {
    const { layout } = this.learner;
    return [
      ...layout.fixed.map((i) => this.frozen[i] ?? tf.tensor(rows.features, fullShape(this.types[i], rows.n))),
      tf.tensor(rows.labels, fullShape(layout.prediction, rows.n)),
    ];
  }

  /** Frees a step's data tensors, never the frozen parameters among them. */
  private disposeData(xy: tf.Tensor[]): void {
    tf.dispose(xy.filter((t) => !this.frozen.includes(t)));
  }

  /** Scalar state as host-known scalars: the engine runs their arithmetic on the host. */
  private stateTensor(v: ArrayLike<number>, t: WireType): tf.Tensor {
    return isScalar(t) ? hostScalar(v[0]) : tf.tensor(Float32Array.from(v), fullShape(t, 1));
  }

  private adopt(next: tf.Tensor[]): void {
    const old = this.carried;
    this.carried = next;
    this.free(old);
  }

  /** Disposes the tensors that are neither current nor kept. */
  private free(ts: readonly tf.Tensor[]): void {
    tf.dispose(ts.filter((t) => !this.holds.has(t) && !this.carried.includes(t)));
  }
}

export function createTfjsRunner(
  learner: Learner,
  learnt: readonly Floats[],
  state: readonly Floats[],
  frozen: FrozenValues = [],
): StepRunner {
  return new TfjsRunner(learner, learnt.length, learnt, state, frozen);
}
