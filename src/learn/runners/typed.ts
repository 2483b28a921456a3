/**
 * The step on the core's typed-array engine: float32 is the fast path for small models (no
 * per-op overhead), float64 the oracle. The learnt values and the state are carried without a
 * copy per step (./carried); the inputs are records refilled step after step (./typedInputs).
 *
 * Consecutive runs alternate between two engines by `turn` (each has its own arena), traced or
 * not, so a run never writes into the arena its inputs live in. Training runs the fused
 * Program; a traced step runs the unfused one, which keeps every buffer.
 */

import type { Program } from '../../core/program';
import { fullShape } from '../../core/shape';
import type { WireType } from '../../core/wire';
import { createTypedEngine, type TypedEngine, type TypedTensor } from '../../engines/typed';
import type { Learner } from '../learner';
import type { Hypers } from '../optimisers/index';
import { CarriedArrays } from './carried';
import { StepInputs } from './typedInputs';
import type { Carried, Floats, FrozenValues, Kept, Rows, RunOutputs, StepRunner, StepTrace } from './types';

function allFinite(v: Floats): boolean {
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i])) return false;
  return true;
}

/**
 * The carried values copied aside. A class, not an object of closures: the guard keeps one every
 * few steps, and closures made that often cost more than the copy where names are kept (tsx).
 */
class KeptCopy implements Kept {
  private readonly copy: Floats[];
  private released = false;

  /** `spare`: copies released before, filled again rather than made anew (a released copy is never read). */
  constructor(
    private readonly carried: CarriedArrays,
    private readonly make: (src: ArrayLike<number>) => Floats,
    private readonly k: number,
    private readonly spare: Floats[][],
  ) {
    const { values } = carried;
    const reused = spare.pop();
    if (reused) for (let j = 0; j < values.length; j++) reused[j].set(values[j]);
    this.copy = reused ?? values.map(make);
  }

  finite(): boolean {
    for (let j = 0; j < this.copy.length; j++) if (!allFinite(this.copy[j])) return false;
    return true;
  }

  restore(): void {
    this.carried.set(this.copy);
  }

  read(): Carried {
    const { copy, make, k } = this;
    return { learnt: copy.slice(0, k).map(make), state: copy.slice(k).map(make) };
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.spare.push(this.copy);
  }
}

class TypedRunner implements StepRunner {
  readonly engine: string;
  private readonly make: (src: ArrayLike<number>) => Floats;
  private readonly types: WireType[];
  private readonly carried: CarriedArrays;
  private readonly hypers: Floats[];
  private readonly inputs: StepInputs;
  private readonly engines: TypedEngine[];
  private traceEngines: TypedEngine[] | undefined;
  private readonly evalEngine: TypedEngine;
  /** The frozen parameters in this engine's precision, by model input index. */
  private readonly frozen: (Floats | undefined)[];
  private turn = 0;
  /** Kept copies released, to fill again (./KeptCopy). */
  private readonly spareCopies: Floats[][] = [];
  private last: TypedEngine;
  /** The step's loss and predictions, refilled step after step. */
  private readonly result: { loss: ArrayLike<number>; predictions: ArrayLike<number> } = { loss: [], predictions: [] };

  constructor(
    private readonly learner: Learner,
    private readonly k: number,
    values: readonly Floats[],
    private readonly dtype: 'float32' | 'float64',
    frozen: FrozenValues,
  ) {
    this.engine = `typed-${dtype}`;
    // the constructor copies a typed array in one move; `from` walks it through the iterator protocol
    this.make = (src) => (dtype === 'float64' ? new Float64Array(src) : new Float32Array(src));
    const { model, layout } = learner;
    this.types = model.diagram.inputs.map((w) => model.diagram.wires[w]);
    this.carried = new CarriedArrays(values, this.make);
    this.hypers = layout.hypers.map(() => this.make([0]));
    this.frozen = frozen.map((v) => (v ? this.make(v) : undefined));
    this.inputs = new StepInputs(learner, this.carried, this.hypers, this.frozen);
    this.engines = this.pair(learner.fusedStepProgram);
    this.last = this.engines[0];
    this.evalEngine = createTypedEngine(learner.fusedEvaluateProgram, { dtype });
  }

  step(rows: Rows, traced = false): RunOutputs {
    const { carried, inputs, result } = this;
    inputs.fill(rows, carried);
    if (traced) this.traceEngines ??= this.pair(this.learner.stepProgram);
    this.last = (traced && this.traceEngines ? this.traceEngines : this.engines)[this.turn];
    const outs = this.last.run(inputs.records);
    carried.adopt(outs, this.turn, inputs.aliases);
    this.turn ^= 1;
    const nc = carried.values.length;
    result.loss = outs[nc].data;
    result.predictions = outs[nc + 1].data;
    return result;
  }

  traceStep(rows: Rows) {
    const outputs = this.step(rows, true);
    const buffers = this.last
      .buffers()
      .map((b) => (b ? { shape: [...b.shape], data: Float32Array.from(b.data) } : null));
    const trace: StepTrace = { buffers };
    return {
      outputs: { loss: Float32Array.from(outputs.loss), predictions: Float32Array.from(outputs.predictions) },
      trace,
    };
  }

  evaluate(rows: Rows): RunOutputs {
    const { layout } = this.learner;
    const evalInputs: TypedTensor[] = this.types.map((t, i) => {
      const j = layout.learnt.indexOf(i);
      return { shape: fullShape(t, rows.n), data: j >= 0 ? this.carried.values[j] : (this.frozen[i] ?? rows.features) };
    });
    const [loss, predictions] = this.evalEngine.run([
      ...evalInputs,
      { shape: fullShape(layout.prediction, rows.n), data: rows.labels },
    ]);
    return { loss: loss.data, predictions: predictions.data };
  }

  setHypers(h: Hypers): void {
    this.learner.layout.hypers.forEach((name, i) => {
      this.hypers[i][0] = h[name];
    });
  }

  learnt(): Float32Array[] {
    return this.carried.values.slice(0, this.k).map((v) => Float32Array.from(v));
  }

  state(): Float32Array[] {
    return this.carried.values.slice(this.k).map((v) => Float32Array.from(v));
  }

  keep(): Kept {
    return new KeptCopy(this.carried, this.make, this.k, this.spareCopies);
  }

  dispose(): void {}

  private pair(program: Program): TypedEngine[] {
    return [0, 1].map(() => createTypedEngine(program, { dtype: this.dtype }));
  }
}

export function createTypedRunner(
  learner: Learner,
  learnt: readonly Floats[],
  state: readonly Floats[],
  dtype: 'float32' | 'float64',
  frozen: FrozenValues = [],
): StepRunner {
  return new TypedRunner(learner, learnt.length, [...learnt, ...state], dtype, frozen);
}
