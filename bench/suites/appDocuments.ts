/**
 * The documents the `app` suite trains, in the page (through the editor's `?debug` store hook)
 * and headless alike, so both sides train the very same JSON: the examples the gallery opens,
 * with enough epochs that a run outlasts its timed windows, and a 300-box diagram that trains.
 */
import type { LensDocument } from '../../src/io/document';
import { loadExample } from '../../src/io/examples';
import { bigDiagram } from '../../src/testing/bigDiagram';

/** An example with its document's epochs raised: the run must not end inside a timed window. */
export function longRun(id: 'xor' | 'mnist-mlp', epochs: number): LensDocument {
  const doc = loadExample(id);
  if (!doc.training) throw new Error(`example ${id} has no training settings`);
  return { ...doc, training: { ...doc.training, epochs } };
}

/**
 * The editor suite's big diagram (input, then linear ; bias ; tanh blocks) two wide, ending in
 * a softmax cross-entropy loss against the labels, trained on XOR with Adam: `boxes` boxes
 * drawn and wired, plus the label and the loss.
 */
export function trainableBigDiagram(boxes: number): LensDocument {
  const doc = bigDiagram(boxes, 2);
  const last = doc.wires.at(-1);
  if (!last) throw new Error('the big diagram has no wires');
  const below = Math.ceil(boxes / 20) * 140;
  return {
    ...doc,
    name: `${boxes} boxes, trained on XOR`,
    boxes: [
      ...doc.boxes,
      { id: 'labels', generator: 'label', config: {}, position: { x: 0, y: below } },
      { id: 'loss', generator: 'loss', config: { kind: 'softmax-cross-entropy' }, position: { x: 170, y: below } },
    ],
    wires: [
      ...doc.wires,
      { id: 'w-loss', from: last.from, to: { box: 'loss', port: 'ŷ' } },
      { id: 'w-labels', from: { box: 'labels', port: 'y' }, to: { box: 'loss', port: 'y' } },
    ],
    dataset: { id: 'xor', options: { n: 500, noise: 0, seed: 1 } },
    training: {
      loss: 'softmax-cross-entropy',
      optimiser: { kind: 'adam', learningRate: 0.03 },
      batchSize: 16,
      epochs: 100_000,
      seed: 1,
      testFraction: 0,
    },
  };
}
