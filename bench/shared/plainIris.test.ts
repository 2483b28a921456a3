/**
 * The plain loop of the small end is the same arithmetic as Lensboard's run: from the same
 * session's weights and rows, a few epochs of it reach the typed float64 engine's epoch losses
 * and final weights (bench/README.md, suite `smallsteps`). No wall-clock bounds here.
 */
import { describe, expect, it } from 'vitest';
import { loadExample } from '../../src/io/examples/index';
import { openSession } from '../../src/learn/session';
import { smallStepsRows } from '../suites/smallsteps';
import { checkIrisWeights, type IrisWeights, plainIrisTrain } from './plainIris';
import { irisWeightsOf, plainRunOf } from './plainIrisRun';

const EPOCHS = 4;

describe('the plain iris-hidden loop', () => {
  it('takes the typed float64 engine’s steps: the same epoch losses and final weights', async () => {
    const { trainer } = await openSession({
      document: loadExample('iris-hidden'),
      settings: { engine: 'typed-float64', epochs: EPOCHS, evaluateEachEpoch: false },
    });
    const { start, run } = plainRunOf(trainer, EPOCHS);
    const losses: number[] = [];
    trainer.onEpoch((m) => losses.push(m.running.loss));
    await trainer.run();
    const plain = plainIrisTrain(start, run);
    expect(losses).toHaveLength(EPOCHS);
    plain.epochLoss.forEach((sum, e) => {
      expect(Math.abs(sum / run.orders[e].length - losses[e])).toBeLessThan(1e-12 * losses[e]);
    });
    // the trainer hands its weights out in float32: the plain loop's, rounded, are the same numbers
    const got = irisWeightsOf(trainer);
    for (const [name, w] of Object.entries(plain.weights)) {
      const theirs = got[name as keyof IrisWeights];
      expect(theirs.length).toBe(w.length);
      for (let i = 0; i < w.length; i++)
        expect(Math.abs(theirs[i] - w[i])).toBeLessThanOrEqual(2 ** -23 * Math.abs(w[i]) + 1e-12);
    }
    // and the weights did move: the check is not of two unchanged copies
    expect(Math.max(...plain.weights.W2.map((v, i) => Math.abs(v - start.W2[i])))).toBeGreaterThan(1e-3);
    trainer.dispose();
  });

  it('refuses weights of another network, naming the array and the size it needs', () => {
    const w = { W1: new Float64Array(80), b1: new Float64Array(20), W2: new Float64Array(60), b2: new Float64Array(2) };
    expect(() => checkIrisWeights(w)).toThrow('b2 has 2 values, the 4 → 20 → 3 network needs 3');
  });

  it('the smallsteps rows time each way and give the ratio against the goal', async () => {
    const rows = await smallStepsRows(1, 1);
    expect(rows.map((r) => r.name.replace(/^iris-hidden 1 epochs batch 1 /, ''))).toEqual([
      'plain float64 loop',
      'Lensboard typed-f64',
      'Lensboard typed-f32',
      'iris-hidden fastest Lensboard/plain loop',
    ]);
    for (const r of rows) expect(Number.isFinite(r.value) && r.value > 0).toBe(true);
    expect(rows[3].note).toMatch(/goal ≤ 0\.5×: (pass|MISS)/);
  });
});
