/**
 * The point generators behind the 2-D sets, following TF Playground (src/dataset.ts): each
 * returns `count` points from a seeded random stream; a label is decided on the noisy point
 * while the clean point is kept, so noise shows as labels on the wrong side of the boundary.
 */
import { normal, type Random, uniform } from './random';

/** x, y, and the class index (0 negative, 1 positive) or the regression target. */
export type Point = [number, number, number];
export type Generate = (count: number, noise: number, random: Random) => Point[];

const RADIUS = 6;
const classOf = (positive: boolean): number => (positive ? 1 : 0);

export const xor: Generate = (count, noise, random) =>
  Array.from({ length: count }, () => {
    // A margin of 0.3 keeps the quadrants apart before noise is added, as in the playground.
    const pad = (v: number) => v + (v > 0 ? 0.3 : -0.3);
    const x = pad(uniform(random, -5, 5));
    const y = pad(uniform(random, -5, 5));
    const nx = x + uniform(random, -5, 5) * noise;
    const ny = y + uniform(random, -5, 5) * noise;
    return [x, y, classOf(nx * ny >= 0)];
  });

export const circles: Generate = (count, noise, random) =>
  Array.from({ length: count }, (_, i) => {
    const inner = i < count / 2;
    const r = inner ? uniform(random, 0, 2.5) : uniform(random, 3.5, 5);
    const angle = uniform(random, 0, 2 * Math.PI);
    const x = r * Math.sin(angle);
    const y = r * Math.cos(angle);
    const nx = x + uniform(random, -5, 5) * noise;
    const ny = y + uniform(random, -5, 5) * noise;
    return [x, y, classOf(Math.hypot(nx, ny) < 2.5)];
  });

export const gaussians: Generate = (count, noise, random) => {
  const spread = Math.sqrt(0.5 + 7 * noise); // the playground maps noise 0 … 0.5 to variance 0.5 … 4
  return Array.from({ length: count }, (_, i) => {
    const c = i < count / 2 ? 2 : -2;
    return [normal(random, c, spread), normal(random, c, spread), classOf(c > 0)];
  });
};

export const spirals: Generate = (count, noise, random) =>
  Array.from({ length: count }, (_, i) => {
    const half = Math.ceil(count / 2);
    const k = i % half;
    const r = (k / half) * 5;
    const t = 1.75 * (k / half) * 2 * Math.PI + (i < half ? 0 : Math.PI);
    const x = r * Math.sin(t) + uniform(random, -1, 1) * noise;
    const y = r * Math.cos(t) + uniform(random, -1, 1) * noise;
    return [x, y, classOf(i < half)];
  });

export const moons: Generate = (count, noise, random) =>
  Array.from({ length: count }, (_, i) => {
    const upper = i < count / 2;
    const t = uniform(random, 0, Math.PI);
    const x = upper ? Math.cos(t) : 1 - Math.cos(t);
    const y = upper ? Math.sin(t) : 0.5 - Math.sin(t);
    // make_moons spans x ∈ [−1, 2], y ∈ [−0.5, 1]; centre and scale it into the playground square.
    return [(normal(random, x, noise) - 0.5) * 3.3, (normal(random, y, noise) - 0.25) * 3.3, classOf(upper)];
  });

/** A point uniform in the square of side 2·RADIUS, then that point moved by noise: [x, y, nx, ny]. */
function squarePoint(noise: number, random: Random): [number, number, number, number] {
  const x = uniform(random, -RADIUS, RADIUS);
  const y = uniform(random, -RADIUS, RADIUS);
  return [x, y, x + uniform(random, -RADIUS, RADIUS) * noise, y + uniform(random, -RADIUS, RADIUS) * noise];
}

export const plane: Generate = (count, noise, random) =>
  Array.from({ length: count }, () => {
    const [x, y, nx, ny] = squarePoint(noise, random);
    return [x, y, (nx + ny) / 10];
  });

const BUMPS = [
  [-4, 2.5, 1],
  [0, 2.5, -1],
  [4, 2.5, 1],
  [-4, -2.5, -1],
  [0, -2.5, 1],
  [4, -2.5, -1],
];
export const bump: Generate = (count, noise, random) =>
  Array.from({ length: count }, () => {
    const [x, y, nx, ny] = squarePoint(noise, random);
    // The strongest of six signed bumps, each falling linearly from 1 at its centre to 0 at distance 2.
    let label = 0;
    for (const [cx, cy, s] of BUMPS) {
      const v = s * Math.max(0, 1 - Math.hypot(nx - cx, ny - cy) / 2);
      if (Math.abs(v) > Math.abs(label)) label = v;
    }
    return [x, y, label];
  });
