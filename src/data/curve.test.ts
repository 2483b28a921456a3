import { describe, expect, it } from 'vitest';
import { loadDataset } from './catalog';
import { sineDataset } from './curve';

describe('the sine curve', () => {
  it('is y = sin x on [−π, π] without noise, one input and one output, the same for the same seed', async () => {
    const ds = sineDataset({ n: 300, seed: 5 });
    expect(ds).toMatchObject({ n: 300, featureShape: [1], labelShape: [1], task: 'regression' });
    for (let i = 0; i < ds.n; i++) {
      expect(Math.abs(ds.features[i])).toBeLessThanOrEqual(Math.PI);
      expect(ds.labels[i]).toBeCloseTo(Math.sin(ds.features[i]), 6);
    }
    expect(Array.from((await loadDataset('sine', { n: 300, seed: 5 })).labels)).toEqual(Array.from(ds.labels));
    expect(Array.from(sineDataset({ n: 300, seed: 6 }).features)).not.toEqual(Array.from(ds.features));
  });

  it('adds noise of the asked size, and refuses options out of range naming the range', async () => {
    const ds = sineDataset({ n: 4000, noise: 0.4, seed: 1 });
    let squares = 0;
    for (let i = 0; i < ds.n; i++) squares += (ds.labels[i] - Math.sin(ds.features[i])) ** 2;
    // σ = noise / 2 = 0.2; the root-mean-square estimate's standard error is σ/√(2n) ≈ 0.0022,
    // so 5 standard errors (a chance of 6e-7 for a right σ) leave 0.011 either side.
    const sigma = 0.2;
    expect(Math.abs(Math.sqrt(squares / ds.n) - sigma)).toBeLessThan((5 * sigma) / Math.sqrt(2 * ds.n));
    await expect(loadDataset('sine', { n: 1e9 })).rejects.toThrow(/100000/);
    await expect(loadDataset('sine', { noise: 2 })).rejects.toThrow(/\[0, 1\]|0.*1/);
  });
});
