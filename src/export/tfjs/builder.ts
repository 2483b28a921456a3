/**
 * What a tfjs op-table entry writes with (docs/export.md, "tfjs graph model"): TensorFlow
 * GraphDef nodes in the JSON form `tf.loadGraphModel` reads (op, input, attr), constants that
 * go to the weight shards, and the batch size read off the first batched input for the
 * generators that make a batched wire from nothing. Every value of the export graph is a node
 * of the same name, so a user finds `W1.W` or `tanh1` in the model under its Lensboard name.
 */
import type { WireType } from '../../core/wire';
import { ExportError } from '../graph';
import { GraphWriter } from '../graphWriter';

export type TfAttr =
  | { readonly type: 'DT_FLOAT' | 'DT_INT32' | 'DT_BOOL' }
  | { readonly i: string }
  | { readonly f: number }
  | { readonly b: boolean }
  | { readonly s: string }
  | { readonly list: { readonly i: readonly string[] } }
  | { readonly shape: { readonly dim: readonly { readonly size: string }[] } }
  | {
      readonly tensor: {
        readonly dtype: 'DT_FLOAT' | 'DT_INT32';
        readonly tensorShape: { readonly dim: readonly { readonly size: string }[] };
      };
    };

export interface TfNode {
  readonly name: string;
  readonly op: string;
  readonly input: readonly string[];
  readonly attr: Readonly<Record<string, TfAttr>>;
}

export interface TfConstant {
  readonly name: string;
  readonly shape: readonly number[];
  readonly dtype: 'float32' | 'int32';
  readonly data: Float32Array | Int32Array;
}

export const FLOAT: TfAttr = { type: 'DT_FLOAT' };
export const dims = (shape: readonly number[]) => ({ dim: shape.map((n) => ({ size: String(n) })) });
export const intList = (values: readonly number[]): TfAttr => ({ list: { i: values.map(String) } });
/** String attributes are base64 in the JSON GraphDef (`padding: "VALID"`). */
export const text = (s: string): TfAttr => ({ s: btoa(s) });

export class TfBuilder extends GraphWriter {
  readonly nodes: TfNode[] = [];
  readonly constants: TfConstant[] = [];

  /** A node named `name` (its first output is `name`, the next `name:1`…). */
  op(op: string, input: readonly string[], name: string, attr: Record<string, TfAttr> = {}): string {
    this.nodes.push({ name, op, input, attr });
    return name;
  }

  value(op: string, input: readonly string[], what: string, attr: Record<string, TfAttr> = {}): string {
    return this.op(op, input, this.fresh(what), attr);
  }

  /** A Const node whose values go to the weight shards. */
  constant(name: string, shape: readonly number[], data: Float32Array | Int32Array): string {
    const dtype = data instanceof Int32Array ? 'int32' : 'float32';
    this.constants.push({ name, shape, dtype, data });
    const tfType = dtype === 'int32' ? 'DT_INT32' : 'DT_FLOAT';
    return this.op('Const', [], name, {
      value: { tensor: { dtype: tfType, tensorShape: dims(shape) } },
      dtype: { type: tfType },
    });
  }

  ints(what: string, values: readonly number[]): string {
    return this.constant(this.fresh(what), [values.length], Int32Array.from(values));
  }

  scalar(what: string, value: number): string {
    return this.constant(this.fresh(what), [], Float32Array.of(value));
  }

  /** The int32 [batch, ...features] of a batched wire, the batch read off the first batched input. */
  batchShape(features: readonly number[]): string {
    if (this.batchedInput === undefined) {
      throw new ExportError([`${this.current?.gen} needs a batched data input to take the batch size from`]);
    }
    const batch = this.batchOnce((input) => {
      const shape = this.value('Shape', [input], 'input_shape', { T: FLOAT, out_type: { type: 'DT_INT32' } });
      return this.value('Slice', [shape, this.ints('begin', [0]), this.ints('size', [1])], 'batch_size');
    });
    return this.value('ConcatV2', [batch, this.ints('features', features), this.ints('axis', [0])], 'shape', {
      N: { i: '2' },
    });
  }

  /** A wire filled with `value`. */
  filled(t: WireType, value: number, name: string): void {
    const shape = t.batch ? this.batchShape(t.shape) : this.ints('shape', t.shape);
    this.op('Fill', [shape, this.scalar('value', value)], name, { T: FLOAT });
  }
}
