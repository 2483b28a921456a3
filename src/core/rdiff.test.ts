/**
 * rdiff against the axioms of a reverse derivative category, numerically on random diagrams:
 * RD.1 (R of a sum), RD.2 (additivity in the change), RD.3 (structure), RD.4 (pairing),
 * RD.5 (the chain rule, as rdiff(f ; g) against the composite of R[f] and R[g]), RD.6 (R[f]
 * is linear in the change: reversing it in the change gives back J·t, whatever the change),
 * RD.7 (symmetric second derivative via R[R[f]]), and the inner-product check on composites.
 * The diagrams include relu and leaky relu; finite differences are taken away from their kinks.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { randomDiagram, randomDom } from '../testing/arbitrary';
import { awayFromKinks, drawPoint, innerProductCheck } from '../testing/checks';
import { agree, pairing, plus } from '../testing/laws';
import { axpy, dot, evaluate, jvp, randomInputs, randomValue, scaleValues, type Value } from '../testing/numeric';
import { fcSeed } from '../testing/seed';
import { DiagramBuilder } from './builder';
import { andThen, box, cod, copy, discard, dom, id, swap, tensor, tensorAll } from './compose';
import { mulberry32 } from './init';
import { rdiff } from './rdiff';
import { real, type WireType } from './wire';

const seed = fcSeed();
const runs = { seed, numRuns: 40 };
const arbSeed = fc.integer({ min: 0, max: 2 ** 31 - 1 });
const values = (rng: () => number, ts: readonly WireType[]) => ts.map((t) => randomValue(rng, t));

/**
 * A random f (relu and leaky relu included) and a point x with a change dy of its outputs; x is
 * kept away from the kinks, where finite differences measure the derivative (undefined if no
 * such point was found: the case is then skipped by fc.pre).
 */
function sample(s: number) {
  const rng = mulberry32(s);
  const f = randomDiagram(rng, randomDom(rng), { kinks: true });
  const x = drawPoint(() => randomInputs(rng, f), awayFromKinks(f));
  fc.pre(x !== undefined);
  return { rng, f, x: x as Value[], dy: values(rng, cod(f)) };
}

describe('RD axioms on random diagrams', () => {
  test('RD.1: R[f + g] = R[f] + R[g]', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const { rng, f, x, dy } = sample(s);
        const pointwise = cod(f).map((t) => box(['tanh', 'sigmoid', 'softplus', 'negate'][Math.floor(rng() * 4)], [t]));
        const g = andThen(f, tensorAll(id([]), ...pointwise));
        const sum = axpy(1, evaluate(rdiff(f), [...x, ...dy]), evaluate(rdiff(g), [...x, ...dy]));
        return agree(evaluate(rdiff(plus(f, g)), [...x, ...dy]), sum);
      }),
      runs,
    );
  });

  test('RD.2: R[f](x, a·d₁ + b·d₂) = a·R[f](x, d₁) + b·R[f](x, d₂), and R[f](x, 0) = 0', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const { rng, f, x, dy } = sample(s);
        const r = rdiff(f);
        const d2 = values(rng, cod(f));
        const mixed = axpy(0.7, dy, scaleValues(-1.3, d2));
        const lhs = evaluate(r, [...x, ...mixed]);
        const rhs = axpy(0.7, evaluate(r, [...x, ...dy]), scaleValues(-1.3, evaluate(r, [...x, ...d2])));
        const zero = evaluate(r, [...x, ...scaleValues(0, dy)]);
        return agree(lhs, rhs, 1e-9) && zero.every((v) => v.data.every((e) => e === 0));
      }),
      runs,
    );
  });

  test('RD.3: R[id] = π₂, R[Δ] adds, R[!] = 0, R[σ] swaps, R[f ⊗ g] = R[f] ⊗ R[g]', () => {
    const rng = mulberry32(seed);
    const [a, b] = [real([3]), real([2])];
    const [x, y, d, e] = [randomValue(rng, a), randomValue(rng, b), randomValue(rng, a), randomValue(rng, b)];
    expect(evaluate(rdiff(id([a])), [x, d])).toEqual([d]);
    expect(evaluate(rdiff(swap(a, b)), [x, y, e, d])).toEqual([d, e]);
    expect(evaluate(rdiff(copy(a)), [x, d, d])[0].data).toEqual(d.data.map((v) => 2 * v));
    expect(evaluate(rdiff(discard(a)), [x])[0].data.every((v) => v === 0)).toBe(true);
    fc.assert(
      fc.property(arbSeed, (s) => {
        const { rng: r2, f, x: xs, dy } = sample(s);
        const g = randomDiagram(r2, randomDom(r2), { kinks: true });
        const [xg, dg] = [randomInputs(r2, g), values(r2, cod(g))];
        const lhs = evaluate(rdiff(tensor(f, g)), [...xs, ...xg, ...dy, ...dg]);
        return agree(lhs, [...evaluate(rdiff(f), [...xs, ...dy]), ...evaluate(rdiff(g), [...xg, ...dg])]);
      }),
      runs,
    );
  });

  test('RD.4: R[⟨f, g⟩](x, (a, b)) = R[f](x, a) + R[g](x, b)', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const { rng, f, x, dy } = sample(s);
        const g = randomDiagram(rng, dom(f), { kinks: true });
        const dg = values(rng, cod(g));
        const lhs = evaluate(rdiff(pairing(f, g)), [...x, ...dy, ...dg]);
        return agree(lhs, axpy(1, evaluate(rdiff(f), [...x, ...dy]), evaluate(rdiff(g), [...x, ...dg])));
      }),
      runs,
    );
  });

  test('RD.5: rdiff(f ; g)(x, d) = R[f](x, R[g](f(x), d))', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const { rng, f, x } = sample(s);
        const g = randomDiagram(rng, cod(f), { kinks: true });
        const d = values(rng, cod(g));
        const lhs = evaluate(rdiff(andThen(f, g)), [...x, ...d]);
        const dMid = evaluate(rdiff(g), [...evaluate(f, x), ...d]);
        return agree(lhs, evaluate(rdiff(f), [...x, ...dMid]));
      }),
      runs,
    );
  });

  test('RD.6: reversing R[f] in its change gives J·t, whatever the change', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const { rng, f, x, dy } = sample(s);
        const rr = rdiff(rdiff(f));
        const t = values(rng, dom(f));
        const jt = jvp(f, x, t);
        const tail = (vs: Value[]) => vs.slice(x.length);
        const a = tail(evaluate(rr, [...x, ...dy, ...t]));
        const b = tail(evaluate(rr, [...x, ...scaleValues(0, dy), ...t]));
        return agree(a, jt, 1e-5) && agree(a, b, 1e-9);
      }),
      runs,
    );
  });

  test('RD.7: second derivatives are symmetric: ⟨π₁R[R[f]]((x, d), u), v⟩ = ⟨π₁R[R[f]]((x, d), v), u⟩', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const { rng, f, x, dy } = sample(s);
        const rr = rdiff(rdiff(f));
        const [u, v] = [values(rng, dom(f)), values(rng, dom(f))];
        const head = (vs: Value[]) => vs.slice(0, x.length);
        const uv = dot(head(evaluate(rr, [...x, ...dy, ...u])), v);
        const vu = dot(head(evaluate(rr, [...x, ...dy, ...v])), u);
        return Math.abs(uv - vu) <= 1e-9 * (1 + Math.abs(uv));
      }),
      runs,
    );
  });

  test('the inner-product check holds on random composites, relu and leaky relu included', () => {
    fc.assert(
      fc.property(arbSeed, (s) => {
        const rng = mulberry32(s);
        const f = randomDiagram(rng, randomDom(rng), { kinks: true });
        return innerProductCheck(f, rng, { points: 2, directions: 2, accept: awayFromKinks(f) }) < 1e-6;
      }),
      runs,
    );
  });
});

describe('residuals', () => {
  test('a chain of N sigmoids lowers to exactly N sigmoid steps, forward and reverse together', async () => {
    const { lowerLens } = await import('./program');
    for (const n of [1, 10, 200]) {
      const b = new DiagramBuilder();
      let w = b.input(real([4]));
      for (let i = 0; i < n; i++) w = b.op('sigmoid', [w]);
      b.output(w);
      const p = lowerLens(b.build());
      expect(p.steps.filter((s) => s.gen === 'sigmoid').length).toBe(n);
      expect(p.steps.filter((s) => s.gen === 'sigmoid').every((s) => s.pass === 'forward')).toBe(true);
    }
  });
});
