import { describe, expect, it } from 'vitest';
import { classCounts } from './labels';
import { type SyntheticId, syntheticDataset, syntheticRecipes } from './synthetic';

const ids = Object.keys(syntheticRecipes) as SyntheticId[];
const classificationIds = ids.filter((id) => syntheticRecipes[id].task === 'classification');

describe('synthetic 2-D datasets', () => {
  it.each(ids)('%s is a pure function of its seed', (id) => {
    const a = syntheticDataset(id, { n: 200, noise: 0.2, seed: 5 });
    const b = syntheticDataset(id, { n: 200, noise: 0.2, seed: 5 });
    const c = syntheticDataset(id, { n: 200, noise: 0.2, seed: 6 });
    expect(b.features).toEqual(a.features);
    expect(b.labels).toEqual(a.labels);
    expect(c.features).not.toEqual(a.features);
  });

  it.each(ids)('%s has n rows of 2 finite features in the playground square', (id) => {
    const ds = syntheticDataset(id, { n: 300, noise: 0.5, seed: 1 });
    expect(ds.n).toBe(300);
    expect(ds.features.length).toBe(600);
    expect(ds.featureShape).toEqual([2]);
    for (const v of ds.features) expect(Math.abs(v)).toBeLessThan(12);
    expect(ds.labelShape).toEqual([syntheticRecipes[id].task === 'classification' ? 2 : 1]);
  });

  it.each(classificationIds)('%s has valid one-hot labels and balanced classes', (id) => {
    const ds = syntheticDataset(id, { n: 1000, seed: 3 });
    for (let r = 0; r < ds.n; r++) {
      const [a, b] = [ds.labels[2 * r], ds.labels[2 * r + 1]];
      expect([a, b].sort()).toEqual([0, 1]);
    }
    const [negative, positive] = classCounts(ds);
    expect(negative + positive).toBe(1000);
    // xor draws quadrants at random; the others generate exactly half of each class.
    if (id === 'xor') expect(Math.abs(positive - 500)).toBeLessThan(60);
    else expect(positive).toBe(500);
  });

  it('offers scalar labels, ±1 or 0/1, agreeing with the one-hot ones', () => {
    const onehot = syntheticDataset('moons', { n: 50, seed: 2 });
    const signed = syntheticDataset('moons', { n: 50, seed: 2, labelKind: 'scalar' });
    const bit = syntheticDataset('moons', { n: 50, seed: 2, labelKind: 'scalar', scalar: 'bit' });
    expect([signed.labelEncoding, bit.labelEncoding]).toEqual(['signed', 'bits']);
    expect(signed.labelShape).toEqual([1]);
    for (let r = 0; r < 50; r++) {
      expect(bit.labels[r]).toBe(onehot.labels[2 * r + 1]);
      expect(signed.labels[r]).toBe(2 * onehot.labels[2 * r + 1] - 1);
    }
  });

  it('labels noise-free points by the rule of their set', () => {
    const check = (id: SyntheticId, rule: (x: number, y: number) => number) => {
      const ds = syntheticDataset(id, { n: 400, seed: 9, labelKind: 'scalar', scalar: 'bit' });
      for (let r = 0; r < ds.n; r++)
        expect(ds.labels[r]).toBeCloseTo(rule(ds.features[2 * r], ds.features[2 * r + 1]), 5);
    };
    check('xor', (x, y) => (x * y >= 0 ? 1 : 0));
    check('circles', (x, y) => (Math.hypot(x, y) < 2.5 ? 1 : 0));
    check('gaussians', (x, y) => (x + y > 0 ? 1 : 0));
    check('plane', (x, y) => (x + y) / 10);
  });

  it('keeps bump targets in [−1, 1] with both signs', () => {
    const ds = syntheticDataset('bump', { seed: 4 });
    expect(Math.min(...ds.labels)).toBeLessThan(-0.5);
    expect(Math.max(...ds.labels)).toBeGreaterThan(0.5);
    for (const v of ds.labels) expect(Math.abs(v)).toBeLessThanOrEqual(1);
  });

  it('refuses a bad n or noise', () => {
    expect(() => syntheticDataset('xor', { n: 0 })).toThrow(/n = 0/);
    expect(() => syntheticDataset('xor', { noise: -1 })).toThrow(/noise/);
  });
});
