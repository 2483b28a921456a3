/**
 * The trainer's measuring of a whole set (./trainerMeasure): a set of ordinary size is measured
 * at once and says nothing; a big model's goes in chunks a heartbeat can live with and says it
 * is busy before it begins and again while it lasts (docs/training-panel.md, "A worker that dies").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Dataset, makeDataset } from '../data/dataset';
import { denseModel } from '../testing/models';
import type { Learner } from './learner';
import type { StepRunner } from './runners/types';
import { createTrainer } from './trainer';
import { chunkRows } from './trainerData';
import { BUSY_AGAIN_MS, measureSet } from './trainerMeasure';

afterEach(() => {
  vi.restoreAllMocks();
});

/** `n` rows of one feature (its row number), each labelled 1. */
const rowsOf = (n: number): Dataset =>
  makeDataset({
    name: 'rows',
    description: 'row numbers',
    task: 'regression',
    featureShape: [1],
    labelShape: [1],
    labelEncoding: 'real',
    features: Float32Array.from({ length: n }, (_, i) => i),
    labels: Float32Array.from({ length: n }, () => 1),
  });

/** A learner of `weights` weights in one parameter, as far as measuring reads one. */
const learnerOf = (weights: number) =>
  ({ model: { params: [{ type: { shape: [weights] } }] }, loss: { logits: false } }) as unknown as Learner;

/** A runner whose loss is the sum of its rows' features; `sizes` gets each chunk's rows. */
function summingRunner(sizes: number[]): StepRunner {
  const evaluate = (rows: { features: Float32Array; n: number }) => {
    sizes.push(rows.n);
    return { loss: rows.features.reduce((a, b) => a + b, 0), predictions: new Float32Array(rows.n) };
  };
  return { evaluate } as unknown as StepRunner;
}

describe('measuring a set', () => {
  it('measures a set of ordinary size in one chunk and says nothing', () => {
    const sizes: number[] = [];
    let busy = 0;
    measureSet(summingRunner(sizes), learnerOf(10), rowsOf(500), () => {
      busy++;
    });
    expect(sizes).toEqual([500]);
    expect(busy).toBe(0);
  });

  it('says a big one is busy before it begins, then at most every BUSY_AGAIN_MS between chunks', () => {
    // 2²⁶ weights: chunks of 4 rows, and 10 rows is over the busy size
    const sizes: number[] = [];
    let now = 0;
    let step = BUSY_AGAIN_MS;
    vi.spyOn(performance, 'now').mockImplementation(() => {
      now += step;
      return now;
    });
    let busy = 0;
    measureSet(summingRunner(sizes), learnerOf(2 ** 26), rowsOf(10), () => {
      busy++;
    });
    expect(sizes).toEqual([4, 4, 2]);
    expect(busy).toBe(3);
    // the clock hardly moves: only the word before it begins
    [now, step, busy] = [0, 1, 0];
    measureSet(summingRunner([]), learnerOf(2 ** 26), rowsOf(10), () => {
      busy++;
    });
    expect(busy).toBe(1);
  });
});

describe("a big model's measuring", () => {
  it('goes in chunks a heartbeat can live with, and says it is busy again while it lasts', () => {
    // 520 → 520: 270,920 weights, so chunks of 990 rows; 1,000 rows is 2.7·10⁸ weights × rows
    const model = denseModel(520, [{ units: 520, activation: 'tanh' }]);
    const n = 1000;
    const ds = makeDataset({
      name: 'wide',
      description: 'wide rows',
      task: 'regression',
      featureShape: [520],
      labelShape: [520],
      labelEncoding: 'real',
      features: Float32Array.from({ length: 520 * n }, (_, i) => Math.sin(i)),
      labels: Float32Array.from({ length: 520 * n }, (_, i) => Math.cos(i)),
    });
    const trainer = createTrainer(model, ds, { epochs: 1, batchSize: 10, seed: 1, engine: 'typed' });
    const whole = trainer.evaluate(ds);
    const sizes: number[] = [];
    const runner = (trainer as unknown as { runner: StepRunner }).runner;
    const evaluate = runner.evaluate.bind(runner);
    vi.spyOn(runner, 'evaluate').mockImplementation((rows) => {
      sizes.push(rows.n);
      return evaluate(rows);
    });
    // each look at the clock finds more time gone than the busy message's period
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => {
      now += BUSY_AGAIN_MS;
      return now;
    });
    let busy = 0;
    trainer.onBusy(() => {
      busy++;
    });
    const chunked = trainer.evaluate(ds);
    expect(sizes).toEqual([chunkRows(270_920), n - chunkRows(270_920)]);
    expect(chunkRows(270_920)).toBe(990);
    // once before it begins, once again between its two chunks
    expect(busy).toBe(2);
    expect(chunked.loss).toBeCloseTo(whole.loss, 6);
  });
});
