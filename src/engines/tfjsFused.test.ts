/**
 * The tfjs kernels behind fused steps and 2-D products, on the backends Node has: the fused
 * kernel on wasm (JS loops over the wasm heap below WASM_FUSED_MAX values, tfjs ops above) and
 * cpu agree with the unfused Program; the cpu matMul kernel agrees with tf.matMul in every
 * transpose case and has tf.matMul's gradient; no tensor is left behind.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, describe, expect, test } from 'vitest';
import { DiagramBuilder } from '../core/builder';
import { fuseProgram } from '../core/fuse';
import { lower } from '../core/program';
import { param, real } from '../core/wire';
import { createTfjsEngine } from './tfjs';
import { cpuMatMulTf } from './tfjsCpuMatMul';

afterAll(async () => {
  await tf.setBackend('cpu');
});

/**
 * (relu(x + b)·σ(x) − x²)·s·e, with a bias repeated along the batch, a scalar and a per-example
 * value broadcast along the features: every operand kind.
 */
function pointwise(n: number) {
  const b = new DiagramBuilder();
  const x = b.input(real([n]));
  const bias = b.input(param([n]));
  const s = b.input({ field: 'real', shape: [], batch: false });
  const e = b.input({ field: 'real', shape: [], batch: true });
  const h = b.op('relu', [b.op('bias', [bias, x])]);
  const y = b.op('subtract', [b.op('multiply', [h, b.op('sigmoid', [x])]), b.op('square', [x])]);
  // a per-example value broadcast along the features: read `each` n values at a time
  const spread = b.op('broadcast', [e], { shape: [n], axis: -1 });
  b.output(b.op('multiply', [b.op('multiply', [y, s]), spread]));
  return lower(b.build());
}

const values = (n: number, k: number) => Float32Array.from({ length: n }, (_, i) => Math.sin(i * 0.37 + k));

describe('the fused kernel', () => {
  for (const backend of ['cpu', 'wasm'] as const) {
    // 3 × 7 values run the JS loops on wasm; 3 × 4000 = 12,000 > WASM_FUSED_MAX go through tfjs ops.
    for (const n of [7, 4000]) {
      test(`${backend}, batch 3 × ${n}: fused = unfused, nothing leaks`, async () => {
        await tf.setBackend(backend);
        await tf.ready();
        expect(tf.getBackend()).toBe(backend);
        const p = pointwise(n);
        const q = fuseProgram(p);
        expect(q.steps.length).toBe(1); // the broadcast too is read by the fused step, not run
        const inputs = [
          { shape: [3, n], data: values(3 * n, 1) },
          { shape: [n], data: values(n, 2) },
          { shape: [], data: Float32Array.of(0.5) },
          { shape: [3], data: Float32Array.of(2, -1, 0.25) },
        ];
        const want = createTfjsEngine(p).runPlain(inputs)[0];
        const fused = createTfjsEngine(q);
        const before = tf.memory().numTensors;
        const got = fused.runPlain(inputs)[0];
        expect(tf.memory().numTensors).toBe(before);
        expect(got.shape).toEqual([3, n]);
        got.data.forEach((v, i) => {
          expect(Math.abs(v - want.data[i])).toBeLessThanOrEqual(1e-6 * (1 + Math.abs(want.data[i])));
        });
      });
    }
  }
});

describe('the cpu matMul kernel', () => {
  test('equals tf.matMul in every transpose case, and tf.grad sees through it', async () => {
    await tf.setBackend('cpu');
    const a = tf.tensor2d(values(15, 3), [3, 5]);
    const b = tf.tensor2d(values(20, 4), [5, 4]);
    for (const [ta, tb] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ] as const) {
      const x = ta ? tf.transpose(a) : a;
      const y = tb ? tf.transpose(b) : b;
      const ours = cpuMatMulTf(x, y, ta, tb) as tf.Tensor;
      const theirs = tf.matMul(x as tf.Tensor2D, y as tf.Tensor2D, ta, tb);
      expect(ours.shape).toEqual([3, 4]);
      expect(tf.max(tf.abs(tf.sub(ours, theirs))).dataSync()[0]).toBeLessThan(1e-5);
      const [ga, gb] = tf.grads((u: tf.Tensor, v: tf.Tensor) =>
        tf.sum(tf.square(cpuMatMulTf(u, v, ta, tb) as tf.Tensor)),
      )([x, y]);
      const [wa, wb] = tf.grads((u: tf.Tensor, v: tf.Tensor) =>
        tf.sum(tf.square(tf.matMul(u as tf.Tensor2D, v as tf.Tensor2D, ta, tb))),
      )([x, y]);
      expect(tf.max(tf.abs(tf.sub(ga, wa))).dataSync()[0]).toBeLessThan(1e-4);
      expect(tf.max(tf.abs(tf.sub(gb, wb))).dataSync()[0]).toBeLessThan(1e-4);
    }
  });
});
