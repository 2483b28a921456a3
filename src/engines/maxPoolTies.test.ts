/**
 * Max-pool on tied windows. Ties are common in practice (ReLU zeros, 0/1 pixels), and a tied
 * window's change must go to one place only: the first maximum in row-major window order, on
 * both engines (the rule typedImage.ts states). Random float samples never tie, so these inputs are
 * drawn from {0, 1} and include whole windows of one value.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PoolGeometry, pooledHW } from '../core/convGeometry';
import { mulberry32 } from '../core/init';
import { shapeSize } from '../core/shape';
import { Arena } from './arena';
import { TfjsKernel } from './tfjsKernel';
import { TypedKernel } from './typedKernel';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

type Shape = [number, number, number, number];

/** The flat indices of every pooling window's cells inside x (padding left out), each in row-major window order. */
function windowsOf([B, H, W, C]: Shape, p: PoolGeometry): number[][] {
  const [ho, wo] = pooledHW(p, H, W);
  const out: number[][] = [];
  for (let b = 0; b < B; b++)
    for (let y = 0; y < ho; y++)
      for (let q = 0; q < wo; q++)
        for (let c = 0; c < C; c++) {
          const window: number[] = [];
          for (let i = 0; i < p.k; i++)
            for (let j = 0; j < p.k; j++) {
              const [r, col] = [y * p.stride - p.pads[0] + i, q * p.stride - p.pads[2] + j];
              if (r >= 0 && r < H && col >= 0 && col < W) window.push(((b * H + r) * W + col) * C + c);
            }
          out.push(window);
        }
  return out;
}

/** The flat index of each window's first maximum: the spec both engines are held to. */
const firstMaxima = (x: readonly number[], windows: number[][]) =>
  windows.map((w) => {
    const top = Math.max(...w.map((at) => x[at]));
    return w.find((at) => x[at] === top) ?? -1;
  });

const tiling = (k: number): PoolGeometry => ({ k, stride: k, pads: [0, 0, 0, 0] });
const cases: { name: string; shape: Shape; k: PoolGeometry }[] = [
  { name: '2×2 windows', shape: [2, 4, 4, 2], k: tiling(2) },
  { name: '3×3 windows, floor-cropped', shape: [1, 7, 6, 3], k: tiling(3) },
  // torch's ResNet stem pool: windows overlap (their changes add) and reach into the padding
  { name: '3×3 windows at stride 2, padded', shape: [2, 7, 6, 2], k: { k: 3, stride: 2, pads: [1, 1, 1, 0] } },
];

describe.each(cases)('max-pool routing on tied windows, $name', ({ shape, k }) => {
  const rng = mulberry32(0x9001 + k.k + k.stride * 7);
  const n = shapeSize(shape);
  const windows = windowsOf(shape, k);
  const x = Array.from({ length: n }, () => (rng() < 0.5 ? 0 : 1));
  // One window all zeros (as after a ReLU) and one all ones (a white patch of pixels).
  for (const at of windows[0]) x[at] = 0;
  for (const at of windows[1]) x[at] = 1;
  const pooled = windows.length;
  const d = Array.from({ length: pooled }, (_, i) => i + 1);
  const e = Array.from({ length: n }, (_, i) => 1000 + i);
  const expectedArg = firstMaxima(x, windows);

  const typed = new TypedKernel(new Arena('float64'));
  const tx = typed.fromArray(shape, x);

  it('the inputs really tie: most windows hold their maximum more than once', () => {
    const tied = windows.filter((w) => {
      const top = Math.max(...w.map((at) => x[at]));
      return w.filter((at) => x[at] === top).length > 1;
    });
    expect(tied.length).toBeGreaterThan(pooled / 2);
    expect(Array.from(typed.maxPool(tx, k).data)).toEqual(expectedArg.map((at) => x[at]));
  });

  it('the typed engine routes each change to the first maximum (maxPoolBack)', () => {
    const back = Array.from(typed.maxPoolBack(tx, typed.fromArray(typed.maxPool(tx, k).shape, d), k).data);
    const want = new Array<number>(n).fill(0);
    expectedArg.forEach((at, p) => {
      want[at] += d[p];
    });
    expect(back).toEqual(want);
  });

  it('the typed engine selects at the first maximum (maxPoolSelect)', () => {
    expect(Array.from(typed.maxPoolSelect(tx, typed.fromArray(shape, e), k).data)).toEqual(
      expectedArg.map((at) => e[at]),
    );
  });

  it('tfjs (cpu) routes and selects exactly as the typed engine', () => {
    const t = new TfjsKernel();
    const [back, select] = tf.tidy(() => {
      const xt = t.fromArray(shape, x);
      const dt = t.fromArray(t.maxPool(xt, k).shape, d);
      return [t.maxPoolBack(xt, dt, k).dataSync(), t.maxPoolSelect(xt, t.fromArray(shape, e), k).dataSync()];
    });
    const dShape = typed.maxPool(tx, k).shape;
    expect(Array.from(back)).toEqual(Array.from(typed.maxPoolBack(tx, typed.fromArray(dShape, d), k).data));
    expect(Array.from(select)).toEqual(Array.from(typed.maxPoolSelect(tx, typed.fromArray(shape, e), k).data));
  });
});
