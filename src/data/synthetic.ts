/**
 * TF Playground's 2-D datasets (tensorflow/playground, src/dataset.ts), re-derived with a seeded
 * generator: points live in about [−6, 6]², class +1 is "positive" (blue), −1 "negative"
 * (orange). `noise` is the playground's slider divided by 100 (0 … 0.5). Moons is not in the
 * playground: it is scikit-learn's make_moons, scaled to the same square.
 */
import { type Dataset, type LabelEncoding, makeDataset, writeOneHot } from './dataset';
import { mixSeeds, mulberry32, permutation } from './random';
import { bump, circles, type Generate, gaussians, moons, plane, spirals, xor } from './syntheticPoints';

export interface SyntheticOptions {
  n?: number;
  noise?: number;
  seed?: number;
  /** Two-class sets only: one-hot of two classes, or one scalar per row. */
  labelKind?: 'onehot' | 'scalar';
  /** The scalar label: ±1 (`signed`, the playground's) or 0/1 (`bit`). */
  scalar?: 'signed' | 'bit';
}

interface Recipe {
  generate: Generate;
  task: 'classification' | 'regression';
  description: string;
  n: number;
}

export const syntheticRecipes = {
  xor: { generate: xor, task: 'classification', n: 500, description: 'Four quadrants; the class is the sign of x·y.' },
  circles: {
    generate: circles,
    task: 'classification',
    n: 500,
    description: 'A disc of one class inside a ring of the other.',
  },
  gaussians: {
    generate: gaussians,
    task: 'classification',
    n: 500,
    description: 'Two Gaussian blobs at (2, 2) and (−2, −2).',
  },
  spirals: { generate: spirals, task: 'classification', n: 500, description: 'Two interleaved spirals.' },
  moons: {
    generate: moons,
    task: 'classification',
    n: 500,
    description: 'Two interleaving half circles (scikit-learn make_moons).',
  },
  plane: { generate: plane, task: 'regression', n: 1200, description: 'The plane z = (x + y) / 10 over [−6, 6]².' },
  bump: {
    generate: bump,
    task: 'regression',
    n: 1200,
    description: 'Six signed bumps (cones of radius 2) on a 3 × 2 grid.',
  },
} satisfies Record<string, Recipe>;

export type SyntheticId = keyof typeof syntheticRecipes;

/** One of the 2-D sets, a pure function of (id, n, noise, seed); rows come shuffled. */
export function syntheticDataset(id: SyntheticId, options: SyntheticOptions = {}): Dataset {
  const recipe: Recipe = syntheticRecipes[id];
  const { n = recipe.n, noise = 0, seed = 0, labelKind = 'onehot', scalar = 'signed' } = options;
  if (!(Number.isInteger(n) && n > 0)) throw new Error(`${id}: n = ${n} is not a positive integer`);
  if (!(noise >= 0 && noise <= 1)) throw new Error(`${id}: noise ${noise} is not in [0, 1]`);
  const points = recipe.generate(n, noise, mulberry32(mixSeeds(seed, 1)));
  const order = permutation(n, mixSeeds(seed, 2));
  const features = new Float32Array(n * 2);
  const classification = recipe.task === 'classification';
  const width = classification && labelKind === 'onehot' ? 2 : 1;
  const labels = new Float32Array(n * width);
  order.forEach((from, row) => {
    const [x, y, target] = points[from];
    features[2 * row] = x;
    features[2 * row + 1] = y;
    if (width === 2) writeOneHot(labels, row, target, 2);
    else labels[row] = classification && scalar === 'signed' ? 2 * target - 1 : target;
  });
  const encoding: LabelEncoding = !classification
    ? 'real'
    : width === 2
      ? 'onehot'
      : scalar === 'signed'
        ? 'signed'
        : 'bits';
  return makeDataset({
    name: id,
    description: recipe.description,
    task: recipe.task,
    featureShape: [2],
    featureNames: ['x', 'y'],
    labelShape: [width],
    labelEncoding: encoding,
    classes: classification ? ['negative', 'positive'] : undefined,
    features,
    labels,
  });
}
