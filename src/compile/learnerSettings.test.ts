/** A learner drawn in full and a bare model with settings compile to the same thing. */
import { describe, expect, it } from 'vitest';
import type { TrainingSettings } from '../io/document';
import { box, dense, doc, wire } from '../testing/documents';
import { compileDocument } from './compile';

const settings = (extra: Partial<TrainingSettings> = {}): TrainingSettings => ({
  batchSize: 1,
  epochs: 400,
  seed: 1,
  testFraction: 0,
  ...extra,
});

/** dense(4, 3) with its learner drawn: label, loss, learning-rate cap and optimiser boxes. */
function drawn(loss: string, epsilon: number, optimiser: Record<string, unknown>) {
  const d = dense(4, 3);
  return doc(
    [
      ...d.boxes,
      box('y', 'label', { shape: [3] }),
      box('L', 'loss', { kind: loss }),
      box('alpha', 'learning-rate', { epsilon }),
      box('U', 'optimiser', optimiser),
    ],
    [...d.wires, wire('act.y', 'L.ŷ'), wire('y.y', 'L.y'), wire('L.l', 'alpha.l')],
  );
}

describe('learner settings', () => {
  it('a drawn learner and a bare model with settings compile to the same model', () => {
    const full = compileDocument(drawn('mse', 0.01, { kind: 'momentum', momentum: 0.1 }), { requireLoss: true });
    const bare = compileDocument(
      {
        ...dense(4, 3),
        training: settings({ loss: 'mse', optimiser: { kind: 'momentum', learningRate: 0.01, momentum: 0.1 } }),
      },
      { requireLoss: true },
    );
    expect(full.errors).toEqual([]);
    expect(bare.errors).toEqual([]);
    if (!full.model || !bare.model) throw new Error('no model');
    expect(full.model.loss).toEqual({ kind: 'mse', box: 'L' });
    // the same model; only the drawing behind it (where the loss and its wires are) differs
    const { loss: fullLoss, sources: fullSources, ...fullRest } = full.model;
    const { loss: bareLoss, sources: bareSources, ...bareRest } = bare.model;
    expect(fullRest).toEqual(bareRest);
    expect(fullSources?.wires.map((w) => w.from)).toEqual(bareSources?.wires.map((w) => w.from));
    expect(fullLoss?.kind).toBe(bareLoss?.kind);
    expect(bare.model.learningRate).toBe(0.01);
    expect(bare.model.optimiser).toEqual({ kind: 'momentum', learningRate: 0.01, momentum: 0.1 });
  });

  it('drawn boxes win over the settings, item by item', () => {
    const d = {
      ...drawn('softmax-cross-entropy', 0.05, { kind: 'adam' }),
      training: settings({ loss: 'mse', optimiser: { kind: 'gd', learningRate: 0.3 } }),
    };
    const m = compileDocument(d).model;
    expect(m?.loss).toEqual({ kind: 'softmax-cross-entropy', box: 'L' });
    expect(m?.learningRate).toBe(0.05);
    expect(m?.optimiser).toEqual({ kind: 'adam', learningRate: 0.05 });
    const noCap = {
      ...d,
      boxes: d.boxes.filter((b) => b.id !== 'alpha'),
      wires: d.wires.filter((w) => w.to.box !== 'alpha'),
    };
    expect(compileDocument(noCap).model?.optimiser).toEqual({ kind: 'adam', learningRate: 0.3 });
  });

  it('a loss, cap or optimiser is drawn once', () => {
    const d = drawn('mse', 0.01, { kind: 'gd' });
    const twice = { ...d, boxes: [...d.boxes, box('U2', 'optimiser', { kind: 'adam' })] };
    expect(compileDocument(twice).errors).toEqual([expect.objectContaining({ code: 'bad-config', box: 'U2' })]);
  });

  it('the loss and the cap stay out of the model diagram', () => {
    const m = compileDocument(drawn('mse', 0.01, { kind: 'gd' })).model;
    expect(m?.diagram.boxes.map((b) => b.gen)).toEqual(['linear', 'bias', 'sigmoid']);
    expect(m?.outputs).toEqual([{ box: 'act', port: 'y', type: { field: 'real', shape: [3], batch: true } }]);
    expect(m?.inputs.map((i) => i.role)).toEqual(['features']);
  });
});
