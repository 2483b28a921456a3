/**
 * The tfjs engine's host scalars: a chain of unbatched scalar steps over `hostScalar` inputs runs
 * on the host (no tfjs kernel), gives what the device gives, and mixes with device tensors.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, expect, test } from 'vitest';
import { DiagramBuilder } from '../core/builder';
import { lower } from '../core/program';
import { real } from '../core/wire';
import { createTfjsEngine, hostScalar } from './tfjs';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** (t, β, v) ↦ (βᵗ = exp(t·log β), v·βᵗ): the shape of Adam's bias correction, then a device op. */
function program() {
  const b = new DiagramBuilder();
  const [t, beta] = [b.input(real([], false)), b.input(real([], false))];
  const v = b.input(real([3], false));
  const corr = b.op('exp', [b.op('multiply', [t, b.op('log', [beta])])]);
  b.output(corr);
  b.output(b.op('multiply', [v, corr]));
  return lower(b.build());
}

function kernelsOf(f: () => void): number {
  let n = 0;
  const orig = tf.engine().runKernel.bind(tf.engine());
  tf.engine().runKernel = ((...args: Parameters<typeof orig>) => {
    n++;
    return orig(...args);
  }) as typeof orig;
  try {
    f();
  } finally {
    tf.engine().runKernel = orig;
  }
  return n;
}

test('scalar steps over host scalars run on the host and agree with the device', () => {
  const engine = createTfjsEngine(program());
  const v = tf.tensor([1, 2, 3]);
  const onHost = [hostScalar(3), hostScalar(0.9)];
  const onDevice = [tf.scalar(3), tf.scalar(0.9)];
  let host: tf.Tensor[] = [];
  let device: tf.Tensor[] = [];
  const nHost = kernelsOf(() => {
    host = engine.run([...onHost, v]);
  });
  const nDevice = kernelsOf(() => {
    device = engine.run([...onDevice, v]);
  });
  expect(nHost).toBeLessThan(nDevice);
  for (let i = 0; i < 2; i++) {
    const [a, b] = [host[i].dataSync(), device[i].dataSync()];
    for (let j = 0; j < a.length; j++) expect(a[j]).toBeCloseTo(b[j], 5);
  }
  expect(host[0].dataSync()[0]).toBeCloseTo(0.9 ** 3, 6);
  tf.dispose([...host, ...device, ...onHost, ...onDevice, v]);
});
