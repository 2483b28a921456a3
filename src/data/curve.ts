/**
 * A curve to fit, the one 1-D regression set: y = sin x on [−π, π], the x spread evenly at random,
 * with Gaussian noise of standard deviation `noise` / 2 on y. One input and one output, so that
 * what a model learnt is drawn as its curve through the points (the Training panel's view).
 */
import { type Dataset, makeDataset } from './dataset';
import { mixSeeds, mulberry32, normal } from './random';

export interface CurveOptions {
  n?: number;
  noise?: number;
  seed?: number;
}

export const SINE_DESCRIPTION = 'The curve y = sin x on [−π, π], with noise on y: one input, one output.';

export function sineDataset(options: CurveOptions = {}): Dataset {
  const { n = 200, noise = 0, seed = 0 } = options;
  if (!(Number.isInteger(n) && n > 0)) throw new Error(`sine: n = ${n} is not a positive integer`);
  if (!(noise >= 0 && noise <= 1)) throw new Error(`sine: noise ${noise} is not in [0, 1]`);
  const xs = mulberry32(mixSeeds(seed, 1));
  const ys = mulberry32(mixSeeds(seed, 2));
  const features = new Float32Array(n);
  const labels = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const x = (2 * xs() - 1) * Math.PI;
    features[i] = x;
    labels[i] = Math.sin(x) + (noise > 0 ? normal(ys, 0, noise / 2) : 0);
  }
  return makeDataset({
    name: 'sine',
    description: SINE_DESCRIPTION,
    task: 'regression',
    featureShape: [1],
    featureNames: ['x'],
    labelShape: [1],
    labelEncoding: 'real',
    features,
    labels,
  });
}
