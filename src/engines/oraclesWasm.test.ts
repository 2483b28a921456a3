/**
 * The convolution and normalisation generators against the oracles of oracles.test.ts on tfjs's
 * wasm backend in Node, which the app runs when it can (docs/architecture.md, "How the tests
 * hold it"): padded, strided, dilated and grouped correlations and their two reverse halves,
 * the max pools, batch and channel statistics. tfjs float32 on wasm against float64 on f and
 * R[f] within 2e-3·(1 + |v|), and R[f] run on wasm against tf.grad of the forward (on wasm, or
 * on cpu where wasm has no gradient kernel). The cpu backend
 * runs every generator in oracles.test.ts; these are the kernels whose wasm paths differ from
 * cpu's (conv2d and its gradients, pooling, reductions over the batch, the embedding's
 * scatter-add).
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { box, cod } from '../core/compose';
import { mulberry32 } from '../core/init';
import { lower } from '../core/program';
import { rdiff } from '../core/rdiff';
import { BATCH, closeness, evaluate, randomValue, type Value } from '../testing/numeric';
import { samples } from '../testing/samples';
import { createTfjsEngine } from './tfjs';

const CONVOLUTIONS = [
  'correlate2d',
  'conv2dBackInput',
  'conv2dBackFilter',
  'maxPool2d',
  'maxPoolBack',
  'batchNorm',
  'channelMean',
  // the embedding's reverse is a scatter-add, which tfjs-wasm has no UnsortedSegmentSum for
  'embedding',
  'embeddingBack',
];

/**
 * tf.grad of a convolution needs Conv2DBackpropFilter (and, depthwise,
 * DepthwiseConv2dNativeBackpropInput), which tfjs-backend-wasm does not register: for these the
 * oracle's gradient is taken on cpu, and the test checks that wasm still lacks them.
 */
const NO_WASM_GRADIENT = new Set(['correlate2d', 'conv2dBackInput', 'conv2dBackFilter']);

beforeAll(async () => {
  await tf.setBackend('wasm');
  await tf.ready();
  expect(tf.getBackend()).toBe('wasm');
});
afterAll(async () => {
  await tf.setBackend('cpu');
});

const cases = CONVOLUTIONS.flatMap((gen) => (samples[gen] ?? []).map((s, i) => ({ name: `${gen}#${i}`, gen, ...s })));

test('every generator named here has sample cases', () => {
  expect(CONVOLUTIONS.filter((g) => !samples[g])).toEqual([]);
});

describe.each(cases)('$name on wasm', (c) => {
  const f = box(c.gen, c.inputs, c.config);
  const r = rdiff(f);
  const rng = mulberry32(0x3a5e ^ c.name.length ^ c.gen.charCodeAt(0));
  const point = () => c.inputs.map((t) => randomValue(rng, t, c.domain));
  const changes = () => cod(f).map((t) => randomValue(rng, t));

  test('tfjs float32 agrees with float64 on f and R[f]', () => {
    for (const d of [f, r]) {
      const xs = [...point(), ...(d === r ? changes() : [])];
      const before = tf.memory().numTensors;
      const got = createTfjsEngine(lower(d)).runPlain(xs, { batchSize: BATCH });
      expect(tf.memory().numTensors).toBe(before);
      expect(closeness(got, evaluate(d, xs), 2e-3)).toBeLessThanOrEqual(1);
    }
  });

  test('R[f] on wasm agrees with tf.grad of the forward', async () => {
    const x = point();
    const dy = changes();
    const mine = createTfjsEngine(lower(r)).runPlain([...x, ...dy], { batchSize: BATCH });
    const grad = () => {
      const engine = createTfjsEngine(lower(f));
      const toT = (v: Value) => tf.tensor(Float32Array.from(v.data), v.shape);
      const [xs, cs] = [x.map(toT), dy.map(toT)];
      try {
        const grads = tf.grads((...args: tf.Tensor[]) => {
          const ys = engine.run(args, { batchSize: BATCH });
          return ys.reduce((s, y, j) => tf.add(s, tf.sum(tf.mul(y, cs[j]))), tf.scalar(0));
        })(xs);
        const values = grads.map((g) => ({ data: g.dataSync() }));
        tf.dispose(grads);
        return values;
      } finally {
        tf.dispose([...xs, ...cs]);
      }
    };
    if (!NO_WASM_GRADIENT.has(c.gen)) {
      expect(closeness(mine, grad(), 2e-3)).toBeLessThanOrEqual(1);
      return;
    }
    // tfjs's wasm backend has no kernel for the convolutions' own gradients: tf.grad is taken on cpu
    expect(grad).toThrow(/not registered for backend 'wasm'/);
    await tf.setBackend('cpu');
    try {
      expect(closeness(mine, grad(), 2e-3)).toBeLessThanOrEqual(1);
    } finally {
      await tf.setBackend('wasm');
    }
  });
});
