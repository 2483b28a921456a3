/**
 * Deep dreaming (docs/dreaming.md): the data input is the learnt wire, the weights are fixed, and
 * the one "row" the learner sees is the target: the class whose score the input should raise,
 * as a one-hot label. The learner's own loss then measures how far the model is from believing
 * the input is that class; its reverse map, the same rdiff, moves the input.
 */

import { shapeSize } from '../core/shape';
import type { Dataset } from '../data/dataset';
import { makeDataset, writeOneHot } from '../data/dataset';
import { mulberry32 } from '../data/random';

export interface DreamSettings {
  /** The class whose score the input raises. */
  readonly target: number;
  /** Where the input starts: all zeros, or small uniform noise in [0, 0.1) from the run's seed. */
  readonly start: 'zeros' | 'noise';
  /** How many steps a dream takes: each is an epoch of its one row. */
  readonly steps: number;
}

export const DEFAULT_DREAM: DreamSettings = { target: 0, start: 'zeros', steps: 300 };

/** The one row a dream learns from: the starting input and the target class, one-hot. */
export function dreamDataset(base: Dataset, dream: DreamSettings, seed: number): Dataset {
  const classes = shapeSize(base.labelShape);
  if (base.labelEncoding !== 'onehot' || base.labelShape.length !== 1) {
    throw new Error(`dreaming needs a dataset with one-hot classes; ${base.name} has ${base.labelEncoding} labels`);
  }
  if (!Number.isInteger(dream.target) || dream.target < 0 || dream.target >= classes) {
    throw new Error(`the dream's target class must be 0 to ${classes - 1} for ${base.name}, got ${dream.target}`);
  }
  const features = new Float32Array(shapeSize(base.featureShape));
  if (dream.start === 'noise') {
    const random = mulberry32(seed);
    for (let i = 0; i < features.length; i++) features[i] = 0.1 * random();
  }
  const labels = new Float32Array(classes);
  writeOneHot(labels, 0, dream.target, classes);
  const name = base.classes?.[dream.target] ?? String(dream.target);
  return makeDataset({
    name: `dream of ${name}`,
    description: `one input, learnt so that ${base.name}'s model scores it as class ${name}`,
    task: 'classification',
    featureShape: base.featureShape,
    labelShape: base.labelShape,
    labelEncoding: 'onehot',
    ...(base.classes ? { classes: base.classes } : {}),
    // the model dreamt on still reads the base's raw rows (docs/model-format.md, *The preparation*)
    ...(base.featureNames ? { featureNames: base.featureNames } : {}),
    ...(base.preparation ? { preparation: base.preparation } : {}),
    features,
    labels,
  });
}

/** The model's score for the target: softmax(ŷ)[target] for logits, else ŷ[target] itself. */
export function targetScore(prediction: ArrayLike<number>, target: number, logits: boolean): number {
  if (!logits) return prediction[target];
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < prediction.length; i++) max = Math.max(max, prediction[i]);
  let sum = 0;
  for (let i = 0; i < prediction.length; i++) sum += Math.exp(prediction[i] - max);
  return Math.exp(prediction[target] - max) / sum;
}
