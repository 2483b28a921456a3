/**
 * A batch of zero rows is a batch: every engine runs it and gives zero rows back. A bias added
 * to no rows once took the bias's shape and walked its output in steps of zero, for ever.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { lower } from '../core/program';
import { denseModel } from '../testing/models';
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
    const model = denseModel(2, [{ units: 4, activation: 'sigmoid' }, { units: 3 }]);
    const program = lower(model.diagram);
    const params = model.params.map((p) => ({
      shape: [...p.type.shape],
      data: new Float32Array(p.type.shape.reduce((a, b) => a * b, 1)).fill(0.5),
    }));
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
