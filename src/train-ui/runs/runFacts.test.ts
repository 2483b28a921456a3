/** What a run's line says, and which runs count as on the same data (options in any order). */
import { describe, expect, it } from 'vitest';
import { finalMetrics, sameData } from './runFacts';
import { engineLabel } from './runOfSession';
import type { RunRecord } from './runRecord';

const run = (dataset: RunRecord['dataset'], epochs: RunRecord['epochs'] = []) => ({ dataset, epochs }) as RunRecord;

describe('a run’s facts', () => {
  it('counts the same dataset with the same options, in any order, as the same data', () => {
    const moons = run({ id: 'moons', options: { n: 500, noise: 0.1, seed: 1 } });
    expect(sameData(moons, { id: 'moons', options: { seed: 1, noise: 0.1, n: 500 } })).toBe(true);
    expect(sameData(moons, { id: 'moons', options: { seed: 2, noise: 0.1, n: 500 } })).toBe(false);
    expect(sameData(moons, { id: 'circles', options: { seed: 1, noise: 0.1, n: 500 } })).toBe(false);
    expect(sameData(run(null), undefined)).toBe(false);
  });

  it('ends on the whole training set’s numbers, else the last epoch’s running means', () => {
    const m = (loss: number) => ({ loss, accuracy: 0.5, n: 1, confusion: null });
    const e = { epoch: 0, engine: 'typed-float32', steps: 1, stepsPerSecond: 1, test: null };
    expect(finalMetrics(run(null, [{ ...e, running: m(2), train: m(1) }])).loss).toBe(1);
    expect(finalMetrics(run(null, [{ ...e, running: m(2), train: null }])).loss).toBe(2);
    expect(finalMetrics(run(null))).toEqual({ loss: null, accuracy: null });
  });

  it('names engines as the panel does', () => {
    expect(['typed-float32', 'typed-float64', 'tfjs-wasm', null].map(engineLabel)).toEqual([
      'typed arrays',
      'typed arrays (float64)',
      'tfjs · wasm',
      'engine unknown',
    ]);
  });
});
