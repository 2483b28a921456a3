/**
 * The importer's choice of loss and optimiser (./learnerChoice.ts): softmax cross-entropy for a
 * classifier (a last Softmax or LogSoftmax, folded into the loss; or outputs read as the classes
 * of its data), the mean squared error otherwise, Adam at 0.001 for both, and a sentence naming
 * the choice and its reason for the opening notice.
 */
import { describe, expect, it } from 'vitest';
import { file, floats, node, rng, tensor } from '../../../testing/onnxFiles';
import { importOnnx } from './importOnnx';
import { learnerChoice } from './learnerChoice';

/** A dense classifier [N, 4] → [N, 3] ending in `last` (or in nothing). */
function dense(last?: 'Softmax' | 'LogSoftmax' | 'Relu'): Uint8Array {
  const r = rng(7);
  const gemm = node('Gemm', ['input', 'W', 'b'], [last ? 'z' : 'output'], [{ name: 'transB', kind: 'int', value: 1 }]);
  const tail = last ? [node(last, ['z'], ['output'], [{ name: 'axis', kind: 'int', value: -1 }])] : [];
  return file(
    [gemm, ...tail],
    [tensor('W', [3, 4], floats(12, r)), tensor('b', [3], floats(3, r))],
    ['N', 4],
    ['N', 3],
  );
}

describe("the importer's loss and learning rate", () => {
  it.each([
    ['Softmax', 'classification', 10, 'softmax-cross-entropy', /ends in Softmax/],
    ['LogSoftmax', 'regression', 3, 'softmax-cross-entropy', /ends in LogSoftmax/],
    [undefined, 'classification', 10, 'softmax-cross-entropy', /10 outputs are read as the classes/],
    ['Relu', 'classification', 1, 'mse-mean', /read as numbers/],
    [undefined, 'regression', 1, 'mse-mean', /mean squared error/],
  ] as const)('last op %s, %s data of %i outputs: %s', (op, task, classes, loss, why) => {
    const c = learnerChoice(op, task, classes);
    expect(c.loss).toBe(loss);
    expect(c.optimiser).toEqual({ kind: 'adam', learningRate: 0.001 });
    expect(c.why).toMatch(why);
    expect(c.why).toMatch(/Adam at learning rate 0\.001/);
  });

  it('folds a last Softmax or LogSoftmax into the loss; another last op stays drawn', () => {
    for (const last of ['Softmax', 'LogSoftmax'] as const) {
      const r = importOnnx(dense(last), `${last}.onnx`);
      if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
      const gens = r.file.diagram.boxes.map((b) => b.generator);
      expect(gens).not.toContain('softmax');
      expect(r.file.diagram.training).toMatchObject({ loss: 'softmax-cross-entropy' });
      expect(r.file.trainingConfig).toMatchObject({ loss: 'softmax-cross-entropy', optimiser: { kind: 'adam' } });
      expect(r.note).toContain(`ends in ${last}`);
    }
    const relu = importOnnx(dense('Relu'), 'relu.onnx');
    if (!relu.ok) throw new Error(relu.errors.map((e) => e.message).join('\n'));
    expect(relu.file.diagram.boxes.map((b) => b.generator)).toContain('relu');
    // Three outputs bound to a CSV of three classes: read as classes.
    expect(relu.file.trainingConfig.loss).toBe('softmax-cross-entropy');
  });

  it('gives imported parameters random initialisers for New random weights, zeros for biases', () => {
    const r = importOnnx(dense(), 'dense.onnx');
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
    const inits = r.file.diagram.boxes.filter((b) => b.generator === 'parameter').map((b) => b.config.init);
    expect(inits).toEqual(expect.arrayContaining([{ kind: 'glorot-uniform' }, { kind: 'zeros' }]));
  });
});
