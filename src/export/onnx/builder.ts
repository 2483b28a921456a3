/**
 * What an ONNX op-table entry writes with (docs/export.md, "ONNX"): nodes appended in order,
 * fresh value names for the intermediate values an entry needs (a transposed image, a shape),
 * small constants as initialisers, and the batch size read off the first batched graph input
 * for the generators that make a batched wire from nothing (zero, constant, broadcastBatch).
 */
import type { WireType } from '../../core/wire';
import { ExportError, type ExportNode } from '../graph';
import { GraphWriter } from '../graphWriter';
import { ONNX_FLOAT, ONNX_INT64, type OnnxAttribute, type OnnxNode, type OnnxTensor } from './model';

/** An op table's entry: writes the nodes that compute `n`. */
export type OnnxEntry = (b: OnnxBuilder, n: ExportNode) => void;

/** An integer attribute. */
export const int = (name: string, value: number): OnnxAttribute => ({ name, kind: 'int', value });
/** A list-of-integers attribute. */
export const ints = (name: string, value: readonly number[]): OnnxAttribute => ({ name, kind: 'ints', value });

/** A fresh value: x with its axes permuted by `perm`. */
export const transpose = (b: OnnxBuilder, x: string, perm: readonly number[], what: string): string =>
  b.value('Transpose', [x], what, [ints('perm', perm)]);

export class OnnxBuilder extends GraphWriter {
  readonly nodes: OnnxNode[] = [];
  readonly constants: OnnxTensor[] = [];

  /** Appends one node; its name is its first output's. */
  op(opType: string, inputs: readonly string[], outputs: readonly string[], attributes: OnnxAttribute[] = []): void {
    this.nodes.push({ name: `${outputs[0] ?? this.fresh(opType)}:${opType}`, opType, inputs, outputs, attributes });
  }

  /** `op` with one fresh output, returned. */
  value(opType: string, inputs: readonly string[], what: string, attributes: OnnxAttribute[] = []): string {
    const out = this.fresh(what);
    this.op(opType, inputs, [out], attributes);
    return out;
  }

  ints(what: string, values: readonly number[]): string {
    const name = this.fresh(what);
    this.constants.push({ name, dims: [values.length], dataType: ONNX_INT64, values });
    return name;
  }

  /** A float32 constant of the given shape. */
  floats(what: string, dims: readonly number[], values: Float32Array): string {
    const name = this.fresh(what);
    this.constants.push({ name, dims, dataType: ONNX_FLOAT, values });
    return name;
  }

  scalar(what: string, value: number): string {
    const name = this.fresh(what);
    this.constants.push({ name, dims: [], dataType: ONNX_FLOAT, values: Float32Array.of(value) });
    return name;
  }

  /** The int64 [batch] of the graph's first batched input, made once. */
  batchSize(): string | undefined {
    if (this.batchedInput === undefined) return undefined;
    return this.batchOnce((input) =>
      this.value('Shape', [input], 'batch_size', [
        { name: 'start', kind: 'int', value: 0 },
        { name: 'end', kind: 'int', value: 1 },
      ]),
    );
  }

  /** A wire filled with `value`: a constant tensor, expanded over the batch when the wire is batched. */
  filled(t: WireType, value: number, out: string): void {
    const c = this.scalar('value', value);
    if (!t.batch) {
      this.op('Expand', [c, this.ints('shape', t.shape)], [out]);
      return;
    }
    const batch = this.batchSize();
    if (batch === undefined)
      throw new ExportError([`${this.current?.gen} needs a batched data input to take the batch size from`]);
    const shape = this.value('Concat', [batch, this.ints('features', t.shape)], 'shape', [
      { name: 'axis', kind: 'int', value: 0 },
    ]);
    this.op('Expand', [c, shape], [out]);
  }
}
