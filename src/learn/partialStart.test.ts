/**
 * Going on after an edit of the diagram: each weight whose box, port and shape are unchanged
 * keeps its values (its optimiser state too); a box whose parameter changed shape starts fresh.
 */
import { describe, expect, it } from 'vitest';
import { loadExample } from '../io/examples';
import { partialStart, wantedWeights } from './modelFile';
import { getOptimiser } from './optimisers/index';
import { initialParams } from './params';
import { openSession } from './session';

describe('a start from the weights that still fit', () => {
  it('keeps what fits by name and shape, and starts the rest as a fresh run would', async () => {
    const doc = loadExample('xor');
    const { trainer } = await openSession({ document: doc, settings: { engine: 'typed', epochs: 1 } });
    const model = trainer.learner.model;
    const adam = getOptimiser('adam');
    const wanted = wantedWeights(model, adam);
    // The old run: every value 7; its first layer had 3 inputs, not 2 (the user changed it).
    const old = wanted.map((w) => {
      const shape = w.name.startsWith('W1.W') ? [3, ...w.shape.slice(1)] : w.shape;
      return { ...w, shape, data: new Float32Array(shape.reduce((p, n) => p * n, 1)).fill(7) };
    });
    const { start, kept, fresh } = partialStart(old, { epochsDone: 4, stepsDone: 128 }, model, adam, 3);
    expect(fresh).toEqual(['W1.W', 'W1.W/m', 'W1.W/v']);
    expect(kept).toContain('b1.W');
    expect(kept).toContain('optimizer/t');
    const i = model.params.findIndex((p) => p.name === 'W1.W');
    expect(Array.from(start.params[i])).toEqual(Array.from(initialParams(model, 3)[i]));
    expect(start.params.filter((_, j) => j !== i).every((p) => p.every((v) => v === 7))).toBe(true);
    const m = wanted.findIndex((w) => w.name === 'W1.W/m') - model.params.length;
    expect(Array.from(start.state[m]).every((v) => v === 0)).toBe(true);
    expect(start).toMatchObject({ epochsDone: 4, stepsDone: 128 });
  });

  it('trains an edited diagram from the old weights in the worker path', async () => {
    const doc = loadExample('xor');
    const first = await openSession({ document: doc, settings: { engine: 'typed', epochs: 2 } });
    await first.trainer.run();
    const wanted = wantedWeights(first.trainer.learner.model, first.trainer.learner.optimiser);
    const arrays = [...first.trainer.weights(), ...first.trainer.optimiserState()];
    const weights = wanted.map((w, i) => ({ ...w, data: arrays[i] }));
    const edited = { ...doc, boxes: doc.boxes.map((b) => (b.id === 'tanh1' ? { ...b, generator: 'sigmoid' } : b)) };
    const next = await openSession({
      document: edited,
      settings: { engine: 'typed', epochs: 1 },
      resume: { weights, epochsDone: 2, stepsDone: 64, partial: true },
    });
    expect(next.trainer.weights().map((w) => Array.from(w))).toEqual(first.trainer.weights().map((w) => Array.from(w)));
    const result = await next.trainer.run();
    expect(result).toMatchObject({ status: 'done', epochs: 3, steps: 96 });
  });

  it('goes on after the batches an epoch already took when the kept copy is mid-epoch', async () => {
    // a worker died 5 steps into its first epoch of 32: the new one takes the other 27
    const doc = loadExample('xor');
    const first = await openSession({ document: doc, settings: { engine: 'typed', epochs: 1 } });
    const wanted = wantedWeights(first.trainer.learner.model, first.trainer.learner.optimiser);
    const arrays = [...first.trainer.weights(), ...first.trainer.optimiserState()];
    const weights = wanted.map((w, i) => ({ ...w, data: arrays[i] }));
    const whole = await first.trainer.run();
    expect(whole).toMatchObject({ status: 'done', epochs: 1, steps: 32 });
    const next = await openSession({
      document: doc,
      settings: { engine: 'typed', epochs: 1 },
      resume: { weights, epochsDone: 0, stepsDone: 5 },
    });
    let taken = 0;
    next.trainer.onStep(() => taken++);
    const result = await next.trainer.run();
    expect(result).toMatchObject({ status: 'done', epochs: 1, steps: 32 });
    expect(taken).toBe(27);
  });
});
