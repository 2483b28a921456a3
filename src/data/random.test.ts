import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { mixSeeds, mulberry32, normal, permutation } from './random';

const FC_SEED = fcSeed();

describe('seeded randomness', () => {
  it('replays the same stream for the same seed, and another for another seed', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const c = mulberry32(8);
    const first = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(first);
    expect(Array.from({ length: 100 }, () => c())).not.toEqual(first);
  });

  it('draws uniform numbers in [0, 1) with the right mean', () => {
    const random = mulberry32(1);
    const draws = Array.from({ length: 20000 }, () => random());
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    expect(draws.reduce((s, v) => s + v, 0) / draws.length).toBeCloseTo(0.5, 2);
  });

  it('draws normal samples with mean 0 and std 1', () => {
    const random = mulberry32(2);
    const draws = Array.from({ length: 20000 }, () => normal(random));
    const mean = draws.reduce((s, v) => s + v, 0) / draws.length;
    const variance = draws.reduce((s, v) => s + (v - mean) ** 2, 0) / draws.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });

  it('mixes (seed, epoch) into unrelated seeds', () => {
    const seeds = new Set<number>();
    for (let s = 0; s < 20; s++) for (let e = 0; e < 20; e++) seeds.add(mixSeeds(s, e));
    expect(seeds.size).toBe(400);
  });

  it('gives each of the 6 orders of 3 about equally often over seeds 1..6000 (χ², 5 dof)', () => {
    // A correct shuffle exceeds χ² = 36 with probability 1e-6; a shuffle that never leaves an
    // element in place (Sattolo's) reaches only the 2 cyclic orders, χ² = 12,000.
    const runs = 6000;
    const counts = new Map<string, number>();
    for (let seed = 1; seed <= runs; seed++) {
      const key = permutation(3, seed).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['012', '021', '102', '120', '201', '210']);
    const expected = runs / 6;
    const chiSquare = [...counts.values()].reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(36);
  });

  it('makes permutations, the same for the same seed', () => {
    fc.assert(
      fc.property(fc.nat(300), fc.integer(), (n, seed) => {
        const order = permutation(n, seed);
        expect([...order].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(permutation(n, seed)).toEqual(order);
      }),
      { seed: FC_SEED, numRuns: 100 },
    );
  });
});
