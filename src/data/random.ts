/**
 * Seeded randomness for datasets. Every dataset, shuffle and split is a pure function of its
 * seed, so a run in the browser and a run in Node see the same rows in the same order.
 * mulberry32 is small, fast and good enough for sampling toy data (not for cryptography).
 */
import { mulberry32, type Rng } from '../core/init';

export type Random = Rng;

/** A generator of uniform numbers in [0, 1), fully determined by a 32-bit seed: the core's. */
export { mulberry32 };

/**
 * Mixes several integers into one seed, so that e.g. (seed, epoch) pairs give unrelated streams
 * rather than streams shifted by one step.
 */
export function mixSeeds(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x01000193);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

export function uniform(random: Random, low: number, high: number): number {
  return low + (high - low) * random();
}

/** A standard normal sample (Box–Muller); `1 - u` keeps the logarithm finite. */
export function normal(random: Random, mean = 0, std = 1): number {
  const u = 1 - random();
  const v = random();
  return mean + std * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A uniformly random permutation of 0..n-1 (Fisher–Yates), the same for the same seed. */
export function permutation(n: number, seed: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const random = mulberry32(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const held = order[i];
    order[i] = order[j];
    order[j] = held;
  }
  return order;
}
