/**
 * Each loss ℓ(ŷ, y) is a core diagram; its reverse map comes from rdiff. Two checks on the
 * float64 engine: the inner-product test ⟨R[ℓ]((ŷ,y), c), (t,u)⟩ = d/dh Σ c·ℓ((ŷ,y) + h(t,u)) by
 * central differences, and the closed forms of the loss table (docs/architecture.md).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lower, lowerLens, real, z2 } from '../../core';
import { createTypedEngine } from '../../engines';
import { fcSeed } from '../../testing/seed';
import { type LossKind, lossDiagram } from './index';

const seed = fcSeed();

const B = 3;
const N = 4;
const f64 = (data: number[], shape: number[]) => ({ shape, data: Float64Array.from(data) });

function lens(kind: LossKind) {
  const d = lossDiagram(kind, real([N]));
  const fwd = createTypedEngine(lower(d), { dtype: 'float64' });
  const rev = createTypedEngine(lowerLens(d), { dtype: 'float64' });
  const value = (yhat: number[], y: number[]) => Array.from(fwd.run([f64(yhat, [B, N]), f64(y, [B, N])])[0].data);
  const run = (yhat: number[], y: number[], c: number[]) => {
    const [l, dyhat, dy] = rev.run([f64(yhat, [B, N]), f64(y, [B, N]), f64(c, [B])]).map((t) => Array.from(t.data));
    return { l, dyhat, dy };
  };
  return { value, run };
}

const vec = (n: number, lo = -3, hi = 3) =>
  fc.array(fc.double({ min: lo, max: hi, noNaN: true }), { minLength: n, maxLength: n });
const sample = fc.record({
  yhat: vec(B * N),
  y: vec(B * N, 0, 1),
  c: vec(B, -2, 2),
  t: vec(B * N, -1, 1),
  u: vec(B * N, -1, 1),
});
const dotp = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i], 0);
const rows = (a: number[]) => Array.from({ length: B }, (_, r) => a.slice(r * N, (r + 1) * N));
const softmax = (z: number[]) => {
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const s = e.reduce((a, v) => a + v, 0);
  return e.map((v) => v / s);
};
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** R[ℓ] → (ŷ', y') for one example, given its change a. */
const closed: Record<Exclude<LossKind, 'z2-xor'>, (z: number[], y: number[], a: number) => [number[], number[]]> = {
  mse: (z, y, a) => [z.map((v, i) => a * (v - y[i])), z.map((v, i) => a * (y[i] - v))],
  'mse-mean': (z, y, a) => [z.map((v, i) => ((2 * a) / N) * (v - y[i])), z.map((v, i) => ((2 * a) / N) * (y[i] - v))],
  'softmax-cross-entropy': (z, y, a) => {
    const s = softmax(z);
    const mass = y.reduce((p, v) => p + v, 0);
    return [s.map((v, i) => a * (v * mass - y[i])), s.map((v) => -a * Math.log(v))];
  },
  'binary-cross-entropy': (z, y, a) => [z.map((v, i) => a * (sigmoid(v) - y[i])), z.map((v) => -a * v)],
  dot: (z, y, a) => [y.map((v) => a * v), z.map((v) => a * v)],
};

describe('losses: R[ℓ] from rdiff', () => {
  for (const kind of Object.keys(closed) as (keyof typeof closed)[]) {
    it(`${kind}: finite differences and the closed form`, () => {
      const { value, run } = lens(kind);
      fc.assert(
        fc.property(sample, ({ yhat, y, c, t, u }) => {
          const { dyhat, dy } = run(yhat, y, c);
          const h = 1e-5;
          const at = (s: number) =>
            value(
              yhat.map((v, i) => v + s * t[i]),
              y.map((v, i) => v + s * u[i]),
            );
          const fd = (dotp(c, at(h)) - dotp(c, at(-h))) / (2 * h);
          expect(dotp(dyhat, t) + dotp(dy, u)).toBeCloseTo(fd, 5);
          rows(yhat).forEach((z, r) => {
            const [ez, ey] = closed[kind](z, rows(y)[r], c[r]);
            expect(rows(dyhat)[r]).toEqual(ez.map((v) => expect.closeTo(v, 9)));
            expect(rows(dy)[r]).toEqual(ey.map((v) => expect.closeTo(v, 9)));
          });
        }),
        { seed, numRuns: 30 },
      );
    });
  }

  it('softmax cross-entropy stays finite on logits far apart', () => {
    const { value, run } = lens('softmax-cross-entropy');
    const yhat = [1000, 0, -1000, 5, -800, 900, 0, 0, 3, 3, 3, 3];
    const y = [0, 0, 1, 0, 1, 0, 0, 0, 0.25, 0.25, 0.25, 0.25];
    expect(value(yhat, y)).toEqual([2000, 1700, Math.log(4)].map((v) => expect.closeTo(v, 9)));
    const { dyhat } = run(yhat, y, [1, 1, 1]);
    expect(dyhat.every(Number.isFinite)).toBe(true);
    expect(dyhat.slice(0, 4)).toEqual([1, 0, -1, 0].map((v) => expect.closeTo(v, 9)));
  });

  it('ℤ₂ xor: the loss is ŷ ⊕ y and R[ℓ] = (α, α)', () => {
    const d = lossDiagram('z2-xor', z2([N]));
    const engine = createTypedEngine(lowerLens(d), { dtype: 'float64' });
    const yhat = [1, 0, 1, 0];
    const y = [1, 1, 0, 0];
    const c = [1, 0, 0, 1];
    const [l, dyhat, dy] = engine
      .run([f64(yhat, [1, N]), f64(y, [1, N]), f64(c, [1, N])])
      .map((x) => Array.from(x.data));
    expect(l).toEqual([0, 1, 1, 0]);
    expect(dyhat).toEqual(c);
    expect(dy).toEqual(c);
  });
});
