/**
 * Seeded, deterministic initialisers for parameters. mulberry32 gives uniform floats; normals
 * come from Box–Muller. The same seed gives the same weights in Node and every browser.
 */
import { unreachable } from './errors';
import { shapeSize } from './shape';

export type Initialiser =
  | { readonly kind: 'zeros' }
  | { readonly kind: 'constant'; readonly value: number }
  | { readonly kind: 'normal'; readonly sigma: number; readonly mean?: number }
  | { readonly kind: 'uniform'; readonly low: number; readonly high: number }
  | { readonly kind: 'glorotUniform' }
  | { readonly kind: 'he' };

export type Rng = () => number;

/** A uniform [0, 1) generator from a 32-bit seed (mulberry32). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normals by Box–Muller, from a uniform generator. */
export function normals(rng: Rng): Rng {
  let spare: number | undefined;
  return () => {
    if (spare !== undefined) {
      const s = spare;
      spare = undefined;
      return s;
    }
    const u = 1 - rng();
    const r = Math.sqrt(-2 * Math.log(u));
    const theta = 2 * Math.PI * rng();
    spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  };
}

/** Fan-in and fan-out: [n, m] for a matrix, kh·kw·c and kh·kw·o for a filter [kh, kw, c, o]. */
export function fans(shape: readonly number[]): [number, number] {
  if (shape.length === 0) return [1, 1];
  if (shape.length === 1) return [shape[0], shape[0]];
  const field = shapeSize(shape.slice(0, -2));
  return [field * shape[shape.length - 2], field * shape[shape.length - 1]];
}

export function initialise(init: Initialiser, shape: readonly number[], seed: number): Float32Array {
  const n = shapeSize(shape);
  const out = new Float32Array(n);
  const rng = mulberry32(seed);
  const gauss = normals(rng);
  const [fanIn, fanOut] = fans(shape);
  const fillWith = (f: () => number) => {
    for (let i = 0; i < n; i++) out[i] = f();
  };
  switch (init.kind) {
    case 'zeros':
      break;
    case 'constant':
      out.fill(init.value);
      break;
    case 'normal':
      fillWith(() => (init.mean ?? 0) + init.sigma * gauss());
      break;
    case 'uniform':
      fillWith(() => init.low + (init.high - init.low) * rng());
      break;
    case 'glorotUniform': {
      const limit = Math.sqrt(6 / (fanIn + fanOut));
      fillWith(() => -limit + 2 * limit * rng());
      break;
    }
    case 'he':
      fillWith(() => Math.sqrt(2 / fanIn) * gauss());
      break;
    default:
      unreachable(init, 'initialiser');
  }
  return out;
}
