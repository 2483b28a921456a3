/**
 * A batch of zero rows is a batch: every engine runs it and gives zero rows back. A bias added
 * to no rows once took the bias's shape and walked its output in steps of zero, for ever.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DiagramBuilder } from '../core/builder';
import { lower } from '../core/program';
import { param, real } from '../core/wire';
import { Arena } from './arena';
import { createTfjsEngine } from './tfjs';
import { createTypedEngine } from './typed';
import { TypedKernel } from './typedKernel';
import { binaryInto } from './typedLoops';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const empty = (shape: number[]) => ({ shape, data: new Float32Array(0) });
const bias = { shape: [3], data: Float32Array.of(1, 2, 3) };

describe('zero rows', () => {
  it('a bias added to zero rows of 3 is zero rows of 3, in either order', () => {
    const k = new TypedKernel(new Arena('float32'));
    for (const out of [k.binary('add', empty([0, 3]), bias), k.binary('mul', bias, empty([0, 3]))]) {
      expect(out.shape).toEqual([0, 3]);
      expect(out.data.length).toBe(0);
    }
  });

  it('repeating an empty operand over values is refused, not looped over', () => {
    expect(() => binaryInto('add', new Float32Array(0), Float32Array.of(1, 2), new Float32Array(2))).toThrow(
      /cannot repeat a, which is empty, over 2 values/,
    );
    expect(() => binaryInto('add', Float32Array.of(1, 2), new Float32Array(0), new Float32Array(2))).toThrow(
      /cannot repeat b/,
    );
  });

  it('a dense network on zero rows gives zero rows on the typed engines and on tfjs', () => {
    // linear 2→4 ; bias ; sigmoid ; linear 4→3 ; bias, its parameters first
    const b = new DiagramBuilder();
    const shapes = [[2, 4], [4], [4, 3], [3]];
    const [W0, b0, W1, b1] = shapes.map((s) => b.input(param(s)));
    let x = b.input(real([2]));
    x = b.op('sigmoid', [b.op('bias', [b0, b.op('linear', [W0, x], { in: 2, out: 4 })], {})], {});
    b.output(b.op('bias', [b1, b.op('linear', [W1, x], { in: 4, out: 3 })], {}));
    const program = lower(b.build());
    const params = shapes.map((shape) => ({ shape, data: new Float32Array(shape[0] * (shape[1] ?? 1)).fill(0.5) }));
    const inputs = [...params, empty([0, 2])];
    for (const dtype of ['float32', 'float64'] as const) {
      const [y] = createTypedEngine(program, { dtype }).run(inputs);
      expect(y.shape, dtype).toEqual([0, 3]);
      expect(y.data.length).toBe(0);
    }
    const [viaTf] = createTfjsEngine(program).runPlain(inputs);
    expect(viaTf.shape).toEqual([0, 3]);
  });
});
