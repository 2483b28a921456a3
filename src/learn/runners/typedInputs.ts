/**
 * The typed runner's step inputs — carried values, hyper-parameters, data, labels — as records
 * refilled step after step: shapes are made again only when the batch size changes, and the
 * buffer of every input is kept alongside, for the alias check of ./carried.
 */
import { fullShape } from '../../core/shape';
import type { WireType } from '../../core/wire';
import type { TypedTensor } from '../../engines/typed';
import type { Learner } from '../learner';
import type { CarriedArrays } from './carried';
import type { Floats, FrozenValues, Rows } from './types';

export class StepInputs {
  readonly records: TypedTensor[];
  private readonly writable: { shape: number[]; data: Floats }[];
  /** The buffers of the records' data, in the same order (the hypers' never change). */
  private readonly buffers: ArrayBufferLike[];
  private readonly carriedTypes: WireType[];
  private readonly fixedTypes: WireType[];
  private readonly label: WireType;
  private readonly fixedAt: number;
  /** Per fixed input: whether it is a frozen parameter (deep dreaming), never refilled from the rows. */
  private readonly frozen: boolean[];
  private shapedFor = 1;

  /** `frozen`: the values of the fixed parameters, by model input index (./types FrozenValues). */
  constructor(learner: Learner, carried: CarriedArrays, hypers: readonly Floats[], frozen: FrozenValues = []) {
    const { layout, model } = learner;
    const types = model.diagram.inputs.map((w) => model.diagram.wires[w]);
    this.carriedTypes = [...layout.learnt.map((i) => types[i]), ...layout.state];
    this.fixedTypes = layout.fixed.map((i) => types[i]);
    this.frozen = layout.fixed.map((i) => frozen[i] !== undefined);
    this.label = layout.prediction;
    this.records = [
      ...this.carriedTypes.map((t, j) => ({ shape: fullShape(t, 1), data: carried.values[j] })),
      ...hypers.map((data) => ({ shape: [], data })),
      ...layout.fixed.map((i, j) => ({
        shape: fullShape(this.fixedTypes[j], 1),
        data: frozen[i] ?? (new Float32Array(0) as Floats),
      })),
      { shape: fullShape(this.label, 1), data: new Float32Array(0) as Floats },
    ];
    this.writable = this.records as { shape: number[]; data: Floats }[];
    this.buffers = this.records.map((x) => x.data.buffer);
    this.fixedAt = this.carriedTypes.length + hypers.length;
  }

  fill(rows: Rows, carried: CarriedArrays): void {
    const { writable, buffers, fixedAt } = this;
    const nFixed = this.fixedTypes.length;
    if (rows.n !== this.shapedFor) this.reshape(rows.n);
    for (let j = 0; j < carried.values.length; j++) {
      writable[j].data = carried.values[j];
      buffers[j] = carried.buffers[j];
    }
    const features = rows.features.buffer;
    for (let j = 0; j < nFixed; j++) {
      if (this.frozen[j]) continue;
      writable[fixedAt + j].data = rows.features;
      buffers[fixedAt + j] = features;
    }
    writable[fixedAt + nFixed].data = rows.labels;
    buffers[fixedAt + nFixed] = rows.labels.buffer;
  }

  /** Does `buffer` hold any of this step's inputs? */
  aliases = (buffer: ArrayBufferLike): boolean => {
    const { buffers } = this;
    for (let i = 0; i < buffers.length; i++) if (buffers[i] === buffer) return true;
    return false;
  };

  private reshape(n: number): void {
    const { writable, fixedAt } = this;
    this.carriedTypes.forEach((t, j) => {
      writable[j].shape = fullShape(t, n);
    });
    this.fixedTypes.forEach((t, j) => {
      writable[fixedAt + j].shape = fullShape(t, n);
    });
    writable[fixedAt + this.fixedTypes.length].shape = fullShape(this.label, n);
    this.shapedFor = n;
  }
}
