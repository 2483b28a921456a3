/**
 * The loss and optimiser an imported ONNX model is trained with, chosen from what it predicts
 * (docs/export.md, "Import back"). A classifier — its last op a Softmax or LogSoftmax, or its
 * output bound to a dataset of classes — trains with softmax cross-entropy on its logits: the
 * last Softmax is then the loss's, not drawn (the classes it picks are the same). Anything else
 * trains with the mean squared error. Both with Adam at 0.001: its step does not grow with the
 * size of the loss, so an imported model that already predicts well is not thrown off by its
 * first Play, whatever the scale of its outputs (gradient descent at 0.01 on a summed loss
 * wrecked an imported MNIST CNN: loss ~10³, accuracy 0.11).
 */
import type { Task } from '../../../data/dataset';
import type { LossKind } from '../../../kinds/losses';

/** The last ops that normalise into classes: the loss takes their input, the logits. */
export const CLASS_OPS: ReadonlySet<string> = new Set(['Softmax', 'LogSoftmax']);

export interface LearnerChoice {
  readonly loss: LossKind;
  readonly optimiser: { readonly kind: 'adam'; readonly learningRate: number };
  /** One sentence for the opening notice: what was chosen, and why. */
  readonly why: string;
}

export const IMPORT_LEARNING_RATE = 0.001;

export function learnerChoice(lastOp: string | undefined, task: Task, classes: number): LearnerChoice {
  const optimiser = { kind: 'adam', learningRate: IMPORT_LEARNING_RATE } as const;
  const adam = `Adam at learning rate ${IMPORT_LEARNING_RATE}, whose steps do not grow with the loss`;
  if (lastOp !== undefined && CLASS_OPS.has(lastOp)) {
    return {
      loss: 'softmax-cross-entropy',
      optimiser,
      why: `Training uses softmax cross-entropy, since the model ends in ${lastOp} (the loss applies it to the logits), and ${adam}.`,
    };
  }
  if (task === 'classification' && classes > 1) {
    return {
      loss: 'softmax-cross-entropy',
      optimiser,
      why: `Training uses softmax cross-entropy, since its ${classes} outputs are read as the classes of its data, and ${adam}.`,
    };
  }
  return {
    loss: 'mse-mean',
    optimiser,
    why: `Training uses the mean squared error, since its output is read as numbers, and ${adam}.`,
  };
}
